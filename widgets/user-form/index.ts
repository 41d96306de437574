import { defineElement } from '../../src/ui/define-element';
import { UserForm, type UserFormProps } from './UserForm';

/**
 * The user form: quote authorisation and capex approver, the checkbox disabled and cleared
 * while the value is 0 (docs/requirements.md §4); it posts natively to the host. See README.md.
 *
 * @summary user form: quote authorisation, capex approver disabled and cleared at 0, native post
 * @attr {number} data-user-id - The user being edited (required).
 * @attr {string} data-action - The host's action URL (default `/users/edit/{userId}`).
 * @attr {string} data-name - The user's name.
 * @attr {string} data-email - The user's email.
 * @attr {number} data-authorisation-quote - The current quote authorisation value.
 * @attr {boolean} data-capex-approver - Whether the user is a capex approver now.
 */
export const UserFormElement = defineElement('fm-user-form', UserForm, {
  attributes: {
    userId: 'id',
    action: 'string',
    name: 'string',
    email: 'string',
    authorisationQuote: 'number',
    capexApprover: 'boolean',
  },
  required: ['userId'],
});

export type { UserFormProps };
