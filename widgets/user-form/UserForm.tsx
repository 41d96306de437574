import { useId, useState } from 'react';
import { INVALID_AMOUNT, toTwoDecimals } from '../../src/core/money-input';
import { CsrfField } from '../../src/ui/CsrfField';
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

/** SPEC §4: the capex approver flag needs a quote authorisation value above 0. */
export function canApproveCapex(authorisation: string): boolean {
  const value = Number(toTwoDecimals(authorisation) ?? 0);
  return value > 0;
}

/**
 * The user form (SPEC §2, §4): name, email, quote authorisation value and the capex approver
 * checkbox, which is disabled and cleared while the value is 0. Posts natively to the host.
 */
export function UserForm({
  userId,
  action,
  name,
  email,
  authorisationQuote = 0,
  capexApprover,
}: UserFormProps) {
  const id = useId();
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
      action={action ?? `/users/edit/${userId}`}
      onSubmit={(event) => {
        if (amountError) event.preventDefault();
      }}
    >
      <CsrfField />
      <input type="hidden" name={USER_FIELDS.id} value={userId} />
      <div className="fm-field">
        <label className="fm-label" htmlFor={`${id}name`}>
          Name
        </label>
        <input
          id={`${id}name`}
          className="fm-input form-control"
          name={USER_FIELDS.name}
          defaultValue={name}
          autoComplete="name"
          required
        />
      </div>
      <div className="fm-field">
        <label className="fm-label" htmlFor={`${id}email`}>
          Email
        </label>
        <input
          id={`${id}email`}
          className="fm-input form-control"
          type="email"
          name={USER_FIELDS.email}
          defaultValue={email}
          autoComplete="email"
          required
        />
      </div>
      <div className="fm-field">
        <label className="fm-label" htmlFor={`${id}quote`}>
          Quote authorisation (£)
        </label>
        <input
          id={`${id}quote`}
          className={`fm-input form-control fm-amount${amountError ? ' is-invalid' : ''}`}
          type="text"
          inputMode="decimal"
          name={USER_FIELDS.authorisationQuote}
          value={authorisation}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={`${id}quote-note`}
          onChange={(event) => changeAuthorisation(event.target.value)}
          onBlur={formatAuthorisation}
        />
        <p
          id={`${id}quote-note`}
          className={amountError ? 'fm-field-error invalid-feedback' : 'fm-field-note'}
        >
          {amountError ?? 'The largest quote this user may authorise; 0 means none.'}
        </p>
      </div>
      <div className="fm-field form-check">
        {/* CakePHP's checkbox: the hidden 0 is sent when the box is unticked or disabled. */}
        <input type="hidden" name={USER_FIELDS.capexApprover} value="0" />
        <input
          id={`${id}capex`}
          className="form-check-input"
          type="checkbox"
          name={USER_FIELDS.capexApprover}
          value="1"
          checked={capex}
          disabled={!capexAllowed}
          aria-describedby={capexAllowed ? undefined : `${id}capex-note`}
          onChange={(event) => setCapex(event.target.checked)}
        />{' '}
        <label className="form-check-label" htmlFor={`${id}capex`}>
          Capex approver
        </label>
        {!capexAllowed && (
          <p className="fm-field-note" id={`${id}capex-note`}>
            Needs a quote authorisation above 0.
          </p>
        )}
      </div>
      <SubmitButton>Save user</SubmitButton>
    </form>
  );
}
