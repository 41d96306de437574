import { useState } from 'react';
import { readAmount } from '../../src/core/money-input';
import { formAction } from '../../src/core/safe-url';
import { CsrfField } from '../../src/ui/CsrfField';
import { CheckboxField, TextField } from '../../src/ui/Field';
import { SubmitButton } from '../../src/ui/SubmitButton';
import { useSubmitCheck } from '../../src/ui/useSubmitCheck';

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

export const NAME_REQUIRED = 'Enter the user’s name';
export const EMAIL_INVALID = 'Enter an email address, for example name@example.com';

/** The host's check of an email address (demo/server/routes/forms.ts): something@somewhere. */
const EMAIL = /^[^@\s]+@[^@\s]+$/;

type CheckedField = 'name' | 'email' | 'authorisationQuote';

/** A limit is taken as typed: '10000.555' is refused, never rounded to another limit. */
const EXACT = { exactPence: true };

/** What stops the form, field by field, in the order of the form. */
export function userProblems(
  name: string,
  email: string,
  authorisation: string,
): Partial<Record<CheckedField, string>> {
  const problems: Partial<Record<CheckedField, string>> = {};
  if (name.trim() === '') problems.name = NAME_REQUIRED;
  if (!EMAIL.test(email.trim())) problems.email = EMAIL_INVALID;
  const reading = readAmount(authorisation, EXACT);
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
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState(initialEmail);
  const [authorisation, setAuthorisation] = useState(authorisationQuote.toFixed(2));
  const [capex, setCapex] = useState(capexApprover && authorisationQuote > 0);
  /** The fields whose problem shows: the amount once left, every field once a send was held back. */
  const [shown, setShown] = useState<ReadonlySet<CheckedField>>(new Set());
  const problems = userProblems(name, email, authorisation);
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
        label="Name"
        name={USER_FIELDS.name}
        value={name}
        error={shownError('name')}
        onChange={setName}
        autoComplete="name"
        required
      />
      <TextField
        label="Email"
        type="email"
        name={USER_FIELDS.email}
        value={email}
        error={shownError('email')}
        onChange={setEmail}
        autoComplete="email"
        required
      />
      <TextField
        label="Quote authorisation (£)"
        inputClassName="fm-amount"
        inputMode="decimal"
        name={USER_FIELDS.authorisationQuote}
        value={authorisation}
        hint="The largest quote this user may authorise; 0 means none."
        error={shownError('authorisationQuote')}
        onChange={setAuthorisation}
        onBlur={formatAuthorisation}
      />
      <CheckboxField
        label="Capex approver"
        name={USER_FIELDS.capexApprover}
        value="1"
        uncheckedValue="0"
        checked={capex}
        disabled={!capexAllowed}
        hint={capexAllowed ? undefined : 'Needs a quote authorisation above 0.'}
        onChange={setCapex}
      />
      <SubmitButton>Save user</SubmitButton>
    </form>
  );
}
