import { type FormEvent, useId, useRef, useState } from 'react';
import { apiFor, isAbort } from '../../src/core/api';
import { duplicateInvoicePath, parseDuplicateInvoice } from '../../src/core/contract';
import { useConfig, useHost } from '../../src/core/define';
import { INVALID_AMOUNT, toTwoDecimals } from '../../src/core/money-input';
import { CsrfField } from '../../src/ui/CsrfField';
import { SubmitButton } from '../../src/ui/SubmitButton';

export interface CostFormProps {
  jobId: number;
  /** The host's action URL; `/costs/add/{jobId}` by default. */
  action?: string;
}

/** SPEC §5: the duplicate check runs only for invoice numbers longer than this. */
export const INVOICE_CHECK_MIN_LENGTH = 3;
/** SPEC §5, §8. */
export const DUPLICATE_INVOICE = 'Duplicate Invoice Number';

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

type InvoiceCheck = 'idle' | 'checking' | 'unique' | 'duplicate' | 'failed';

/**
 * The cost add form (SPEC §2, §5): the invoice number is checked for a duplicate on the job when
 * it is left (if longer than 2 characters), amounts are written with 2 decimals when left, and
 * the form posts natively to the host, showing 'Saving...' and never sending twice.
 */
export function CostForm({ jobId, action }: CostFormProps) {
  const { signal } = useHost();
  const api = apiFor(useConfig());
  const id = useId();
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
      setCheck(parseDuplicateInvoice(body) ? 'duplicate' : 'unique');
    } catch (error) {
      if (isAbort(error)) return;
      setCheckError((error as Error).message);
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
      action={action ?? `/costs/add/${jobId}`}
      onSubmit={holdBackInvalid}
    >
      <CsrfField />
      <input type="hidden" name={COST_FIELDS.jobId} value={jobId} />
      <div className="fm-field">
        <label className="fm-label" htmlFor={`${id}type`}>
          Type
        </label>
        <select
          id={`${id}type`}
          className="fm-input form-control"
          name={COST_FIELDS.costTypeId}
          defaultValue="1"
        >
          <option value="1">Cost</option>
          <option value="3">Quote</option>
        </select>
      </div>
      <div className="fm-field">
        <label className="fm-label" htmlFor={`${id}invoice`}>
          Invoice number
        </label>
        <input
          ref={invoiceInput}
          id={`${id}invoice`}
          className={`fm-input form-control${invoiceError ? ' is-invalid' : ''}`}
          type="text"
          name={COST_FIELDS.invoiceNumber}
          value={invoice}
          aria-invalid={invoiceError ? true : undefined}
          aria-describedby={`${id}invoice-message`}
          onChange={(event) => {
            setInvoice(event.target.value);
            if (check !== 'idle') setCheck('idle');
          }}
          onBlur={(event) => void checkInvoice(event.target.value)}
        />
        <p
          id={`${id}invoice-message`}
          className={invoiceError ? 'fm-field-error invalid-feedback' : 'fm-field-note'}
          role={invoiceError ? 'alert' : undefined}
        >
          {invoiceError ??
            (check === 'checking'
              ? 'Checking the invoice number…'
              : check === 'failed'
                ? `The invoice number could not be checked: ${checkError}`
                : '')}
        </p>
      </div>
      <div className="fm-field">
        <label className="fm-label" htmlFor={`${id}description`}>
          Description
        </label>
        <textarea
          id={`${id}description`}
          className="fm-input form-control"
          name={COST_FIELDS.description}
          rows={3}
          required
        />
      </div>
      {COST_FIELDS.amounts.map(([name, label]) => (
        <div className="fm-field" key={name}>
          <label className="fm-label" htmlFor={`${id}${name}`}>
            {label}
          </label>
          <input
            id={`${id}${name}`}
            className={`fm-input form-control fm-amount${amountErrors[name] ? ' is-invalid' : ''}`}
            type="text"
            inputMode="decimal"
            name={name}
            value={amounts[name] ?? ''}
            aria-invalid={amountErrors[name] ? true : undefined}
            aria-describedby={amountErrors[name] ? `${id}${name}-error` : undefined}
            onChange={(event) =>
              setAmounts((values) => ({ ...values, [name]: event.target.value }))
            }
            onBlur={() => formatAmount(name)}
          />
          {amountErrors[name] && (
            <p className="fm-field-error invalid-feedback" id={`${id}${name}-error`}>
              {amountErrors[name]}
            </p>
          )}
        </div>
      ))}
      <SubmitButton>Save cost</SubmitButton>
    </form>
  );
}
