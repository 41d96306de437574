// What waits on the device for the engineer's job page, in happy-dom (no IndexedDB here: the
// page's outbox keeps its items in memory, src/ui/outbox.ts): the site time form's entries kept
// with data-offline, and the "On this device" list of fm-engineer-job.
import { fireEvent } from '@testing-library/dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../../src/ui/outbox';
import '../../widgets/engineer-job/index';
import engineerMessages from '../../widgets/engineer-job/messages';
import '../../widgets/site-time-form/index';
import siteTimeMessages from '../../widgets/site-time-form/messages';

type Reply = Response | 'offline';
let reply: (request: Request) => Reply;
let posts: { url: string; body: string; accept: string | null }[];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

async function fetchStub(request: Request): Promise<Response> {
  if (request.method === 'POST') {
    posts.push({
      url: request.url,
      body: await request.clone().text(),
      accept: request.headers.get('accept'),
    });
  }
  const answer = reply(request);
  if (answer === 'offline') throw new TypeError('Failed to fetch');
  return answer;
}

const text = (element: Element | null | undefined) => element?.textContent ?? '';

beforeAll(() => {
  // The browser will not promise to keep what is saved (asked once a page).
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { persist: vi.fn(async () => false), persisted: vi.fn(async () => false) },
  });
});

beforeEach(() => {
  posts = [];
  reply = () => 'offline';
  localStorage.clear();
  document.head.innerHTML = '<meta name="csrf-token" content="tok-9">';
  vi.stubGlobal('fetch', vi.fn(fetchStub));
});

afterEach(async () => {
  document.body.innerHTML = '';
  for (const item of await outbox().list()) await outbox().dismiss(item.key);
  vi.unstubAllGlobals();
});

async function mountForm() {
  document.body.innerHTML =
    '<fm-site-time-form data-offline data-job-id="1004" data-job-status="3"></fm-site-time-form>';
  const form = await vi.waitFor(() => {
    const found = document.querySelector<HTMLFormElement>('form.fm-site-time-form');
    if (!found) throw new Error('not rendered');
    return found;
  });
  const field = (name: string) =>
    form.querySelector(`input[name="SiteTime[${name}]"]:not([type="hidden"])`) as HTMLInputElement;
  fireEvent.input(field('on_site'), { target: { value: '02/03/2026 09:15' } });
  fireEvent.input(field('engineers'), { target: { value: '2' } });
  await vi.waitFor(() => expect(field('engineers').value).toBe('2'));
  return { form, field };
}

