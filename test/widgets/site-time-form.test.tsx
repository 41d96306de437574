import { fireEvent } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatForMode } from '../../src/core/date-input';
import { valuesForRemoteFix } from '../../widgets/site-time-form/SiteTimeForm';
import '../../widgets/site-time-form/index';
import { send } from './native-form';

async function mount(attributes = '') {
  document.head.innerHTML = '<meta name="csrf-token" content="tok-9">';
  document.body.innerHTML = `<fm-site-time-form data-job-id="1004" ${attributes}></fm-site-time-form>`;
  return vi.waitFor(() => {
    const form = document.querySelector<HTMLFormElement>('form.fm-site-time-form');
    if (!form) throw new Error('not rendered');
    return form;
  });
}

const field = (form: HTMLFormElement, name: string) =>
  form.querySelector(`input[name="SiteTime[${name}]"]:not([type="hidden"])`) as HTMLInputElement;
const remoteFix = (form: HTMLFormElement) =>
  form.querySelector('input[type="checkbox"]') as HTMLInputElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('fm-site-time-form', () => {
  it('posts natively to the host with its field names and the CSRF token', async () => {
    const form = await mount('data-on-site="02/03/2026 09:15" data-engineers="2"');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/site_times/add/1004');
    expect([...new FormData(form).entries()]).toEqual([
      ['_csrfToken', 'tok-9'],
      ['SiteTime[job_id]', '1004'],
      ['SiteTime[remote_fix]', '0'],
      ['SiteTime[on_site]', '02/03/2026 09:15'],
      ['SiteTime[off_site]', ''],
      ['SiteTime[engineers]', '2'],
    ]);
    expect(form.querySelector('label[for]')).not.toBeNull();
    expect(field(form, 'on_site').placeholder).toBe('DD/MM/YYYY HH:mm');
  });

  it('takes the host action from data-action', async () => {
    const form = await mount('data-action="/site_times/edit/7"');
    expect(form.getAttribute('action')).toBe('/site_times/edit/7');
  });

  it('remote fix: fills both times with now and engineers with 1, read-only; unchecked clears', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 2, 9, 15, 40) });
    const form = await mount();
    fireEvent.input(field(form, 'engineers'), { target: { value: '3' } });
    await vi.waitFor(() => expect(field(form, 'engineers').value).toBe('3'));

    remoteFix(form).click();
    await vi.waitFor(() => expect(field(form, 'on_site').value).toBe('02/03/2026 09:15'));
    expect(field(form, 'off_site').value).toBe('02/03/2026 09:15');
    expect(field(form, 'engineers').value).toBe('1');
    for (const name of ['on_site', 'off_site', 'engineers']) {
      expect(field(form, name).readOnly).toBe(true);
    }
    expect(new FormData(form).getAll('SiteTime[remote_fix]')).toEqual(['0', '1']);

    remoteFix(form).click();
    await vi.waitFor(() => expect(field(form, 'on_site').value).toBe(''));
    expect(field(form, 'off_site').value).toBe('');
    expect(field(form, 'engineers').value).toBe('');
    for (const name of ['on_site', 'off_site', 'engineers']) {
      expect(field(form, name).readOnly).toBe(false);
    }
  });

  it('starts locked when data-remote-fix is set', async () => {
    const form = await mount('data-remote-fix data-on-site="02/03/2026 09:15" data-engineers="1"');
    expect(remoteFix(form).checked).toBe(true);
    expect(field(form, 'on_site').readOnly).toBe(true);
    expect(field(form, 'engineers').readOnly).toBe(true);
  });

  it("shows 'Saving...' once submitted and does not submit twice", async () => {
    const form = await mount('data-on-site="02/03/2026 09:15" data-engineers="1"');
    let sent = 0;
    // Counts the submissions that went ahead (no listener cancelled them).
    form.addEventListener('submit', (event) => {
      setTimeout(() => {
        if (!event.defaultPrevented) sent += 1;
      });
    });
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button.textContent).toBe('Save site time');
    form.requestSubmit(button);
    await vi.waitFor(() => expect(button.textContent).toBe('Saving...'));
    expect(button.disabled).toBe(true);
    form.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toBe(1);
  });

  it('valuesForRemoteFix is pure: now for checked, empty for unchecked', () => {
    const now = new Date(2026, 11, 31, 23, 59, 59);
    expect(valuesForRemoteFix(true, now)).toEqual({
      onSite: '31/12/2026 23:59',
      offSite: '31/12/2026 23:59',
      engineers: '1',
    });
    expect(valuesForRemoteFix(false, now)).toEqual({ onSite: '', offSite: '', engineers: '' });
  });

  it('holds back more than 50 engineers, saying so under the field, and lets 50 go', async () => {
    const form = await mount('data-on-site="02/03/2026 09:15"');
    expect(field(form, 'engineers').max).toBe('50');
    fireEvent.input(field(form, 'engineers'), { target: { value: '99999' } });
    await vi.waitFor(() => expect(field(form, 'engineers').value).toBe('99999'));
    expect(send(form)).toBe(false);
    // The message is the field's own: right under it, and what the field is described by.
    const error = await vi.waitFor(() => {
      const id = field(form, 'engineers').getAttribute('aria-describedby') ?? '';
      const found = id ? document.getElementById(id) : null;
      if (!found) throw new Error('no error under the field');
      return found;
    });
    expect(error.textContent).toBe('Number of engineers must be 50 or fewer');
    expect(field(form, 'engineers').closest('.fm-field')?.contains(error)).toBe(true);
    expect(field(form, 'engineers').getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(field(form, 'engineers'), { target: { value: '50' } });
    await vi.waitFor(() => expect(field(form, 'engineers').value).toBe('50'));
    expect(send(form)).toBe(true);
  });

  it('holds back an on-site time in the future, saying so under the field; a few minutes ahead go', async () => {
    // A month ahead (27/12/2026 on 26/11/2026, say): a site time records work done.
    const ahead = formatForMode(new Date(Date.now() + 31 * 86_400_000), 'datetime');
    const form = await mount(`data-on-site="${ahead}" data-engineers="1"`);
    expect(send(form)).toBe(false);
    // Under the field, and what it is described by (beside its format hint).
    const error = await vi.waitFor(() => {
      const ids = (field(form, 'on_site').getAttribute('aria-describedby') ?? '').split(' ');
      const found = ids
        .map((id) => document.getElementById(id))
        .find((element) => element?.textContent === 'The on-site time is in the future');
      if (!found) throw new Error('no error under the field');
      return found;
    });
    expect(field(form, 'on_site').closest('.fm-field')?.contains(error)).toBe(true);
    expect(field(form, 'on_site').getAttribute('aria-invalid')).toBe('true');

    // Two minutes ahead of this clock is a clock difference, not the future.
    const soon = formatForMode(new Date(Date.now() + 2 * 60_000), 'datetime');
    fireEvent.input(field(form, 'on_site'), { target: { value: soon } });
    await vi.waitFor(() => expect(field(form, 'on_site').value).toBe(soon));
    expect(send(form)).toBe(true);
  });

  it('holds back a form without an on-site time or with a bad engineer count, and says why', async () => {
    const form = await mount();
    let sent = 0;
    form.addEventListener('submit', (event) => {
      setTimeout(() => {
        if (!event.defaultPrevented) sent += 1;
      });
    });
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    fireEvent.input(field(form, 'engineers'), { target: { value: '0' } });
    button.focus();
    form.requestSubmit(button);
    await vi.waitFor(() => expect(form.textContent).toContain('On site is required'));
    expect(form.textContent).toContain('Number of engineers must be a whole number of 1 or more');
    expect(field(form, 'engineers').getAttribute('aria-invalid')).toBe('true');
    // The first field at fault takes the focus, as in the other forms.
    await vi.waitFor(() => expect(document.activeElement).toBe(field(form, 'on_site')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toBe(0);
    expect(button.textContent).toBe('Save site time');

    fireEvent.input(field(form, 'on_site'), { target: { value: '02/03/2026 09:15' } });
    fireEvent.input(field(form, 'engineers'), { target: { value: '2' } });
    await vi.waitFor(() => expect(field(form, 'engineers').value).toBe('2'));
    form.requestSubmit(button);
    await vi.waitFor(() => expect(button.textContent).toBe('Saving...'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toBe(1);
  });
});
