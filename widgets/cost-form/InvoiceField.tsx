import { Field } from '../../src/ui/Field';
import type { InvoiceChecker } from './invoice-check';

export interface InvoiceFieldProps {
  name: string;
  value: string;
  onChange(value: string): void;
  checker: InvoiceChecker;
}

/** What the field says while the number is checked, or why it could not be, with Check again. */
function CheckHint({ checker }: { checker: InvoiceChecker }) {
  const { check } = checker;
  if (check.state === 'checking') return 'Checking the invoice number…';
  if (check.state !== 'failed') return null;
  return (
    <>
      The invoice number could not be checked: {check.message}{' '}
      <button
        type="button"
        className="btn btn-link btn-sm fm-cost-form__recheck"
        onClick={checker.retry}
      >
        Check again
      </button>
    </>
  );
}

/** The invoice number, checked for a duplicate on the job when it is left. */
export function InvoiceField({ name, value, onChange, checker }: InvoiceFieldProps) {
  const hinted = checker.check.state === 'checking' || checker.check.state === 'failed';
  return (
    <Field
      label="Invoice number"
      error={checker.error}
      hint={hinted && <CheckHint checker={checker} />}
    >
      {(control) => (
        <input
          {...control}
          type="text"
          name={name}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            checker.edited();
          }}
          onBlur={(event) => checker.left(event.target.value)}
        />
      )}
    </Field>
  );
}
