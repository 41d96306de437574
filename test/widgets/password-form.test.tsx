import { fireEvent, screen } from '@testing-library/dom';
import { describe, expect, it, vi } from 'vitest';
import { send } from './native-form';
import '../../widgets/password-form/index';

function page(config: object, attributes: string) {
  document.head.innerHTML = `<meta name="csrf-token" content="tok-123"><script type="application/json" id="fm-config">${JSON.stringify(config)}</script>`;
  document.body.innerHTML = `<fm-password-form ${attributes}></fm-password-form>`;
  return vi.waitFor(() => {
    const form = document.querySelector<HTMLFormElement>('form.fm-password-form');
    if (!form) throw new Error('not rendered');
    return form;
  });
}

/** The checklist as a user reads it: each requirement and the state its icon names. */
const rules = (form: Element) =>
  [...form.querySelectorAll('.fm-password-rule')].map((rule) => ({
    text: rule.querySelector('.fm-password-rule__text')?.textContent,
    met: rule.querySelector('svg[role="img"]')?.getAttribute('aria-label') === 'Met',
  }));
/** Each requirement with what its icon says: 'Met', 'Not met' (failed) or 'Not yet met'. */
const states = (form: Element) =>
  Object.fromEntries(
    [...form.querySelectorAll('.fm-password-rule')].map((rule) => [
      rule.querySelector('.fm-password-rule__text')?.textContent,
      rule.querySelector('svg[role="img"]')?.getAttribute('aria-label'),
    ]),
  );
const submit = (form: Element) => form.querySelector('button[type="submit"]') as HTMLButtonElement;

const CONFIG = {
  passwordMinLength: 8,
  passwordDigits: 1,
  passwordLowercase: 1,
  passwordUppercase: 1,
  passwordSpecial: 1,
  passwordLetters: 0,
  passwordMaxConsecutive: 2,
  passwordBlacklist: ['acme'],
};

