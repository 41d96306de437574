import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type SiteTimeSaveRequest,
  siteTimeIndexPath,
  siteTimeIndexResponse,
  siteTimeSaveResponse,
} from '../../src/core/contract';
import { formatForMode } from '../../src/core/date-input';
import { NOTE_TOO_SHORT } from '../../src/core/job-messages';
import { createHost, decoded, errorOf, flashAfter, type Host, TOKEN } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

const geo = { lat: 53.7961, long: -1.5471, accuracy: 12 };

const save = (request: Partial<SiteTimeSaveRequest>) =>
  host.post('/api/site_times/save', { id: null, job_id: 1004, geo, action: 'signon', ...request });

const signedOn = async (jobId = 1004) =>
  (await decoded(await host.get(siteTimeIndexPath(jobId)), siteTimeIndexResponse)).status ===
  'success';

describe('GET /api/site_times/index/{jobId} (call 23)', () => {
  it('answers an error with HTTP 200 when not signed on (job 1004)', async () => {
    const body = await decoded(await host.get(siteTimeIndexPath(1004)), siteTimeIndexResponse);
    expect(body.status).toBe('error');
  });

  it('answers 404 for an unknown job', async () => {
    expect(await errorOf(await host.get(siteTimeIndexPath(99999)), 404)).toMatch(/Job 99999/);
  });
});

describe('POST /api/site_times/save (call 24)', () => {
  it('signs on (an open site time), then signs off (closed)', async () => {
    const on = await decoded(await save({ action: 'signon' }), siteTimeSaveResponse);
    expect(on).toMatchObject({
      status: 'success',
      action: 'signon',
      data: { off_site: null, formatted_off_site: null },
    });
    expect(on.data.formatted_on_site).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(
      host.row('SELECT job_id, off_site, lat, long, accuracy FROM site_times WHERE id = ?', on.id),
    ).toEqual({
      job_id: 1004,
      off_site: null,
      ...geo,
    });
    const index = await decoded(await host.get(siteTimeIndexPath(1004)), siteTimeIndexResponse);
    expect(index).toEqual({
      status: 'success',
      data: { SiteTime: { id: on.id } },
      job_status_id: 6, // On Site
    });

    const off = await decoded(await save({ action: 'signoff', id: on.id }), siteTimeSaveResponse);
    expect(off.id).toBe(on.id);
    expect(off.data.off_site).not.toBeNull();
    expect(await signedOn()).toBe(false);
    expect(host.row('SELECT status_id FROM jobs WHERE id = 1004')).toEqual({ status_id: 3 });
  });

  it('stores client_time as the on and off times, and as the time of the note', async () => {
    const on = await decoded(
      await save({
        action: 'signon',
        client_time: '2026-03-02T09:15:00',
        note: 'Boiler pressure checked in the plant room',
      }),
      siteTimeSaveResponse,
    );
    // Written on the device at 09:15, whenever it arrived.
    expect(
      host.row('SELECT created FROM notes WHERE job_id = 1004 AND description LIKE ?', 'Boiler%'),
    ).toEqual({ created: '2026-03-02 09:15:00' });
    expect(on.data).toMatchObject({
      on_site: '2026-03-02 09:15:00',
      formatted_on_site: '02/03/2026 09:15',
    });
    const off = await decoded(
      await save({ action: 'signoff', id: null, client_time: '2026-03-02T11:40:30' }),
      siteTimeSaveResponse,
    );
    expect(off.data).toMatchObject({
      off_site: '2026-03-02 11:40:30',
      formatted_off_site: '02/03/2026 11:40',
    });
  });

  it('completes: closes the site time and marks the job complete, with the note', async () => {
    const on = await decoded(await save({ action: 'signon' }), siteTimeSaveResponse);
    const done = await decoded(
      await save({ action: 'complete', id: on.id, note: 'Replaced the fan capacitor, tested OK.' }),
      siteTimeSaveResponse,
    );
    expect(done.action).toBe('complete');
    expect(
      host.row('SELECT off_site IS NOT NULL AS closed FROM site_times WHERE id = ?', on.id),
    ).toEqual({ closed: 1 });
    expect(host.row('SELECT status_id FROM jobs WHERE id = 1004')).toEqual({ status_id: 8 });
    expect(
      host.count(
        'notes',
        'job_id = 1004 AND description = ?',
        'Replaced the fan capacitor, tested OK.',
      ),
    ).toBe(1);
  });

  it('records a remote fix as on and off now with the remote-fix flag', async () => {
    const fix = await decoded(
      await save({ action: 'remotefix', job_id: 1005 }),
      siteTimeSaveResponse,
    );
    expect(fix.data.off_site).toBe(fix.data.on_site);
    expect(
      host.row(
        'SELECT remote_fix, off_site = on_site AS same FROM site_times WHERE id = ?',
        fix.id,
      ),
    ).toEqual({
      remote_fix: 1,
      same: 1,
    });
    expect(await signedOn(1005)).toBe(false);
  });

  it('refuses out-of-order actions and bad input, changing nothing', async () => {
    const before = host.snapshot();
    expect(await errorOf(await save({ action: 'signoff' }), 400)).toMatch(/not signed on/);
    expect(await errorOf(await save({ action: 'complete' }), 400)).toMatch(/not signed on/);
    expect(await errorOf(await save({ action: 'dance' as 'signon' }), 400)).toMatch(/action/);
    expect(await errorOf(await save({ geo: { lat: 123, long: 0, accuracy: 5 } }), 400)).toMatch(
      /geo\.lat/,
    );
    expect(await errorOf(await save({ geo: undefined }), 400)).toMatch(/geo is required/);
    expect(await errorOf(await save({ client_time: 'yesterday' }), 400)).toMatch(/client_time/);
    expect(await errorOf(await save({ note: 'Fixed it' }), 400)).toBe(NOTE_TOO_SHORT);
    expect(host.snapshot()).toBe(before);

    await decoded(await save({ action: 'signon' }), siteTimeSaveResponse);
    expect(await errorOf(await save({ action: 'signon' }), 400)).toMatch(/already signed on/);
    expect(await errorOf(await save({ action: 'remotefix' }), 400)).toMatch(/Sign off/);
    expect(await errorOf(await save({ action: 'signoff', id: 99999 }), 404)).toMatch(
      /Site time 99999/,
    );
    expect(await errorOf(await save({ job_id: 99999 }), 404)).toMatch(/Job 99999/);
  });

  it('uses the required message for short engineer notes', () => {
    expect(NOTE_TOO_SHORT).toBe('You need to fill out the notes field (minimum 8 characters)');
  });
});