describe('fm-site-time-form with data-offline', () => {
  it('keeps an entry on the device when there is no signal, with an entry_id, and says so', async () => {
    const { form, field } = await mountForm();
    let posted = false;
    document.addEventListener(
      'submit',
      (event) => {
        posted = !event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    form.requestSubmit();
    expect(posted).toBe(false);
    await vi.waitFor(() =>
      expect(text(form.querySelector('[role="status"]'))).toBe(
        siteTimeMessages.siteTimeForm.kept(),
      ),
    );
    // Cleared for the next entry.
    expect(field('engineers').value).toBe('');
    const [item] = await outbox().list();
    expect(item).toMatchObject({ jobId: 1004, state: 'waiting' });
    expect(item?.record).toMatchObject({
      kind: 'siteTime',
      action: 'http://localhost:3000/site_times/add/1004',
      summary: '02/03/2026 09:15, 2 engineers',
    });
    expect(item?.record.kind === 'siteTime' && item.record.fields).toContainEqual([
      'SiteTime[engineers]',
      '2',
    ]);
    // Tried once, as JSON, with the token and the entry's id.
    const sentBody = new URLSearchParams(posts[0]?.body);
    expect(sentBody.get('SiteTime[entry_id]')).toBe(item?.key);
    expect(sentBody.get('_csrfToken')).toBe('tok-9');
    expect(posts[0]?.accept).toBe('application/json');
  });

  it('sent at once: the host’s words, the page told, nothing left on the device', async () => {
    reply = () =>
      json({
        status: 'success',
        message: 'Site time saved: 02/03/2026 09:15.',
        location: '/',
      });
    const { form } = await mountForm();
    const saved = vi.fn();
    document.addEventListener('fm-site-time-saved', saved);
    form.requestSubmit();
    await vi.waitFor(() =>
      expect(text(form.querySelector('[role="status"]'))).toBe(
        'Site time saved: 02/03/2026 09:15.',
      ),
    );
    expect(saved).toHaveBeenCalledTimes(1);
    expect(await outbox().list()).toEqual([]);
  });

  it('refused at once: the host’s words in the form, the fields kept, nothing left on the device', async () => {
    reply = () =>
      json(
        { status: 'error', message: 'Adding a site time is not possible: job 1004 is Complete.' },
        409,
      );
    const { form, field } = await mountForm();
    form.requestSubmit();
    await vi.waitFor(() =>
      expect(text(form.querySelector('[role="alert"]'))).toBe(
        'Adding a site time is not possible: job 1004 is Complete.',
      ),
    );
    expect(field('engineers').value).toBe('2');
    expect(await outbox().list()).toEqual([]);
  });
});

describe('fm-engineer-job: On this device', () => {
  it('lists a refusal after the fact against its item, with Retry and Dismiss, and that the browser may clear the device', async () => {
    reply = (request) =>
      new URL(request.url).pathname.startsWith('/api/site_times/index/')
        ? json({ status: 'error', message: 'You are not signed on to this job' })
        : json({ status: 'error', message: 'Job 1004 is Complete.' }, 409);
    await outbox().add({
      key: 'entry-1',
      jobId: 1004,
      madeAt: '2026-03-02T09:20:00.000Z',
      record: {
        kind: 'siteTime',
        action: 'http://localhost:3000/site_times/add/1004',
        fields: [['SiteTime[on_site]', '02/03/2026 09:15']],
        summary: '02/03/2026 09:15, 1 engineer',
      },
    });
    document.body.innerHTML =
      '<fm-engineer-job data-job-id="1004" data-device-only></fm-engineer-job>';
    const element = document.querySelector('fm-engineer-job') as HTMLElement;
    const item = () => element.querySelector('.fm-engineer__queue li');
    await vi.waitFor(() =>
      expect(text(item()?.querySelector('span'))).toBe(
        'Site time 02/03/2026 09:15, 1 engineer was not accepted: Job 1004 is Complete.',
      ),
    );
    expect(text(element.querySelector('.fm-engineer__device-title'))).toBe('On this device');
    expect(text(element.querySelector('[role="status"]'))).toBe(
      engineerMessages.engineerJob.notPersisted(),
    );
    const labels = [...(item()?.querySelectorAll('button') ?? [])].map((button) => text(button));
    expect(labels).toEqual(['Retry', 'Dismiss']);

    // Retry sends it again, under the same id.
    const before = posts.length;
    item()?.querySelector('button')?.click();
    await vi.waitFor(() => expect(posts.length).toBe(before + 1));
    expect(new URLSearchParams(posts.at(-1)?.body).get('SiteTime[entry_id]')).toBe('entry-1');
    await vi.waitFor(() => expect(text(item()?.querySelector('span'))).toMatch(/was not accepted/));

    [...(item()?.querySelectorAll('button') ?? [])].at(-1)?.click();
    await vi.waitFor(() => expect(element.querySelector('.fm-engineer__queue')).toBeNull());
    expect(await outbox().list()).toEqual([]);
  });

  it('says the browser may clear the device only while something of the engineer’s is not sent', async () => {
    reply = (request) =>
      new URL(request.url).pathname.startsWith('/api/site_times/index/')
        ? json({ status: 'error', message: 'You are not signed on to this job' })
        : json({ status: 'success', message: 'Site time saved: 02/03/2026 09:15.', location: '/' });
    await outbox().add({
      key: 'entry-2',
      jobId: 1004,
      madeAt: '2026-03-02T09:20:00.000Z',
      record: {
        kind: 'siteTime',
        action: 'http://localhost:3000/site_times/add/1004',
        fields: [['SiteTime[on_site]', '02/03/2026 09:15']],
        summary: '02/03/2026 09:15, 1 engineer',
      },
    });
    document.body.innerHTML =
      '<fm-engineer-job data-job-id="1004" data-device-only></fm-engineer-job>';
    const element = document.querySelector('fm-engineer-job') as HTMLElement;
    await vi.waitFor(() =>
      expect(text(element.querySelector('.fm-engineer__queue li span'))).toMatch(/: sent\. /),
    );
    expect(element.textContent).not.toContain(engineerMessages.engineerJob.notPersisted());
    for (const item of await outbox().list()) await outbox().dismiss(item.key);
  });
});