describe('fm-password-form', () => {
  it('posts natively to the host with its field names and the CSRF token', async () => {
    const form = await page(
      CONFIG,
      'data-has-old data-name="Sam Taylor" data-action="/users/password"',
    );
    expect(form.method).toBe('post');
    expect(form.getAttribute('action')).toBe('/users/password');
    expect([...form.querySelectorAll('input')].map((input) => input.name)).toEqual([
      '_csrfToken',
      'User[old_password]',
      'User[password]',
      'User[confirm_password]',
    ]);
    expect(form.querySelector<HTMLInputElement>('[name="_csrfToken"]')?.value).toBe('tok-123');
  });

  it("names the account for a password manager with the username, in a field that isn't sent", async () => {
    const form = await page(CONFIG, 'data-has-old data-username="staylor"');
    const account = form.querySelector<HTMLInputElement>('input[autocomplete="username"]');
    expect(account?.value).toBe('staylor');
    expect(account?.name).toBe('');
    expect(account?.hidden).toBe(true);
    expect(form.querySelectorAll('input[autocomplete="username"]')).toHaveLength(1);
  });

  it('lists every rule in force, unmet, with submit disabled and the reason given', async () => {
    const form = await page(CONFIG, 'data-has-old data-name="Sam Taylor" data-username="staylor"');
    expect(rules(form)).toEqual(
      [
        'At least 8 characters',
        'At least 1 digit',
        'At least 1 lowercase letter',
        'At least 1 uppercase letter',
        'At least 1 special character',
        'No more than 2 consecutive characters that are the same',
        'No part of your name or username',
        'No blacklisted word',
        'Different from your old password',
        'Both new passwords match',
      ].map((text) => ({ text, met: false })),
    );
    expect(submit(form).disabled).toBe(true);
    expect(
      document.getElementById(submit(form).getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('The button is enabled once every requirement above is met.');
  });

  it('ticks rules off as the user types and enables submit once all pass', async () => {
    const form = await page(CONFIG, 'data-has-old data-name="Sam Taylor"');
    const [old, password, confirm] = form.querySelectorAll('input[type="password"]');
    fireEvent.input(old as Element, { target: { value: 'Old-pass-1' } });
    fireEvent.input(password as Element, { target: { value: 'taylor' } });
    await vi.waitFor(() =>
      expect(rules(form).find((rule) => rule.text === 'At least 1 lowercase letter')?.met).toBe(
        true,
      ),
    );
    expect(rules(form).find((rule) => rule.text === 'No part of your name or username')?.met).toBe(
      false,
    );

    fireEvent.input(password as Element, { target: { value: 'Brisk-Lake-42' } });
    fireEvent.input(confirm as Element, { target: { value: 'Brisk-Lake-4' } });
    await vi.waitFor(() =>
      expect(
        rules(form)
          .filter((rule) => !rule.met)
          .map((r) => r.text),
      ).toEqual(['Both new passwords match']),
    );
    expect(submit(form).disabled).toBe(true);

    fireEvent.input(confirm as Element, { target: { value: 'Brisk-Lake-42' } });
    await vi.waitFor(() => expect(submit(form).disabled).toBe(false));
    expect(form.querySelector('.fm-password-form__hint')).toBeNull();

    fireEvent.input(old as Element, { target: { value: 'Brisk-Lake-42' } });
    await vi.waitFor(() => expect(submit(form).disabled).toBe(true));
  });

  it('asks for the old password: Change password stays disabled while Old password is empty', async () => {
    const form = await page(CONFIG, 'data-has-old data-name="Sam Taylor"');
    const [old, password, confirm] = form.querySelectorAll('input[type="password"]');
    fireEvent.input(password as Element, { target: { value: 'Brisk-Lake-42' } });
    fireEvent.input(confirm as Element, { target: { value: 'Brisk-Lake-42' } });
    // Every rule of the new password met but the one that needs the old password.
    await vi.waitFor(() =>
      expect(
        rules(form)
          .filter((rule) => !rule.met)
          .map((rule) => rule.text),
      ).toEqual(['Different from your old password']),
    );
    expect(submit(form).disabled).toBe(true);
    expect(
      document.getElementById(submit(form).getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('The button is enabled once your old password is filled in.');
    // Left empty, the field says so; the checklist is unchanged.
    fireEvent.focusOut(old as Element);
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Old password').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(form.textContent).toContain('Enter your old password');
    expect(rules(form)).toHaveLength(10);

    fireEvent.input(old as Element, { target: { value: 'Old-pass-1' } });
    await vi.waitFor(() => expect(submit(form).disabled).toBe(false));
    expect(form.querySelector('.fm-password-form__hint')).toBeNull();
  });

  it('without an old password field, the new password alone decides', async () => {
    const form = await page(CONFIG, 'data-name="Sam Taylor"');
    const [password, confirm] = form.querySelectorAll('input[type="password"]');
    fireEvent.input(password as Element, { target: { value: 'Brisk-Lake-42' } });
    fireEvent.input(confirm as Element, { target: { value: 'Brisk-Lake-42' } });
    await vi.waitFor(() => expect(submit(form).disabled).toBe(false));
  });

  it('announces a summary once typing pauses, not each keystroke', async () => {
    const form = await page({ ...CONFIG, passwordBlacklist: [] }, '');
    const status = form.querySelector('[role="status"]') as HTMLElement;
    const [password] = form.querySelectorAll('input[type="password"]');
    vi.useFakeTimers();
    try {
      fireEvent.input(password as Element, { target: { value: 'a' } });
      await vi.advanceTimersByTimeAsync(500);
      fireEvent.input(password as Element, { target: { value: 'ab' } });
      await vi.advanceTimersByTimeAsync(500);
      expect(status.textContent).toBe('');
      await vi.advanceTimersByTimeAsync(600);
      expect(status.textContent).toBe(
        '5 of 7 password requirements not met yet: At least 8 characters; At least 1 digit; At least 1 uppercase letter; At least 1 special character; Both new passwords match.',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the old password out when the form has none', async () => {
    const form = await page(CONFIG, '');
    expect(form.querySelector('[name="User[old_password]"]')).toBeNull();
    expect(rules(form).map((rule) => rule.text)).not.toContain('Different from your old password');
  });

  it('with matching passwords marks the match met, never a green "don\'t match"', async () => {
    const form = await page(CONFIG, '');
    fireEvent.input(screen.getByLabelText('New password'), { target: { value: 'Brisk-Lake-42' } });
    fireEvent.input(screen.getByLabelText('Confirm new password'), {
      target: { value: 'Brisk-Lake-42' },
    });
    await vi.waitFor(() =>
      expect(rules(form).find((rule) => rule.text === 'Both new passwords match')?.met).toBe(true),
    );
    expect(form.textContent).not.toContain("don't match");
    expect(form.querySelector('.fm-password-rule.is-met svg title')?.textContent).toBe('Met');
  });

  it('says the required message for an unmet rule once a field is left', async () => {
    await page(CONFIG, '');
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    fireEvent.input(password, { target: { value: 'brisklake' } });
    expect(screen.queryByText('Password must contain at least 1 digits')).toBeNull();
    fireEvent.focusOut(password);
    const error = await screen.findByText('Password must contain at least 1 digits');
    expect(error.getAttribute('role')).toBe('alert');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(error.id);

    fireEvent.input(confirm, { target: { value: 'brisklak' } });
    fireEvent.focusOut(confirm);
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    fireEvent.input(confirm, { target: { value: 'brisklake' } });
    await vi.waitFor(() => expect(screen.queryByText("Passwords don't match")).toBeNull());
  });

  it('shows the rules an empty field cannot judge as not yet met, never as failed (as after a post)', async () => {
    const form = await page(CONFIG, 'data-has-old data-name="Sam Taylor"');
    expect(Object.values(states(form)).every((state) => state === 'Not yet met')).toBe(true);
    expect(form.querySelectorAll('.fm-password-rule.is-unmet')).toHaveLength(0);
    expect(form.querySelectorAll('.fm-password-rule.is-pending')).toHaveLength(10);

    const password = screen.getByLabelText('New password');
    fireEvent.input(password, { target: { value: 'taylor' } });
    fireEvent.focusOut(password);
    await vi.waitFor(() =>
      expect(states(form)).toMatchObject({
        'At least 8 characters': 'Not met',
        'At least 1 lowercase letter': 'Met',
        'No part of your name or username': 'Not met',
        // The old and the confirm fields are still empty: nothing to compare yet.
        'Different from your old password': 'Not yet met',
        'Both new passwords match': 'Not yet met',
      }),
    );
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.queryByText("New password can't be the same as your old password")).toBeNull();

    fireEvent.input(password, { target: { value: '' } });
    await vi.waitFor(() =>
      expect(form.querySelectorAll('.fm-password-rule.is-pending')).toHaveLength(10),
    );
  });

  it('checks itself as the other native forms do: a send made while the button is disabled is held back, the first field at fault focused', async () => {
    const form = await page(CONFIG, 'data-has-old');
    expect(form.noValidate).toBe(true);
    const [old, password, confirm] =
      form.querySelectorAll<HTMLInputElement>('input[type="password"]');
    fireEvent.input(password as Element, { target: { value: 'Brisk-Lake-42' } });
    fireEvent.input(confirm as Element, { target: { value: 'Brisk-Lake-4' } });
    await vi.waitFor(() => expect(submit(form).disabled).toBe(true));
    (submit(form) as HTMLButtonElement).focus();
    // A host's script can still ask the form to go: the same check then stops it.
    expect(send(form)).toBe(false);
    await vi.waitFor(() => expect(document.activeElement).toBe(old));
    expect(old?.getAttribute('aria-invalid')).toBe('true');
    expect(confirm?.getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Enter your old password');

    fireEvent.input(old as Element, { target: { value: 'Old-pass-1' } });
    fireEvent.input(confirm as Element, { target: { value: 'Brisk-Lake-42' } });
    await vi.waitFor(() => expect(submit(form).disabled).toBe(false));
    expect(send(form)).toBe(true);
  });

  it('names the listed words a password holds in its checklist', async () => {
    const form = await page({ ...CONFIG, passwordBlacklist: ['acme', 'portal'] }, '');
    fireEvent.input(screen.getByLabelText('New password'), { target: { value: 'Acme-Portal-1' } });
    await vi.waitFor(() =>
      expect(rules(form)).toContainEqual({
        text: 'No blacklisted word: remove “acme” and “portal”',
        met: false,
      }),
    );
  });

  it("says what the page's and the element's words give, shown and read out", async () => {
    const messages = {
      'passwordForm.change': 'Passwort ändern',
      'passwordForm.notYetMet': 'Noch offen',
    };
    const form = await page(
      {
        ...CONFIG,
        passwordBlacklist: [],
        messages: {
          'passwordForm.errorDigits': 'Mindestens {count} Ziffer(n)',
          'passwordForm.ruleMatches': 'Beide Passwörter gleich',
          'passwordForm.unmet': '{unmet} von {total} offen: {requirements}.',
        },
      },
      `data-messages='${JSON.stringify(messages)}'`,
    );
    expect(submit(form).textContent).toBe('Passwort ändern');
    expect(states(form)['Beide Passwörter gleich']).toBe('Noch offen');
    const password = screen.getByLabelText('New password');
    fireEvent.input(password, { target: { value: 'brisklake' } });
    fireEvent.focusOut(password);
    expect(await screen.findByText('Mindestens 1 Ziffer(n)')).toBeTruthy();
    const status = form.querySelector('[role="status"]') as HTMLElement;
    await vi.waitFor(
      () =>
        expect(status.textContent).toBe(
          '4 von 7 offen: At least 1 digit; At least 1 uppercase letter; At least 1 special character; Beide Passwörter gleich.',
        ),
      { timeout: 3000 },
    );
  });
});