describe('POST /api/site_times/save with action_id: each action recorded once', () => {
  const NOTE = 'Reset the controller, all good now.';
  /** The rows one action leaves: site times, notes, the job's status, the remembered action. */
  const recordOf = (jobId: number) => ({
    siteTimes: host.count('site_times', 'job_id = ?', jobId),
    closed: host.count('site_times', 'job_id = ? AND off_site IS NOT NULL', jobId),
    notes: host.count('notes', 'job_id = ? AND description = ?', jobId, NOTE),
    actions: host.count('site_time_actions', 'job_id = ?', jobId),
    status: host.row<{ status_id: number }>('SELECT status_id FROM jobs WHERE id = ?', jobId)
      .status_id,
  });

  it.each([
    ['signon', false],
    ['signoff', true],
    ['complete', true],
    ['remotefix', false],
  ] as const)(
    'a repeated %s is answered as the first time and recorded once',
    async (action, needsSignOn) => {
      if (needsSignOn) await decoded(await save({ action: 'signon' }), siteTimeSaveResponse);
      const request = { action, note: NOTE, action_id: crypto.randomUUID() };
      const first = await decoded(await save(request), siteTimeSaveResponse);
      const after = recordOf(1004);
      const repeat = await decoded(await save(request), siteTimeSaveResponse);
      expect(repeat).toEqual(first);
      expect(recordOf(1004)).toEqual(after);
      expect(after.notes).toBe(1);
      expect(after.actions).toBe(1);
    },
  );

  it('answers a repeat that arrives with the first at once the same, recorded once', async () => {
    const request = { action: 'remotefix' as const, action_id: crypto.randomUUID() };
    const answers = await Promise.all([save(request), save(request), save(request)]);
    const bodies = await Promise.all(
      answers.map((answer) => decoded(answer, siteTimeSaveResponse)),
    );
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(host.count('site_times', 'job_id = 1004 AND remote_fix = 1')).toBe(1);
  });

  it('keeps actions with different ids apart, and refuses an id reused for another action', async () => {
    const id = crypto.randomUUID();
    const on = await decoded(await save({ action: 'signon', action_id: id }), siteTimeSaveResponse);
    const before = host.snapshot();
    expect(await errorOf(await save({ action: 'signoff', action_id: id }), 409)).toMatch(
      /action_id/,
    );
    expect(
      await errorOf(await save({ action: 'signon', job_id: 1005, action_id: id }), 409),
    ).toMatch(/action_id/);
    expect(host.snapshot()).toBe(before);
    const off = await decoded(
      await save({ action: 'signoff', action_id: crypto.randomUUID() }),
      siteTimeSaveResponse,
    );
    expect(off.id).toBe(on.id);
    expect(host.count('site_time_actions')).toBe(2);
  });

  it('refuses a malformed action_id, and stores nothing for a refused action', async () => {
    const before = host.snapshot();
    expect(await errorOf(await save({ action_id: 'not an id!' }), 400)).toMatch(/action_id/);
    expect(await errorOf(await save({ action_id: 'x'.repeat(65) }), 400)).toMatch(/action_id/);
    const refused = { action: 'signoff' as const, action_id: crypto.randomUUID() };
    expect(await errorOf(await save(refused), 400)).toMatch(/not signed on/);
    expect(host.snapshot()).toBe(before);
  });
});

