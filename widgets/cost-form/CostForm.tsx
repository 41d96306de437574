import { type FormEvent, useRef, useState } from 'react';
import { duplicateInvoicePath, parseDuplicateInvoice } from '../../src/core/contract';
import { errorText } from '../../src/core/error-text';
import { DUPLICATE_INVOICE } from '../../src/core/job-messages';
import { INVALID_AMOUNT, toTwoDecimals } from '../../src/core/money-input';
import { formAction } from '../../src/core/safe-url';
import { ApiError, apiFor, isAbort, UNREADABLE } from '../../src/runtime/api';
import { useConfig, useHost } from '../../src/runtime/define';
import { CsrfField } from '../../src/ui/CsrfField';
import { Field, SelectField, TextareaField, TextField } from '../../src/ui/Field';
import { SubmitButton } from '../../src/ui/SubmitButton';

export interface CostFormProps {
  jobId: number;
  /** The host's action URL; `/costs/add/{jobId}` by default. */
  action?: string;
}

/** SPEC §5: the duplicate check runs only for invoice numbers of at least this length (over 2). */
export const INVOICE_CHECK_MIN_LENGTH = 3;

/** The host's field names (CakePHP `Cost.invoice_number` etc.; see README). */
export const COST_FIELDS = {
  jobId: 'Cost[job_id]',
  costTypeId: 'Cost[cost_type_id]',
  invoiceNumber: 'Cost[invoice_number]',
  description: 'Cost[description]',
  amounts: [
    ['Cost[labour]', 'Labour (£)'],
    ['Cost[materials]', 'Materials (£)'],
    ['Cost[other]', 'Other (£)'],
  ],
} as const;

/** The host's cost types a cost can be added as (Cost.cost_type_id). */
const COST_TYPES = [
  { value: 1, label: 'Cost' },
  { value: 3, label: 'Quote' },
] as const;

type InvoiceCheck = 'idle' | 'checking' | 'unique' | 'duplicate' | 'failed';

/**
 * The cost add form (SPEC §2, §5): the invoice number is checked for a duplicate on the job when
 * it is left (if longer than 2 characters), amounts are written with 2 decimals when left, and
 * the form posts natively to the host, showing 'Saving...' and never sending twice.
 */
export function CostForm({ jobId, action }: CostFormProps) {
  const { signal } = useHost();
  const api = apiFor(useConfig());
  const [costType, setCostType] = useState<number>(COST_TYPES[0].value);
  const [description, setDescription] = useState('');
  const [invoice, setInvoice] = useState('');
  const [check, setCheck] = useState<InvoiceCheck>('idle');
  const [checkError, setCheckError] = useState('');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [amountErrors, setAmountErrors] = useState<Record<string, string>>({});
  const invoiceInput = useRef<HTMLInputElement>(null);
  const checked = useRef<AbortController | null>(null);

  async function checkInvoice(value: string) {
    checked.current?.abort();
    const trimmed = value.trim();
    if (trimmed.length < INVOICE_CHECK_MIN_LENGTH) {
      setCheck('idle');
      return;
    }
    const controller = new AbortController();
    checked.current = controller;
    const stop = () => controller.abort();
    signal.addEventListener('abort', stop, { once: true });
    setCheck('checking');
    try {
      const body = await api.getText(duplicateInvoicePath(trimmed, jobId), {
        signal: controller.signal,
      });
      const duplicate = parseDuplicateInvoice(body);
      if (duplicate === null) throw new ApiError('malformed', [UNREADABLE]);
      setCheck(duplicate ? 'duplicate' : 'unique');
    } catch (error) {
      if (isAbort(error)) return;
      setCheckError(errorText(error));
      setCheck('failed');
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  function formatAmount(name: string) {
    const formatted = toTwoDecimals(amounts[name] ?? '');
    if (formatted === null) {
      setAmountErrors((errors) => ({ ...errors, [name]: INVALID_AMOUNT }));
      return;
    }
    setAmounts((values) => ({ ...values, [name]: formatted }));
    setAmountErrors(({ [name]: _gone, ...errors }) => errors);
  }

  function holdBackInvalid(event: FormEvent<HTMLFormElement>) {
    const badAmount = Object.keys(amountErrors)[0];
    if (check === 'duplicate' || badAmount) {
      event.preventDefault();
      if (check === 'duplicate') invoiceInput.current?.focus();
      else event.currentTarget.querySelector<HTMLInputElement>(`[name="${badAmount}"]`)?.focus();
    }
  }

  const invoiceError = check === 'duplicate' ? DUPLICATE_INVOICE : null;

  return (
    <form
      className="fm-cost-form"
      method="post"
      action={formAction(action, `/costs/add/${jobId}`)}
      onSubmit={holdBackInvalid}
    >
      <CsrfField />
      <input type="hidden" name={COST_FIELDS.jobId} value={jobId} />
      <SelectField
        label="Type"
        name={COST_FIELDS.costTypeId}
        options={COST_TYPES}
        value={costType}
        onChange={(value) => setCostType(value ?? COST_TYPES[0].value)}
      />
      <Field
        label="Invoice number"
        error={invoiceError}
        hint={
          check === 'checking'
            ? 'Checking the invoice number…'
            : check === 'failed' && (
                <>
                  The invoice number could not be checked: {checkError}{' '}
                  <button
                    type="button"
                    className="btn btn-link btn-sm fm-cost-form__recheck"
                    onClick={() => void checkInvoice(invoice)}
                  >
                    Check again
                  </button>
                </>
              )
        }
      >
        {(control) => (
          <input
            {...control}
            ref={invoiceInput}
            type="text"
            name={COST_FIELDS.invoiceNumber}
            value={invoice}
            onChange={(event) => {
              setInvoice(event.target.value);
              if (check !== 'idle') setCheck('idle');
            }}
            onBlur={(event) => void checkInvoice(event.target.value)}
          />
        )}
      </Field>
      <TextareaField
        label="Description"
        name={COST_FIELDS.description}
        value={description}
        onChange={setDescription}
        required
      />
      {COST_FIELDS.amounts.map(([name, label]) => (
        <TextField
          key={name}
          label={label}
          inputClassName="fm-amount"
          inputMode="decimal"
          name={name}
          value={amounts[name] ?? ''}
          error={amountErrors[name]}
          onChange={(value) => setAmounts((values) => ({ ...values, [name]: value }))}
          onBlur={() => formatAmount(name)}
        />
      ))}
      <SubmitButton>Save cost</SubmitButton>
    </form>
  );
}
