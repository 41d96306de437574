import { fireEvent } from '@testing-library/dom';
import { describe, expect, it, vi } from 'vitest';
import '../../widgets/user-form/index';

async function mount(attributes: string) {
  document.head.innerHTML = '<meta name="csrf-token" content="tok-7">';
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

  it('disables and clears the capex approver box while the value is 0 (SPEC §4)', async () => {
    const form = await mount('data-authorisation-quote="5000" data-capex-approver');
    expect(checkbox(form).checked).toBe(true);
    expect(checkbox(form).disabled).toBe(false);

    fireEvent.input(quote(form), { target: { value: '0' } });
    await vi.waitFor(() => expect(checkbox(form).disabled).toBe(true));
    expect(checkbox(form).checked).toBe(false);
    expect(new FormData(form).getAll('User[capex_approver]')).toEqual(['0']);
    expect(
      form.querySelector(`#${CSS.escape(checkbox(form).getAttribute('aria-describedby') ?? '')}`)
        ?.textContent,
    ).toBe('Needs a quote authorisation above 0.');

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
});
