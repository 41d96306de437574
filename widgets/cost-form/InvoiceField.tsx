import { useWords } from '../../src/runtime/words';
import { Field } from '../../src/ui/Field';
import type { InvoiceChecker } from './invoice-check';
import messages from './messages';

export interface InvoiceFieldProps {
  name: string;
  value: string;
  onChange(value: string): void;
  checker: InvoiceChecker;
}

/** What the field says while the number is checked, or why it could not be, with Check again. */
function CheckHint({ checker }: { checker: InvoiceChecker }) {
  const words = useWords(messages).costForm;
  const { check } = checker;
  if (check.state === 'checking') return words.checking();
  if (check.state !== 'failed') return null;
  return (
    <>
      {words.checkFailed(check.message)}{' '}
      <button
        type="button"
        className="btn btn-link btn-sm fm-cost-form__recheck"
        onClick={checker.retry}
      >
        {words.checkAgain()}
      </button>
    </>
  );
}

/** The invoice number, checked for a duplicate on the job when it is left. */
export function InvoiceField({ name, value, onChange, checker }: InvoiceFieldProps) {
  const words = useWords(messages).costForm;
  const hinted = checker.check.state === 'checking' || checker.check.state === 'failed';
  return (
    <Field
      label={words.invoiceNumber()}
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
