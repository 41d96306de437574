import { useEffect, useId, useMemo, useState } from 'react';
import {
  checkPassword,
  type PasswordRuleId,
  type PasswordRuleResult,
  passwordConfig,
  policyFromConfig,
} from '../../src/core/password';
import { formAction } from '../../src/core/safe-url';
import { useConfig } from '../../src/runtime/define';
import { Icon, type IconShape } from '../../src/runtime/Icon';
import { useWords } from '../../src/runtime/words';
import { CsrfField } from '../../src/ui/CsrfField';
import { TextField } from '../../src/ui/Field';
import { SubmitButton } from '../../src/ui/SubmitButton';
import { useSubmitCheck } from '../../src/ui/useSubmitCheck';
import messages from './messages';

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

const checkIcon: IconShape = { name: 'check', d: 'M4 12.5l5 5L20 6.5' };
const crossIcon: IconShape = { name: 'cross', d: 'M6 6l12 12M18 6L6 18' };
const dashIcon: IconShape = { name: 'dash', d: 'M7 12h10' };

type PasswordFormWords = (typeof messages)['passwordForm'];

/** How the checklist shows a rule: met, failed, or not judged yet (a field it reads is empty). */
function ruleState(rule: PasswordRuleResult, words: PasswordFormWords) {
  if (rule.met) return { className: 'is-met', icon: checkIcon, label: words.met() };
  if (rule.judged) return { className: 'is-unmet', icon: crossIcon, label: words.notMet() };
  return { className: 'is-pending', icon: dashIcon, label: words.notYetMet() };
}

function summary(rules: PasswordRuleResult[], words: PasswordFormWords): string {
  const unmet = rules.filter((rule) => !rule.met);
  if (unmet.length === 0) return words.allMet();
  return words.unmet({
    unmet: unmet.length,
    total: rules.length,
    requirements: unmet.map((rule) => rule.requirement).join('; '),
  });
}

/**
 * The rules whose docs/requirements.md §5 message belongs under the confirm field; the rest go
 * under the new one.
 */
const CONFIRM_RULES: ReadonlySet<PasswordRuleId> = new Set(['matches']);

/**
 * What the field says once left: the first failed rule's message (docs/requirements.md §5), word
 * for word.
 */
function firstUnmet(rules: PasswordRuleResult[], confirmField: boolean): string | null {
  const unmet = rules.find(
    (rule) => rule.judged && !rule.met && CONFIRM_RULES.has(rule.id) === confirmField,
  );
  return unmet?.message ?? null;
}

type PasswordField = 'old' | 'password' | 'confirm';

/**
 * The password change form (docs/requirements.md §2, §4, §5): old (optional), new and confirm
 * fields with a live checklist of every requirement in force, each marked met or not met, or not
 * yet met (neutral) while a field it reads is empty, as after a post; a field that is left
 * with a rule unmet says so in the words of docs/requirements.md §5. The submit button is disabled
 * until all pass. Screen readers hear a summary once typing pauses, not every keystroke.
 */
export function PasswordForm({ action, name, username, hasOld }: PasswordFormProps) {
  const config = useConfig(passwordConfig);
  const words = useWords(messages).passwordForm;
  const policy = useMemo(() => policyFromConfig(config), [config]);
  const id = useId();
  const [values, setValues] = useState<Record<PasswordField, string>>({
    old: '',
    password: '',
    confirm: '',
  });
  const [left, setLeft] = useState<ReadonlySet<PasswordField>>(new Set());
  const { old, password, confirm } = values;
  const rules = checkPassword(
    { password, confirm, old: hasOld ? old : undefined, name, username },
    policy,
    words,
  );
  // The host checks the old password: a form that asks for it cannot be sent without it. Not a
  // rule of the new password, so not in the checklist; while it is empty, "Different from
  // your old password" cannot be judged, and the hint names the old password instead.
  const oldMissing = hasOld && old === '';
  const accepted = rules.every((rule) => rule.met || (oldMissing && rule.id === 'differsFromOld'));
  const ready = accepted && !oldMissing;
  // Why Change password is disabled, under it.
  const waitingFor = !accepted ? words.rulesHint() : oldMissing ? words.oldHint() : null;
  const [announcement, setAnnouncement] = useState('');
  const touched = password !== '' || confirm !== '';
  const spoken = touched ? summary(rules, words) : '';

  useEffect(() => {
    const timer = setTimeout(() => setAnnouncement(spoken), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [spoken]);

  // The button is disabled until the form may go; a send made otherwise shows every field's problem.
  const submitCheck = useSubmitCheck(() => {
    if (!ready)
      setLeft(
        new Set<PasswordField>(hasOld ? ['old', 'password', 'confirm'] : ['password', 'confirm']),
      );
    return !ready;
  });

  const field = (key: PasswordField, label: string, error?: string | null, hint?: string) => (
    <TextField
      label={label}
      type="password"
      name={PASSWORD_FIELDS[key]}
      autoComplete={key === 'old' ? 'current-password' : 'new-password'}
      required
      value={values[key]}
      hint={hint}
      error={left.has(key) ? error : null}
      onChange={(value) => setValues((current) => ({ ...current, [key]: value }))}
      onBlur={() => setLeft((current) => new Set(current).add(key))}
    />
  );

  return (
    <form
      {...submitCheck}
      className="fm-password-form"
      method="post"
      action={formAction(action, DEFAULT_PASSWORD_ACTION)}
    >
      <CsrfField />
      {username && (
        // Not sent: it tells a password manager whose password this is, so that it updates it.
        <input
          className="fm-password-form__account"
          type="text"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
      )}
      {hasOld && field('old', words.oldPassword(), oldMissing ? words.oldMissing() : null)}
      {field('password', words.newPassword(), password && firstUnmet(rules, false))}
      {field('confirm', words.confirmPassword(), confirm && firstUnmet(rules, true))}
      <div className="fm-password-rules">
        <p className="fm-password-rules__title" id={`${id}rules-title`}>
          {words.needs()}
        </p>
        <ul aria-labelledby={`${id}rules-title`}>
          {rules.map((rule) => {
            const state = ruleState(rule, words);
            return (
              <li
                key={rule.id}
                className={`fm-password-rule ${state.className}`}
                data-rule={rule.id}
              >
                <Icon icon={state.icon} label={state.label} />
                <span className="fm-password-rule__text">{rule.requirement}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <p className="fm-visually-hidden" role="status">
        {announcement}
      </p>
      {waitingFor && (
        <p className="fm-password-form__hint" id={`${id}hint`}>
          {waitingFor}
        </p>
      )}
      <SubmitButton disabled={!ready} describedBy={ready ? undefined : `${id}hint`}>
        {words.change()}
      </SubmitButton>
    </form>
  );
}
