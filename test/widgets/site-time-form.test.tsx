import { fireEvent } from '@testing-library/dom';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatForMode } from '../../src/core/date-input';
import { showJobStatus } from '../../src/ui/job-status';
import { valuesForRemoteFix } from '../../widgets/site-time-form/SiteTimeForm';
import '../../widgets/site-time-form/index';
import { send } from './native-form';

async function mount(attributes = '', config: object = {}) {
  document.head.innerHTML = `<meta name="csrf-token" content="tok-9"><script type="application/json" id="fm-config">${JSON.stringify(config)}</script>`;
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

describe('fm-site-time-form: what the job allows', () => {
  it('offers Remote fix, with its rule, on a job the lifecycle lets take one (Released)', async () => {
    const form = await mount('data-job-status="3"');
    expect(remoteFix(form)).not.toBeNull();
    const hint = remoteFix(form).getAttribute('aria-describedby') ?? '';
    expect(form.querySelector(`[id="${hint}"]`)?.textContent).toBe(
      'For a job fixed without a visit: the site time is now, one engineer. Where you are is not checked here, as this form records time from anywhere.',
    );
  });

  it('offers no Remote fix on a job On Site, says why, and posts remote_fix 0', async () => {
    const form = await mount('data-job-status="6"');
    expect(remoteFix(form)).toBeNull();
    expect(form.querySelector('.fm-site-time-form__no-remote')?.textContent).toBe(
      'Recording a remote fix is not possible: job 1004 is On Site.',
    );
    expect(new FormData(form).getAll('SiteTime[remote_fix]')).toEqual(['0']);
    expect(field(form, 'on_site').readOnly).toBe(false);
  });

  it('a remote fix kept from a refused post is not locked on a job On Site: the times stay editable', async () => {
    const form = await mount(
      'data-job-status="6" data-remote-fix data-on-site="02/03/2026 09:15" data-engineers="1"',
    );
    expect(remoteFix(form)).toBeNull();
    expect(field(form, 'on_site').value).toBe('02/03/2026 09:15');
    expect(field(form, 'on_site').readOnly).toBe(false);
  });

  it('the Remote fix box goes when the host says the job went On Site, and keeps what was typed', async () => {
    const form = await mount('data-job-status="3"');
    fireEvent.input(field(form, 'engineers'), { target: { value: '3' } });
    await vi.waitFor(() => expect(field(form, 'engineers').value).toBe('3'));
    document.querySelector('fm-site-time-form')?.setAttribute('data-job-status', '6');
    await vi.waitFor(() => expect(remoteFix(form)).toBeNull());
    expect(field(form, 'engineers').value).toBe('3');
  });

  it("follows the job's status as the engineer's screen on the page shows it", async () => {
    const form = await mount('data-job-status="3"');
    expect(remoteFix(form)).not.toBeNull();
    // Another job's status changes nothing.
    act(() => showJobStatus(1005, 6));
    expect(remoteFix(form)).not.toBeNull();
    // A Sign On made with no signal: the screen shows the job On Site.
    act(() => showJobStatus(1004, 6));
    await vi.waitFor(() =>
      expect(form.querySelector('.fm-site-time-form__no-remote')?.textContent).toBe(
        'Recording a remote fix is not possible: job 1004 is On Site.',
      ),
    );
    act(() => showJobStatus(1004, 8));
    await vi.waitFor(() =>
      expect(document.querySelector('.fm-site-time-form__nothing')?.textContent).toBe(
        'This job is Complete: there is nothing more to record on it.',
      ),
    );
    expect(document.querySelector('form')).toBeNull();
  });

  it('takes the status from whichever said it last: the page read again after the screen', async () => {
    const form = await mount('data-job-status="3"');
    act(() => showJobStatus(1004, 3));
    expect(remoteFix(form)).not.toBeNull();
    // The host's page reads itself again (after a refusal): On Site, though the screen has not
    // asked yet.
    document.querySelector('fm-site-time-form')?.setAttribute('data-job-status', '6');
    await vi.waitFor(() => expect(remoteFix(form)).toBeNull());
    act(() => showJobStatus(1004, 3));
    expect(remoteFix(form)).toBeNull();
  });

  it('offers no form on a finished job, saying so in the engineer screen’s words', async () => {
    document.body.innerHTML =
      '<fm-site-time-form data-job-id="1004" data-job-status="8"></fm-site-time-form>';
    await vi.waitFor(() =>
      expect(document.querySelector('.fm-site-time-form__nothing')?.textContent).toBe(
        'This job is Complete: there is nothing more to record on it.',
      ),
    );
    expect(document.querySelector('form')).toBeNull();
  });

  it('a status that is not an id is named as the attribute at fault', async () => {
    document.body.innerHTML =
      '<fm-site-time-form data-job-id="1004" data-job-status="on site"></fm-site-time-form>';
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain(
        'data-job-status must be a positive whole number',
      ),
    );
  });
});

