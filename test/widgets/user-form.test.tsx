import { fireEvent } from '@testing-library/dom';
import { describe, expect, it, vi } from 'vitest';
import { NEGATIVE_AMOUNT, TOO_LARGE_AMOUNT, TOO_MANY_DECIMALS } from '../../src/core/money-input';
import { send } from './native-form';
import '../../widgets/user-form/index';

async function mount(attributes: string, config: object = {}) {
  document.head.innerHTML = `<meta name="csrf-token" content="tok-7"><script type="application/json" id="fm-config">${JSON.stringify(config)}</script>`;
  document.body.innerHTML = `<fm-user-form data-user-id="12" data-name="Sam Taylor" data-email="sam@example.com" ${attributes}></fm-user-form>`;
  return vi.waitFor(() => {
    const form = document.querySelector<HTMLFormElement>('form.fm-user-form');
    if (!form) throw new Error('not rendered');
    return form;
  });
}

const checkbox = (form: Element) =>
  form.querySelector('input[type="checkbox"]') as HTMLInputElement;
const quote = (form: Element) =>
  form.querySelector('[name="User[authorisation_quote]"]') as HTMLInputElement;

describe('fm-user-form', () => {
  it('posts natively with the host field names and the CSRF token', async () => {
    const form = await mount('data-authorisation-quote="5000" data-capex-approver');
    expect(form.getAttribute('action')).toBe('/users/edit/12');
    expect([...new FormData(form).entries()]).toEqual([
      ['_csrfToken', 'tok-7'],
      ['User[id]', '12'],
      ['User[name]', 'Sam Taylor'],
      ['User[email]', 'sam@example.com'],
      ['User[authorisation_quote]', '5000.00'],
      ['User[capex_approver]', '0'],
      ['User[capex_approver]', '1'],
    ]);
  });

  it('disables the capex approver box while the value is 0 and clears it once 0 is left (docs/requirements.md §4)', async () => {
    const form = await mount('data-authorisation-quote="5000" data-capex-approver');
    expect(checkbox(form).checked).toBe(true);
    expect(checkbox(form).disabled).toBe(false);

    // Emptied on the way to a new value: disabled, not sent, but not unticked (new user: the
    // box unticked itself as the old value was deleted, and a save lost the capex approver).
    fireEvent.input(quote(form), { target: { value: '' } });
    await vi.waitFor(() => expect(checkbox(form).disabled).toBe(true));
    expect(new FormData(form).getAll('User[capex_approver]')).toEqual(['0']);
    expect(
      form.querySelector(`#${CSS.escape(checkbox(form).getAttribute('aria-describedby') ?? '')}`)
        ?.textContent,
    ).toBe('Needs a quote authorisation above 0.');
    fireEvent.input(quote(form), { target: { value: '10000' } });
    await vi.waitFor(() => expect(checkbox(form).disabled).toBe(false));
    expect(checkbox(form).checked).toBe(true);
    expect(new FormData(form).getAll('User[capex_approver]')).toEqual(['0', '1']);

    // A 0 left in the field clears it.
    fireEvent.input(quote(form), { target: { value: '0' } });
    fireEvent.focusOut(quote(form));
    await vi.waitFor(() => expect(checkbox(form).checked).toBe(false));
    expect(checkbox(form).disabled).toBe(true);
    expect(quote(form).value).toBe('0.00');

    fireEvent.input(quote(form), { target: { value: '250' } });
    await vi.waitFor(() => expect(checkbox(form).disabled).toBe(false));
    expect(checkbox(form).checked).toBe(false);
  });

  it('starts disabled for a user without an authorisation value', async () => {
    const form = await mount('data-capex-approver');
    expect(quote(form).value).toBe('0.00');
    expect(checkbox(form).disabled).toBe(true);
    expect(checkbox(form).checked).toBe(false);
  });

  const errorOf = (form: Element, control: Element) =>
    control.getAttribute('aria-invalid') === 'true'
      ? ((control.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => form.querySelector(`#${CSS.escape(id)}`))
          .find((element) => element?.classList.contains('fm-field-error'))?.textContent ?? null)
      : null;

  it('refuses a negative value under the field, keeping what was typed and the ticked box', async () => {
    const form = await mount('data-authorisation-quote="5000" data-capex-approver');
    fireEvent.input(quote(form), { target: { value: '-500' } });
    fireEvent.focusOut(quote(form));
    await vi.waitFor(() => expect(errorOf(form, quote(form))).toBe(NEGATIVE_AMOUNT));
    expect(quote(form).value).toBe('-500');
    expect(checkbox(form).checked).toBe(true);
    expect(checkbox(form).disabled).toBe(false);

    expect(send(form)).toBe(false);
    await vi.waitFor(() => expect(document.activeElement).toBe(quote(form)));

    fireEvent.input(quote(form), { target: { value: '500' } });
    fireEvent.focusOut(quote(form));
    await vi.waitFor(() => expect(errorOf(form, quote(form))).toBeNull());
    expect(quote(form).value).toBe('500.00');
    expect(checkbox(form).checked).toBe(true);
    expect(send(form)).toBe(true);
  });

  it('refuses more than 2 decimal places and more than the host stores, leaving the entry as typed', async () => {
    const form = await mount('data-authorisation-quote="5000" data-capex-approver');
    for (const [typed, error] of [
      ['10000.555', TOO_MANY_DECIMALS],
      ['99999999999', TOO_LARGE_AMOUNT],
    ] as const) {
      fireEvent.input(quote(form), { target: { value: typed } });
      fireEvent.focusOut(quote(form));
      await vi.waitFor(() => expect(errorOf(form, quote(form))).toBe(error));
      expect(quote(form).value).toBe(typed);
      expect(send(form)).toBe(false);
    }
    expect(TOO_MANY_DECIMALS).toBe('Enter at most 2 decimal places, for example 120.50');
    expect(TOO_LARGE_AMOUNT).toBe('Enter an amount of at most 99,999,999.99');
    fireEvent.input(quote(form), { target: { value: '99999999.99' } });
    fireEvent.focusOut(quote(form));
    await vi.waitFor(() => expect(errorOf(form, quote(form))).toBeNull());
    expect(send(form)).toBe(true);
  });

  it('checks the form itself, not the browser: name and email under their fields, focus on the first', async () => {
    const form = await mount('data-authorisation-quote="100"');
    expect(form.noValidate).toBe(true);
    const name = form.querySelector('[name="User[name]"]') as HTMLInputElement;
    const email = form.querySelector('[name="User[email]"]') as HTMLInputElement;
    fireEvent.input(name, { target: { value: ' ' } });
    fireEvent.input(email, { target: { value: 'sam.example.com' } });
    expect(send(form)).toBe(false);
    await vi.waitFor(() => expect(errorOf(form, name)).toBe('Enter the user’s name'));
    expect(errorOf(form, email)).toBe('Enter an email address, for example name@example.com');
    expect(document.activeElement).toBe(name);

    fireEvent.input(name, { target: { value: 'Sam Taylor' } });
    fireEvent.input(email, { target: { value: 'sam@example.com' } });
    await vi.waitFor(() => expect(form.querySelectorAll('.fm-field-error')).toHaveLength(0));
    expect(send(form)).toBe(true);
  });

  it("says what the page's and the element's words give, on the form and in what its fields are described by", async () => {
    const messages = {
      'userForm.save': 'Benutzer speichern',
      'userForm.nameRequired': 'Name fehlt',
    };
    const form = await mount(`data-messages='${JSON.stringify(messages)}'`, {
      messages: { 'userForm.capexNeedsAuthorisation': 'Erst ein Betrag über 0.' },
    });
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Benutzer speichern');
    expect(
      form.querySelector(`#${CSS.escape(checkbox(form).getAttribute('aria-describedby') ?? '')}`)
        ?.textContent,
    ).toBe('Erst ein Betrag über 0.');
    const name = form.querySelector('[name="User[name]"]') as HTMLInputElement;
    fireEvent.input(name, { target: { value: '' } });
    expect(send(form)).toBe(false);
    await vi.waitFor(() => expect(errorOf(form, name)).toBe('Name fehlt'));
  });
});
