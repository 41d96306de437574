import { useState } from 'react';
import { canApproveCapex } from '../../src/core/capex-approver';
import { INVALID_AMOUNT, toTwoDecimals } from '../../src/core/money-input';
import { formAction } from '../../src/core/safe-url';
import { CsrfField } from '../../src/ui/CsrfField';
import { CheckboxField, TextField } from '../../src/ui/Field';
import { SubmitButton } from '../../src/ui/SubmitButton';

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

/**
 * The user form (SPEC §2, §4): name, email, quote authorisation value and the capex approver
 * checkbox, which is disabled and cleared while the value is 0. Posts natively to the host.
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
  const [amountError, setAmountError] = useState<string | null>(null);
  const capexAllowed = canApproveCapex(authorisation);

  function changeAuthorisation(value: string) {
    setAuthorisation(value);
    setAmountError(null);
    if (!canApproveCapex(value)) setCapex(false);
  }

  function formatAuthorisation() {
    const formatted = toTwoDecimals(authorisation);
    if (formatted === null) setAmountError(INVALID_AMOUNT);
    else changeAuthorisation(formatted === '' ? '0.00' : formatted);
  }

  return (
    <form
      className="fm-user-form"
      method="post"
      action={formAction(action, `/users/edit/${userId}`)}
      onSubmit={(event) => {
        if (amountError) event.preventDefault();
      }}
    >
      <CsrfField />
      <input type="hidden" name={USER_FIELDS.id} value={userId} />
      <TextField
        label="Name"
        name={USER_FIELDS.name}
        value={name}
        onChange={setName}
        autoComplete="name"
        required
      />
      <TextField
        label="Email"
        type="email"
        name={USER_FIELDS.email}
        value={email}
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
        error={amountError}
        onChange={changeAuthorisation}
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