describe('fm-site-time-form: a post the host refused', () => {
  const ON_SITE_REFUSAL = 'Recording a remote fix is not possible: job 1004 is On Site.';
  const shown = (form: HTMLFormElement) =>
    [
      ...form.querySelectorAll(
        '.fm-refused-post [role="alert"] li, .fm-refused-post [role="alert"] p',
      ),
    ].map((node) => node.textContent);

  it('shows the host’s message at the top, takes the focus, and the kept fields are filled', async () => {
    const form = await mount(
      `data-refusal="${ON_SITE_REFUSAL}" data-remote-fix data-on-site="02/03/2026 09:15" data-off-site="02/03/2026 09:15" data-engineers="1"`,
    );
    expect(shown(form)).toEqual([ON_SITE_REFUSAL]);
    await vi.waitFor(() =>
      expect(document.activeElement?.closest('.fm-refused-post')).not.toBeNull(),
    );
    expect(form.firstElementChild?.nextElementSibling?.nextElementSibling?.className).toBe(
      'fm-refused-post',
    );
    expect(field(form, 'on_site').value).toBe('02/03/2026 09:15');
    expect(field(form, 'off_site').value).toBe('02/03/2026 09:15');
    expect(field(form, 'engineers').value).toBe('1');
    expect(remoteFix(form).checked).toBe(true);
  });

  it('reads the host’s JSON error body, one message or a list, as text', async () => {
    const body = JSON.stringify({
      status: 'error',
      message: ['On site is required', '<b>Number</b> of engineers must be 50 or fewer'],
    }).replaceAll('"', '&quot;');
    const form = await mount(`data-refusal="${body}"`);
    expect(shown(form)).toEqual([
      'On site is required',
      '<b>Number</b> of engineers must be 50 or fewer',
    ]);
    expect(form.querySelector('.fm-refused-post b')).toBeNull();
  });

  it('says no reason was given for an empty message, or JSON of another shape, never the bare answer', async () => {
    for (const given of [
      '',
      '   ',
      '{&quot;status&quot;:&quot;error&quot;}',
      '{&quot;ok&quot;:1}',
      '[]',
    ]) {
      const form = await mount(`data-refusal="${given}"`);
      expect(shown(form)).toEqual([
        'This was not saved, and no reason was given. Check the fields and send it again.',
      ]);
    }
  });

  it('shows nothing without a refusal', async () => {
    const form = await mount();
    expect(form.querySelector('.fm-refused-post')).toBeNull();
    expect(form.querySelector('[role="alert"]')).toBeNull();
  });
});

describe("fm-site-time-form: the page's and the element's words", () => {
  it('shows its own words and the job’s shared ones as given, on the form and in what it says', async () => {
    const messages = {
      'siteTimeForm.save': 'Zeit speichern',
      'siteTimeForm.remoteFixHint': 'Ohne Besuch behoben.',
    };
    const form = await mount(`data-job-status="3" data-messages='${JSON.stringify(messages)}'`, {
      messages: { 'siteTime.onSiteRequired': 'Ankunft fehlt', 'siteTimeForm.onSite': 'Ankunft' },
    });
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button.textContent).toBe('Zeit speichern');
    const hint = remoteFix(form).getAttribute('aria-describedby') ?? '';
    expect(form.querySelector(`[id="${hint}"]`)?.textContent).toBe('Ohne Besuch behoben.');
    expect(form.querySelector(`label[for="${field(form, 'on_site').id}"]`)?.textContent).toContain(
      'Ankunft',
    );
    fireEvent.input(field(form, 'engineers'), { target: { value: '1' } });
    form.requestSubmit(button);
    await vi.waitFor(() =>
      expect(form.querySelector('[role="alert"]')?.textContent).toBe('Ankunft fehlt'),
    );
  });

  it('names a job it offers no Remote fix in the shared words', async () => {
    const form = await mount('data-job-status="6"', {
      messages: { 'jobStatus.onSite': 'Vor Ort', 'job.actionRemoteFix': 'Fernbehebung' },
    });
    expect(form.querySelector('.fm-site-time-form__no-remote')?.textContent).toBe(
      'Fernbehebung is not possible: job 1004 is Vor Ort.',
    );
  });
});
