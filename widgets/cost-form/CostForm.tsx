import { useState } from 'react';
import { type AmountWords, readAmount } from '../../src/core/money-input';
import amountMessages from '../../src/core/money-input.messages';
import { formAction } from '../../src/core/safe-url';
import { useWords } from '../../src/runtime/words';
import { CsrfField } from '../../src/ui/CsrfField';
import { SelectField, TextareaField, TextField } from '../../src/ui/Field';
import { SubmitButton } from '../../src/ui/SubmitButton';
import { useSubmitCheck } from '../../src/ui/useSubmitCheck';
import { InvoiceField } from './InvoiceField';
import { useInvoiceCheck } from './invoice-check';
import messages from './messages';

/** fm-cost-form's words (messages.json beside it, docs/words.md). */
export type CostFormWords = (typeof messages)['costForm'];

export interface CostFormProps {
  jobId: number;
  /** The host's action URL; `/costs/add/{jobId}` by default. */
  action?: string;
}

/**
 * The host's field names (CakePHP `Cost.invoice_number` etc.; see README), each amount's with its
 * label's key.
 */
export const COST_FIELDS = {
  jobId: 'Cost[job_id]',
  costTypeId: 'Cost[cost_type_id]',
  invoiceNumber: 'Cost[invoice_number]',
  description: 'Cost[description]',
  amounts: [
    ['Cost[labour]', 'labour'],
    ['Cost[materials]', 'materials'],
    ['Cost[other]', 'other'],
  ],
} as const;

/** The host's cost types a cost can be added as (Cost.cost_type_id). */
const COST_TYPES = [
  { value: 1, word: 'typeCost' },
  { value: 3, word: 'typeQuote' },
] as const;

type AmountName = (typeof COST_FIELDS.amounts)[number][0];
/** The fields the form checks, by their host names. */
type CheckedField = typeof COST_FIELDS.description | AmountName;

/**
 * What stops the form, field by field, in `words`: a description, amounts of 0 or more in pounds
 * and pence, and at least one above 0 (the reference host refuses the same).
 */
export function costProblems(
  description: string,
  amounts: Readonly<Record<string, string>>,
  words: CostFormWords,
  amountWords: AmountWords = amountMessages.amount,
): Partial<Record<CheckedField, string>> {
  const problems: Partial<Record<CheckedField, string>> = {};
  if (description.trim() === '') problems[COST_FIELDS.description] = words.descriptionRequired();
  let total = 0;
  for (const [name] of COST_FIELDS.amounts) {
    const reading = readAmount(amounts[name] ?? '', { words: amountWords });
    if (reading.ok) total += Number(reading.text);
    else problems[name] = reading.error;
  }
  const [[first]] = COST_FIELDS.amounts;
  const amountsRead = COST_FIELDS.amounts.every(([name]) => problems[name] === undefined);
  if (amountsRead && total <= 0) problems[first] = words.amountRequired();
  return problems;
}

/**
 * The cost add form (docs/requirements.md §2, §5): the invoice number is checked for a duplicate on
 * the job when it is left (if longer than 2 characters), amounts are written with 2 decimals when
 * left, and the form posts natively to the host, showing 'Saving...' and never sending twice.
 */
export function CostForm({ jobId, action }: CostFormProps) {
  const words = useWords(messages).costForm;
  const amountWords = useWords(amountMessages).amount;
  const invoiceCheck = useInvoiceCheck(jobId);
  const [costType, setCostType] = useState<number>(COST_TYPES[0].value);
  const [description, setDescription] = useState('');
  const [invoice, setInvoice] = useState('');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  /** The amounts left with a problem (checked when left, as they are written with 2 decimals). */
  const [leftWrong, setLeftWrong] = useState<ReadonlySet<AmountName>>(new Set());
  /** Once a send was held back, every field shows its problem until it is put right. */
  const [triedToSend, setTriedToSend] = useState(false);

  const problems = costProblems(description, amounts, words, amountWords);
  const shownError = (name: CheckedField) =>
    triedToSend || leftWrong.has(name as AmountName) ? (problems[name] ?? null) : null;

  function formatAmount(name: AmountName) {
    const reading = readAmount(amounts[name] ?? '');
    if (reading.ok) setAmounts((values) => ({ ...values, [name]: reading.text }));
    setLeftWrong((names) => {
      const next = new Set(names);
      if (reading.ok) next.delete(name);
      else next.add(name);
      return next;
    });
  }

  /** The form is sent only when nothing stops it, a duplicate invoice number included. */
  const submitCheck = useSubmitCheck(() => {
    const wrong = invoiceCheck.error !== null || Object.keys(problems).length > 0;
    if (wrong) setTriedToSend(true);
    return wrong;
  });

  return (
    <form
      {...submitCheck}
      className="fm-cost-form"
      method="post"
      action={formAction(action, `/costs/add/${jobId}`)}
    >
      <CsrfField />
      <input type="hidden" name={COST_FIELDS.jobId} value={jobId} />
      <SelectField
        label={words.type()}
        name={COST_FIELDS.costTypeId}
        options={COST_TYPES.map(({ value, word }) => ({ value, label: words[word]() }))}
        value={costType}
        onChange={(value) => setCostType(value ?? COST_TYPES[0].value)}
      />
      <InvoiceField
        name={COST_FIELDS.invoiceNumber}
        value={invoice}
        onChange={setInvoice}
        checker={invoiceCheck}
      />
      <TextareaField
        label={words.description()}
        name={COST_FIELDS.description}
        value={description}
        error={shownError(COST_FIELDS.description)}
        onChange={setDescription}
        required
      />
      {COST_FIELDS.amounts.map(([name, label]) => (
        <TextField
          key={name}
          label={words[label]()}
          inputClassName="fm-amount"
          inputMode="decimal"
          name={name}
          value={amounts[name] ?? ''}
          error={shownError(name)}
          onChange={(value) => setAmounts((values) => ({ ...values, [name]: value }))}
          onBlur={() => formatAmount(name)}
        />
      ))}
      <SubmitButton>{words.save()}</SubmitButton>
    </form>
  );
}