describe('POST /site_times/add/{jobId} (the site time form, posted natively)', () => {
  const body = (fields: Record<string, string>, csrf = true) =>
    new URLSearchParams({
      ...(csrf ? { _csrfToken: TOKEN } : {}),
      'SiteTime[job_id]': '1004',
      'SiteTime[remote_fix]': '0',
      ...fields,
    });
  /** As a browser posts it: it asks for a page. */
  const form = (fields: Record<string, string>, csrf = true) =>
    host.post('/site_times/add/1004', body(fields, csrf), { as: 'form', csrf: false });
  /** As a PHP controller calling on posts it: it asks for JSON. */
  const formJson = (fields: Record<string, string>) =>
    host.request('/site_times/add/1004', {
      method: 'POST',
      headers: {
        cookie: `csrfToken=${TOKEN}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: body(fields),
    });
  /** The page the refused post sends the browser back to, with the cookies it set. */
  const pageAfter = async (response: Response) => {
    expect(response.status).toBe(303);
    const cookies = (response.headers.get('set-cookie') ?? '')
      .split(/,(?=\s*\w+=)/)
      .map((cookie) => cookie.split(';')[0]?.trim())
      .join('; ');
    const page = await host.request(response.headers.get('location') ?? '/', {
      headers: { cookie: `csrfToken=${TOKEN}; ${cookies}` },
    });
    return { status: page.status, text: await page.text(), cookies };
  };
  /** The site time form's tag as the page writes it. */
  const formTag = (page: string) => /<fm-site-time-form[^>]*>/.exec(page)?.[0] ?? '';
  const attribute = (tag: string, name: string) => {
    const value = new RegExp(` ${name}(?:="([^"]*)")?`).exec(tag);
    return value ? decodeEntities(value[1] ?? '') : null;
  };
  const decodeEntities = (text: string) =>
    text
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');

  const statusOf = () =>
    (host.row('SELECT status_id FROM jobs WHERE id = 1004') as { status_id: number }).status_id;

  it("lists the job's site times by when they were, latest first, one typed in afterwards among them", async () => {
    await form({ 'SiteTime[on_site]': '02/03/2026 09:15', 'SiteTime[engineers]': '1' });
    await form({ 'SiteTime[on_site]': '01/03/2026 14:00', 'SiteTime[engineers]': '2' });
    await form({ 'SiteTime[on_site]': '03/03/2026 07:30', 'SiteTime[engineers]': '1' });
    const page = await (await host.get('/engineer/jobs/1004')).text();
    const listed = [...page.matchAll(/<li>(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}) –/g)].map(
      (found) => found[1],
    );
    expect(listed).toEqual(['03/03/2026 07:30', '02/03/2026 09:15', '01/03/2026 14:00']);
  });

  it('stores the times and engineers, then goes back to the job, its status as it was', async () => {
    const response = await form({
      'SiteTime[on_site]': '02/03/2026 09:15',
      'SiteTime[off_site]': '02/03/2026 11:40',
      'SiteTime[engineers]': '2',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/engineer/jobs/1004');
    expect(await flashAfter(host, response)).toBe(
      'Site time saved: 02/03/2026 09:15 – 02/03/2026 11:40.',
    );
    expect(
      host.row(
        'SELECT on_site, off_site, remote_fix, engineers FROM site_times WHERE job_id = 1004',
      ),
    ).toEqual({
      on_site: '2026-03-02 09:15:00',
      off_site: '2026-03-02 11:40:00',
      remote_fix: 0,
      engineers: 2,
    });
    expect(statusOf()).toBe(3);
  });

  it('a remote fix completes the job as the Remote Fix button does, and My jobs says so', async () => {
    const response = await form({
      'SiteTime[remote_fix]': '1',
      'SiteTime[on_site]': '02/03/2026 09:15',
      'SiteTime[off_site]': '02/03/2026 09:15',
      'SiteTime[engineers]': '1',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/engineer/jobs');
    expect(
      host.row(
        'SELECT on_site, off_site, remote_fix, engineers FROM site_times WHERE job_id = 1004',
      ),
    ).toEqual({
      on_site: '2026-03-02 09:15:00',
      off_site: '2026-03-02 09:15:00',
      remote_fix: 1,
      engineers: 1,
    });
    expect(statusOf()).toBe(8);
    const cookie = /flash=[^;]*/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const myJobs = await (
      await host.request('/engineer/jobs', { headers: { cookie: `csrfToken=${TOKEN}; ${cookie}` } })
    ).text();
    expect(myJobs).toContain(
      'Job 1004 (Sales floor cassette not cooling) is complete: your remote fix at 02/03/2026 09:15 is recorded.',
    );
    // The job has left the engineer's list.
    expect(myJobs).not.toContain('class="engineer-jobs__link" href="/engineer/jobs/1004"');
    expect(myJobs).toContain('class="engineer-jobs__link" href="/engineer/jobs/');
  });

  it("refuses a remote fix where the lifecycle does (signed on: On Site), in the lifecycle's words", async () => {
    host.db.prepare('UPDATE jobs SET status_id = 6 WHERE id = 1004').run();
    const before = host.snapshot();
    const remoteFix = {
      'SiteTime[remote_fix]': '1',
      'SiteTime[on_site]': '02/03/2026 09:15',
      'SiteTime[off_site]': '02/03/2026 09:15',
      'SiteTime[engineers]': '1',
    };
    expect(await errorOf(await formJson(remoteFix), 409)).toBe(
      'Recording a remote fix is not possible: job 1004 is On Site.',
    );
    expect(host.snapshot()).toBe(before);
    // A site time that is no remote fix is still taken on the job On Site.
    const plain = await form({ ...remoteFix, 'SiteTime[remote_fix]': '0' });
    expect(plain.headers.get('location')).toBe('/engineer/jobs/1004');
    expect(statusOf()).toBe(6);
  });

  it('refuses a finished job, which takes no more time (the sign-on screen says so)', async () => {
    host.db.prepare('UPDATE jobs SET status_id = 8 WHERE id = 1004').run();
    const before = host.snapshot();
    const fields = { 'SiteTime[on_site]': '02/03/2026 09:15', 'SiteTime[engineers]': '1' };
    expect(await errorOf(await formJson(fields), 409)).toBe(
      'Adding a site time is not possible: job 1004 is Complete.',
    );
    expect(host.snapshot()).toBe(before);
  });

  it("refuses a job not released yet (Awaiting Release): it is no engineer's work", async () => {
    host.db.prepare('UPDATE jobs SET status_id = 4, type_id = 7 WHERE id = 1004').run();
    const before = host.snapshot();
    const fields = { 'SiteTime[on_site]': '02/03/2026 09:15', 'SiteTime[engineers]': '1' };
    expect(await errorOf(await formJson(fields), 409)).toBe(
      'Adding a site time is not possible: job 1004 is Awaiting Release.',
    );
    expect(host.snapshot()).toBe(before);
  });

  it('refuses bad times and engineer counts, storing nothing', async () => {
    const before = host.snapshot();
    const cases: [Record<string, string>, RegExp][] = [
      [{ 'SiteTime[engineers]': '1' }, /On site is required/],
      [
        { 'SiteTime[on_site]': '31/02/2026 09:15', 'SiteTime[engineers]': '1' },
        /There is no 31\/02\/2026 09:15 in the calendar/,
      ],
      [{ 'SiteTime[on_site]': '2026-03-02 09:15', 'SiteTime[engineers]': '1' }, /DD\/MM\/YYYY/],
      [{ 'SiteTime[on_site]': '02/03/2026 09:15', 'SiteTime[engineers]': '1.0' }, /engineers/],
      [{ 'SiteTime[on_site]': '02/03/2026 09:15', 'SiteTime[engineers]': '0' }, /engineers/],
      [
        { 'SiteTime[on_site]': '02/03/2026 09:15', 'SiteTime[engineers]': '99999' },
        /^Number of engineers must be 50 or fewer$/,
      ],
      [
        {
          'SiteTime[on_site]': '02/03/2026 09:15',
          'SiteTime[off_site]': '02/03/2026 08:00',
          'SiteTime[engineers]': '2',
        },
        /before the on-site time/,
      ],
    ];
    for (const [fields, message] of cases) {
      expect(await errorOf(await formJson(fields), 400)).toMatch(message);
    }
    expect(host.snapshot()).toBe(before);
  });

  it("refuses a time in the future in the form's words, and takes one a couple of minutes ahead", async () => {
    const ahead = (ms: number) => formatForMode(new Date(Date.now() + ms), 'datetime');
    const before = host.snapshot();
    expect(
      await errorOf(
        await formJson({
          'SiteTime[on_site]': ahead(31 * 86_400_000),
          'SiteTime[engineers]': '1',
        }),
        400,
      ),
    ).toBe('The on-site time is in the future');
    expect(
      await errorOf(
        await formJson({
          'SiteTime[on_site]': '02/03/2026 09:15',
          'SiteTime[off_site]': ahead(3 * 3_600_000),
          'SiteTime[engineers]': '1',
        }),
        400,
      ),
    ).toBe('The off-site time is in the future');
    expect(host.snapshot()).toBe(before);
    const soon = await form({ 'SiteTime[on_site]': ahead(2 * 60_000), 'SiteTime[engineers]': '1' });
    expect(soon.status).toBe(303);
    expect(host.count('site_times', 'job_id = 1004')).toBe(1);
  });

  it("takes up to 50 engineers on one visit (the form's bound, site-time-rules.ts)", async () => {
    const response = await form({
      'SiteTime[on_site]': '02/03/2026 09:15',
      'SiteTime[engineers]': '50',
    });
    expect(response.status).toBe(303);
    expect(host.row('SELECT engineers FROM site_times WHERE job_id = 1004')).toEqual({
      engineers: 50,
    });
  });

  it('a refused post brings the browser back to the form, with the message and the fields as posted', async () => {
    host.db.prepare('UPDATE jobs SET status_id = 6 WHERE id = 1004').run();
    const before = host.snapshot();
    const response = await form({
      'SiteTime[remote_fix]': '1',
      'SiteTime[on_site]': '02/03/2026 09:15',
      'SiteTime[off_site]': '02/03/2026 09:16',
      'SiteTime[engineers]': '1',
    });
    expect(response.headers.get('location')).toBe('/engineer/jobs/1004');
    expect(host.snapshot()).toBe(before);
    const page = await pageAfter(response);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('{"status":"error"');
    const tag = formTag(page.text);
    expect(JSON.parse(attribute(tag, 'data-refusal') ?? '')).toEqual({
      status: 'error',
      message: 'Recording a remote fix is not possible: job 1004 is On Site.',
    });
    expect(attribute(tag, 'data-on-site')).toBe('02/03/2026 09:15');
    expect(attribute(tag, 'data-off-site')).toBe('02/03/2026 09:16');
    expect(attribute(tag, 'data-engineers')).toBe('1');
    expect(attribute(tag, 'data-remote-fix')).toBe('');
    // The form knows the job is On Site, and so offers no remote fix this time.
    expect(attribute(tag, 'data-job-status')).toBe('6');
    // Once: the page read again shows the form as new.
    const again = await host.request('/engineer/jobs/1004', {
      headers: { cookie: `csrfToken=${TOKEN}` },
    });
    expect(attribute(formTag(await again.text()), 'data-refusal')).toBeNull();
  });

  it('every problem comes back, as a list, with what was typed (a count that is no number left out)', async () => {
    const response = await form({
      'SiteTime[on_site]': '02/03/2026 <b>09:15',
      'SiteTime[engineers]': 'lots',
    });
    const tag = formTag((await pageAfter(response)).text);
    const refusal = JSON.parse(attribute(tag, 'data-refusal') ?? '') as { message: string[] };
    expect(refusal.message).toHaveLength(2);
    expect(refusal.message[1]).toBe('Number of engineers must be a whole number of 1 or more');
    expect(attribute(tag, 'data-on-site')).toBe('02/03/2026 <b>09:15');
    expect(tag).not.toContain('<b>');
    expect(attribute(tag, 'data-engineers')).toBeNull();
    expect(attribute(tag, 'data-remote-fix')).toBeNull();
  });

  it('a refusal for a job finished meanwhile is said by the page, which offers no form', async () => {
    host.db.prepare('UPDATE jobs SET status_id = 8 WHERE id = 1004').run();
    const response = await form({
      'SiteTime[on_site]': '02/03/2026 09:15',
      'SiteTime[engineers]': '1',
    });
    const page = await pageAfter(response);
    expect(formTag(page.text)).toBe('');
    expect(page.text).toContain(
      '<fm-flash>Adding a site time is not possible: job 1004 is Complete.</fm-flash>',
    );
  });

  it('a refusal kept for another form, or not made by the host, is not shown', async () => {
    const forged = (value: unknown) =>
      host.request('/engineer/jobs/1004', {
        headers: {
          cookie: `csrfToken=${TOKEN}; refused=${encodeURIComponent(JSON.stringify(value))}`,
        },
      });
    for (const value of [
      { form: 'fm-cost-form', messages: ['No'], fields: {} },
      { form: 'fm-site-time-form', messages: 'No', fields: {} },
      'not json',
    ]) {
      const tag = formTag(await (await forged(value)).text());
      expect(tag).not.toBe('');
      expect(attribute(tag, 'data-refusal')).toBeNull();
    }
  });

  it('answers a client that asks for JSON with the outcome, and where the browser would go', async () => {
    const saved = await formJson({
      'SiteTime[on_site]': '02/03/2026 09:15',
      'SiteTime[engineers]': '2',
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      status: 'success',
      message: 'Site time saved: 02/03/2026 09:15.',
      location: '/engineer/jobs/1004',
    });
  });

  it('records an entry sent from a device once, answering a repeat of its entry_id as the first time', async () => {
    const entry = {
      'SiteTime[on_site]': '02/03/2026 09:15',
      'SiteTime[engineers]': '1',
      'SiteTime[entry_id]': crypto.randomUUID(),
    };
    const first = await formJson(entry);
    expect(first.status).toBe(200);
    const answer = await first.json();
    const again = await formJson(entry);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect(host.row('SELECT COUNT(*) AS n FROM site_times WHERE job_id = 1004')).toEqual({ n: 1 });
    // A repeat is answered even once the job is finished: it has it already.
    host.db.prepare('UPDATE jobs SET status_id = 8 WHERE id = 1004').run();
    expect(await (await formJson(entry)).json()).toEqual(answer);
  });

  it('refuses an entry of a job finished meanwhile, and a malformed entry_id, recording nothing', async () => {
    const count = () => host.row('SELECT COUNT(*) AS n FROM site_times WHERE job_id = 1004');
    const before = count();
    expect(await errorOf(await formJson({ 'SiteTime[entry_id]': 'not an id!' }), 400)).toMatch(
      /entry id/,
    );
    host.db.prepare('UPDATE jobs SET status_id = 8 WHERE id = 1004').run();
    const refused = await formJson({
      'SiteTime[on_site]': '02/03/2026 09:15',
      'SiteTime[engineers]': '1',
      'SiteTime[entry_id]': crypto.randomUUID(),
    });
    expect(await errorOf(refused, 409)).toBe(
      'Adding a site time is not possible: job 1004 is Complete.',
    );
    expect(count()).toEqual(before);
    expect(host.row('SELECT COUNT(*) AS n FROM site_time_entries')).toEqual({ n: 0 });
  });

  it('needs the CSRF token field', async () => {
    const response = await form(
      { 'SiteTime[on_site]': '02/03/2026 09:15', 'SiteTime[engineers]': '1' },
      false,
    );
    expect(response.status).toBe(403);
  });
});

describe('the job lifecycle on the engineer calls', () => {
  const statusOf = (jobId = 1004) =>
    (host.row('SELECT status_id FROM jobs WHERE id = ?', jobId) as { status_id: number }).status_id;
  const flashOn = async (response: Response, path: string) => {
    const cookie = /flash=[^;]*/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const page = await host.request(path, { headers: { cookie: `csrfToken=${TOKEN}; ${cookie}` } });
    return /role="status">([^<]*)<\/p>/.exec(await page.text())?.[1] ?? null;
  };

  it('sign on puts the job On Site, sign off back to Released, and the lookup says which', async () => {
    const on = await decoded(await save({ action: 'signon' }), siteTimeSaveResponse);
    expect(statusOf()).toBe(6);
    const index = await decoded(await host.get(siteTimeIndexPath(1004)), siteTimeIndexResponse);
    expect(index.job_status_id).toBe(6);
    await decoded(await save({ action: 'signoff', id: on.id }), siteTimeSaveResponse);
    expect(statusOf()).toBe(3);
  });

  it('complete makes the job Complete; nobody can then sign on or fix it remotely', async () => {
    const on = await decoded(await save({ action: 'signon' }), siteTimeSaveResponse);
    const done = await save({ action: 'complete', id: on.id });
    await decoded(done, siteTimeSaveResponse);
    expect(statusOf()).toBe(8);
    const sites = host.count('site_times');
    expect(await errorOf(await save({ action: 'signon' }), 409)).toBe(
      'Signing on is not possible: job 1004 is Complete.',
    );
    expect(await errorOf(await save({ action: 'remotefix' }), 409)).toBe(
      'Recording a remote fix is not possible: job 1004 is Complete.',
    );
    expect(host.count('site_times')).toBe(sites);
    expect(statusOf()).toBe(8);
  });

  it('remote fix makes the job Complete, and My jobs (not the job page) says what was recorded', async () => {
    const fixed = await save({ action: 'remotefix' });
    const answer = await decoded(fixed.clone(), siteTimeSaveResponse);
    expect(statusOf()).toBe(8);
    // The job's page, read again by the host page after the action, leaves the message be.
    expect(await flashOn(fixed, '/engineer/jobs/1004')).toBeNull();
    expect(await flashOn(fixed, '/engineer/jobs')).toBe(
      `Job 1004 (Sales floor cassette not cooling) is complete: your remote fix at ${answer.data.formatted_on_site} is recorded.`,
    );
  });

  it('a job awaiting release cannot be signed on to', async () => {
    expect(await errorOf(await save({ action: 'signon', job_id: 1001 }), 409)).toBe(
      'Signing on is not possible: job 1001 is Awaiting Release.',
    );
  });
});
