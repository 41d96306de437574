import { defineElement } from '../../src/ui/define-element';
import { PasswordForm, type PasswordFormProps } from './PasswordForm';

/**
 * The password change form with a live checklist of the rules in the page configuration
 * (docs/requirements.md §5); it posts natively to the host. See README.md.
 *
 * @summary password change: live checklist of every rule, submit disabled until all pass, native post
 * @attr {string} data-action - The host's action URL (default `/users/password`).
 * @attr {string} data-name - The user's name; its parts longer than 2 characters may not be in the password.
 * @attr {string} data-username - The user's username, likewise.
 * @attr {boolean} data-has-old - Shows the old password field.
 */
export const PasswordFormElement = defineElement('fm-password-form', PasswordForm, {
  attributes: { action: 'string', name: 'string', username: 'string', hasOld: 'boolean' },
});

export type { PasswordFormProps };
