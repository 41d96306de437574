import { useState } from 'react';
import { type AmountWords, readAmount } from '../../src/core/money-input';
import amountMessages from '../../src/core/money-input.messages';
import { formAction } from '../../src/core/safe-url';
import { useWords } from '../../src/runtime/words';
import { CsrfField } from '../../src/ui/CsrfField';
import { CheckboxField, TextField } from '../../src/ui/Field';
import { SubmitButton } from '../../src/ui/SubmitButton';
import { useSubmitCheck } from '../../src/ui/useSubmitCheck';
import messages from './messages';

export interface UserFormProps {
  userId: number;
  /** The host's action URL; `/users/edit/{userId}` by default. */
  action?: string;
  name?: string;
  email?: string;
  authorisationQuote?: number;
  capexApprover: boolean;
}

/** The host's field names (CakePHP `User.authorisation_quote` etc.; see README). */
export const USER_FIELDS = {
  id: 'User[id]',
  name: 'User[name]',
  email: 'User[email]',
  authorisationQuote: 'User[authorisation_quote]',
  capexApprover: 'User[capex_approver]',
} as const;

type UserFormWords = (typeof messages)['userForm'];

/** The host's check of an email address (demo/server/routes/forms.ts): something@somewhere. */
const EMAIL = /^[^@\s]+@[^@\s]+$/;

type CheckedField = 'name' | 'email' | 'authorisationQuote';

/** A limit is taken as typed: '10000.555' is refused, never rounded to another limit. */
const EXACT = { exactPence: true };

/**
 * What stops the form, field by field, in the order of the form, in `words`; an amount's problem
 * is money-input.ts's.
 */
export function userProblems(
  name: string,
  email: string,
  authorisation: string,
  words: UserFormWords,
  amountWords: AmountWords = amountMessages.amount,
): Partial<Record<CheckedField, string>> {
  const problems: Partial<Record<CheckedField, string>> = {};
  if (name.trim() === '') problems.name = words.nameRequired();
  if (!EMAIL.test(email.trim())) problems.email = words.emailInvalid();
  const reading = readAmount(authorisation, { ...EXACT, words: amountWords });
  if (!reading.ok) problems.authorisationQuote = reading.error;
  return problems;
}

/**
 * The user form (docs/requirements.md §2, §4): name, email, quote authorisation value and the capex
 * approver checkbox, which is disabled and cleared while the value is 0. A value that is not an
 * amount, or is negative, is refused under the field and leaves the checkbox as it was. The form
 * checks itself (no browser bubbles) and posts natively to the host.
 */
export function UserForm({
  userId,
  action,
  name: initialName = '',
  email: initialEmail = '',
  authorisationQuote = 0,
  capexApprover,
}: UserFormProps) {
  const words = useWords(messages).userForm;
  const amountWords = useWords(amountMessages).amount;
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState(initialEmail);
  const [authorisation, setAuthorisation] = useState(authorisationQuote.toFixed(2));
  const [capex, setCapex] = useState(capexApprover && authorisationQuote > 0);
  /** The fields whose problem shows: the amount once left, every field once a send was held back. */
  const [shown, setShown] = useState<ReadonlySet<CheckedField>>(new Set());
  const problems = userProblems(name, email, authorisation, words, amountWords);
  const shownError = (field: CheckedField) => (shown.has(field) ? (problems[field] ?? null) : null);
  const reading = readAmount(authorisation, EXACT);
  // docs/requirements.md §4: the box goes with a value of 0; one that is not a value yet leaves it
  // as it was.
  const capexAllowed = !reading.ok || Number(reading.text) > 0;

  // While a value is typed the box is only disabled (an emptied field on the way to a new value
  // must not untick it); a value of 0 left in the field clears it. A disabled box is not sent.
  function formatAuthorisation() {
    setShown((fields) => new Set(fields).add('authorisationQuote'));
    if (!reading.ok) return;
    setAuthorisation(reading.text === '' ? '0.00' : reading.text);
    if (!(Number(reading.text) > 0)) setCapex(false);
  }

  /** The form is sent only when nothing stops it; else every problem shows under its field. */
  const submitCheck = useSubmitCheck(() => {
    const wrong = Object.keys(problems) as CheckedField[];
    if (wrong.length > 0) setShown(new Set(wrong));
    return wrong.length > 0;
  });

  return (
    <form
      {...submitCheck}
      className="fm-user-form"
      method="post"
      action={formAction(action, `/users/edit/${userId}`)}
    >
      <CsrfField />
      <input type="hidden" name={USER_FIELDS.id} value={userId} />
      <TextField
        label={words.name()}
        name={USER_FIELDS.name}
        value={name}
        error={shownError('name')}
        onChange={setName}
        autoComplete="name"
        required
      />
      <TextField
        label={words.email()}
        type="email"
        name={USER_FIELDS.email}
        value={email}
        error={shownError('email')}
        onChange={setEmail}
        autoComplete="email"
        required
      />
      <TextField
        label={words.authorisationQuote()}
        inputClassName="fm-amount"
        inputMode="decimal"
        name={USER_FIELDS.authorisationQuote}
        value={authorisation}
        hint={words.authorisationHint()}
        error={shownError('authorisationQuote')}
        onChange={setAuthorisation}
        onBlur={formatAuthorisation}
      />
      <CheckboxField
        label={words.capexApprover()}
        name={USER_FIELDS.capexApprover}
        value="1"
        uncheckedValue="0"
        checked={capex}
        disabled={!capexAllowed}
        hint={capexAllowed ? undefined : words.capexNeedsAuthorisation()}
        onChange={setCapex}
      />
      <SubmitButton>{words.save()}</SubmitButton>
    </form>
  );
}
