import { describe, expect, it, vi } from 'vitest';
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

function typeInto(input: Element | null, text: string) {
  const field = input as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const rules = (form: Element) =>
  [...form.querySelectorAll('.fm-password-rule')].map((rule) => ({
    text: rule.textContent?.replace(/^[✓✗](Met|Not met): /, ''),
    met: rule.classList.contains('is-met'),
  }));
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

  it('lists every rule in force, unmet, with submit disabled and the reason given', async () => {
    const form = await page(CONFIG, 'data-has-old data-name="Sam Taylor" data-username="staylor"');
    expect(rules(form)).toEqual(
      [
        'Password must be at least 8 characters',
        'Password must contain at least 1 digits',
        'Password must contain at least 1 lowercase characters',
        'Password must contain at least 1 uppercase characters',
        'Password must contain at least 1 special characters',
        'Password should not contain more than 2 consecutive characters',
        "Password can't contain part of your name or username",
        "Password can't contain a blacklisted word",
        "New password can't be the same as your old password",
        "Passwords don't match",
      ].map((text) => ({ text, met: false })),
    );
    expect(submit(form).disabled).toBe(true);
    expect(
      document.getElementById(submit(form).getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('The button is enabled once every rule above is met.');
  });

  it('ticks rules off as the user types and enables submit once all pass', async () => {
    const form = await page(CONFIG, 'data-has-old data-name="Sam Taylor"');
    const [old, password, confirm] = form.querySelectorAll('input[type="password"]');
    typeInto(old ?? null, 'Old-pass-1');
    typeInto(password ?? null, 'taylor');
    await vi.waitFor(() =>
      expect(
        rules(form).find((rule) =>
          rule.text?.startsWith('Password must contain at least 1 lowercase'),
        )?.met,
      ).toBe(true),
    );
    expect(rules(form).find((rule) => rule.text?.includes('name or username'))?.met).toBe(false);

    typeInto(password ?? null, 'Brisk-Lake-42');
    typeInto(confirm ?? null, 'Brisk-Lake-4');
    await vi.waitFor(() =>
      expect(
        rules(form)
          .filter((rule) => !rule.met)
          .map((r) => r.text),
      ).toEqual(["Passwords don't match"]),
    );
    expect(submit(form).disabled).toBe(true);

    typeInto(confirm ?? null, 'Brisk-Lake-42');
    await vi.waitFor(() => expect(submit(form).disabled).toBe(false));
    expect(form.querySelector('.fm-password-form__hint')).toBeNull();

    typeInto(old ?? null, 'Brisk-Lake-42');
    await vi.waitFor(() => expect(submit(form).disabled).toBe(true));
  });

  it('announces a summary once typing pauses, not each keystroke', async () => {
    const form = await page({ ...CONFIG, passwordBlacklist: [] }, '');
    const status = form.querySelector('[role="status"]') as HTMLElement;
    const [password] = form.querySelectorAll('input[type="password"]');
    vi.useFakeTimers();
    try {
      typeInto(password ?? null, 'a');
      await vi.advanceTimersByTimeAsync(500);
      typeInto(password ?? null, 'ab');
      await vi.advanceTimersByTimeAsync(500);
      expect(status.textContent).toBe('');
      await vi.advanceTimersByTimeAsync(600);
      expect(status.textContent).toBe(
        "5 of 7 password rules not met yet: Password must be at least 8 characters; Password must contain at least 1 digits; Password must contain at least 1 uppercase characters; Password must contain at least 1 special characters; Passwords don't match.",
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the old password out when the form has none', async () => {
    const form = await page(CONFIG, '');
    expect(form.querySelector('[name="User[old_password]"]')).toBeNull();
    expect(rules(form).map((rule) => rule.text)).not.toContain(
      "New password can't be the same as your old password",
    );
  });
});
