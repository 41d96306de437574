import { useEffect, useId, useMemo, useState } from 'react';
import { useConfig } from '../../src/core/define';
import {
  checkPassword,
  type PasswordRuleResult,
  passwordConfig,
  policyFromConfig,
} from '../../src/core/password';
import { CsrfField } from '../../src/ui/CsrfField';
import { SubmitButton } from '../../src/ui/SubmitButton';

export interface PasswordFormProps {
  /** The host's action URL (the form posts there natively). */
  action?: string;
  /** The user's name and username: parts longer than 2 characters may not be in the password. */
  name?: string;
  username?: string;
  /** Shows the old password field (and the rule that the new one must differ). */
  hasOld: boolean;
}

/** Where the form posts when the host gives no `data-action`. */
export const DEFAULT_PASSWORD_ACTION = '/users/password';

/** The host's field names (CakePHP `User.old_password` etc.; see README). */
export const PASSWORD_FIELDS = {
  old: 'User[old_password]',
  password: 'User[password]',
  confirm: 'User[confirm_password]',
} as const;

/** How long typing must pause before the checklist's summary is read out. */
export const ANNOUNCE_DELAY_MS = 1000;

function summary(rules: PasswordRuleResult[]): string {
  const unmet = rules.filter((rule) => !rule.met);
  if (unmet.length === 0) return 'All password rules are met.';
  return `${unmet.length} of ${rules.length} password rules not met yet: ${unmet
    .map((rule) => rule.message)
    .join('; ')}.`;
}

/**
 * The password change form (SPEC §2, §4, §5): old (optional), new and confirm fields with a live
 * checklist of every rule in force; the submit button is disabled until all pass. Screen readers
 * hear a summary once typing pauses, not every keystroke.
 */
export function PasswordForm({ action, name, username, hasOld }: PasswordFormProps) {
  const config = useConfig(passwordConfig);
  const policy = useMemo(() => policyFromConfig(config), [config]);
  const id = useId();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const rules = checkPassword(
    { password, confirm, old: hasOld ? old : undefined, name, username },
    policy,
  );
  const accepted = rules.every((rule) => rule.met);
  const [announcement, setAnnouncement] = useState('');
  const touched = password !== '' || confirm !== '';
  const spoken = touched ? summary(rules) : '';

  useEffect(() => {
    const timer = setTimeout(() => setAnnouncement(spoken), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [spoken]);

  const field = (
    label: string,
    fieldName: string,
    value: string,
    onChange: (value: string) => void,
    key: string,
    describedBy?: string,
  ) => (
    <div className="fm-field">
      <label className="fm-label" htmlFor={`${id}${key}`}>
        {label}
      </label>
      <input
        id={`${id}${key}`}
        className="fm-input form-control"
        type="password"
        name={fieldName}
        autoComplete={key === 'old' ? 'current-password' : 'new-password'}
        required
        value={value}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );

  return (
    <form className="fm-password-form" method="post" action={action ?? DEFAULT_PASSWORD_ACTION}>
      <CsrfField />
      {hasOld && field('Old password', PASSWORD_FIELDS.old, old, setOld, 'old')}
      {field('New password', PASSWORD_FIELDS.password, password, setPassword, 'new', `${id}rules`)}
      {field('Confirm new password', PASSWORD_FIELDS.confirm, confirm, setConfirm, 'confirm')}
      <div className="fm-password-rules">
        <p className="fm-password-rules__title" id={`${id}rules-title`}>
          Your new password:
        </p>
        <ul id={`${id}rules`} aria-labelledby={`${id}rules-title`}>
          {rules.map((rule) => (
            <li
              key={rule.id}
              className={`fm-password-rule ${rule.met ? 'is-met' : 'is-unmet'}`}
              data-rule={rule.id}
            >
              <span className="fm-password-rule__icon" aria-hidden="true">
                {rule.met ? '✓' : '✗'}
              </span>
              <span className="fm-visually-hidden">{rule.met ? 'Met: ' : 'Not met: '}</span>
              {rule.message}
            </li>
          ))}
        </ul>
      </div>
      <p className="fm-visually-hidden" role="status">
        {announcement}
      </p>
      {!accepted && (
        <p className="fm-password-form__hint" id={`${id}hint`}>
          The button is enabled once every rule above is met.
        </p>
      )}
      <SubmitButton disabled={!accepted} describedBy={accepted ? undefined : `${id}hint`}>
        Change password
      </SubmitButton>
    </form>
  );
}
