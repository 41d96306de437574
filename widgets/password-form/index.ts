import { defineElement, type FmElement } from '../../src/runtime/define';
import { PasswordForm, type PasswordFormProps } from './PasswordForm';

/**
 * The password change form with a live checklist of the rules in the page configuration
 * (docs/requirements.md §5); it posts natively to the host. See README.md.
 *
 * @tag fm-password-form
 * @attr {string} data-action - The host's action URL (default `/users/password`).
 * @attr {string} data-name - The user's name; its parts longer than 2 characters may not be in the password.
 * @attr {string} data-username - The user's username, likewise.
 * @attr {boolean} data-has-old - Shows the old password field.
 */
export const PasswordFormElement = defineElement('fm-password-form', PasswordForm, {
  attributes: { action: 'string', name: 'string', username: 'string', hasOld: 'boolean' },
});

export type { PasswordFormProps };

declare global {
  interface HTMLElementTagNameMap {
    'fm-password-form': FmElement<PasswordFormProps>;
  }
}
