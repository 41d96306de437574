import { describe, expect, it, vi } from 'vitest';
import { type Api, ApiError } from '../../src/runtime/api';
import {
  createOutbox,
  memoryOutboxStorage,
  type OutboxItem,
  type OutboxStorage,
  SENT_KEPT_MS,
  type SendOutcome,
} from '../../src/ui/outbox';
import { outboxSender, PHOTO_GONE } from '../../src/ui/outbox-send';
import { fakeLocks } from './fake-locks';

const photo = (key: string, madeAt = '2026-03-02T09:15:00.000Z') => ({
  key,
  jobId: 1004,
  madeAt,
  record: {
    kind: 'photo' as const,
    siteId: 1,
    stage: 'before' as const,
    name: 'boiler.png',
    file: new Blob(['png']),
  },
});

const siteTime = (key: string) => ({
  key,
  jobId: 1004,
  madeAt: '2026-03-02T09:20:00.000Z',
  record: {
    kind: 'siteTime' as const,
    action: 'http://localhost/site_times/add/1004',
    fields: [
      ['SiteTime[job_id]', '1004'],
      ['SiteTime[on_site]', '02/03/2026 09:15'],
    ] as [string, string][],
    summary: '02/03/2026 09:15, 1 engineer',
  },
});

const states = async (storage: OutboxStorage) =>
  (await storage.values()).map((item) => [item.key, item.state]).sort();

describe('the outbox on the device', () => {
  it('keeps an item waiting until the host has it, then lists it sent, its file dropped', async () => {
    const storage = memoryOutboxStorage();
    const outbox = createOutbox({ storage });
    await outbox.add(photo('p1'));
    expect(await states(storage)).toEqual([['p1', 'waiting']]);
    const seen: string[] = [];
    await outbox.send(async (item) => {
      seen.push(`${item.key} ${(await storage.get(item.key))?.state}`);
      return { kind: 'sent', message: 'The photo has been uploaded' };
    });
    expect(seen).toEqual(['p1 sending']);
    const [sent] = await outbox.list();
    expect(sent).toMatchObject({ state: 'sent', sent: 'The photo has been uploaded' });
    expect(sent?.record).toMatchObject({ kind: 'photo', file: null });
  });

  it('keeps a refusal with the host’s words until dismissed; Retry sends it again under its id', async () => {
    const storage = memoryOutboxStorage();
    const outbox = createOutbox({ storage });
    await outbox.add(siteTime('s1'));
    await outbox.add(photo('p2', '2026-03-02T09:30:00.000Z'));
    const refuse = async (item: OutboxItem): Promise<SendOutcome> =>
      item.key === 's1'
        ? { kind: 'refused', message: 'Adding a site time is not possible: job 1004 is Complete.' }
        : { kind: 'sent', message: 'ok' };
    await outbox.send(refuse);
    // The items after a refused one are still sent.
    expect(await states(storage)).toEqual([
      ['p2', 'sent'],
      ['s1', 'refused'],
    ]);
    expect((await storage.get('s1'))?.refused).toBe(
      'Adding a site time is not possible: job 1004 is Complete.',
    );
    await outbox.send(refuse);
    expect((await storage.get('s1'))?.state).toBe('refused');
    await outbox.retry('s1');
    expect(await storage.get('s1')).not.toHaveProperty('refused');
    const keys: string[] = [];
    await outbox.send(async (item) => {
      keys.push(item.key);
      return { kind: 'sent', message: 'ok' };
    });
    expect(keys).toEqual(['s1']);
    await outbox.dismiss('s1');
    await outbox.dismiss('p2');
    expect(await outbox.list()).toEqual([]);
  });

  it('stops at an item the host did not answer, and sends it later with the same id', async () => {
    const storage = memoryOutboxStorage();
    const outbox = createOutbox({ storage });
    await outbox.add(photo('a', '2026-03-02T09:00:00.000Z'));
    await outbox.add(photo('b', '2026-03-02T09:01:00.000Z'));
    const tried: string[] = [];
    await outbox.send(async (item) => {
      tried.push(item.key);
      return { kind: 'unsent' };
    });
    expect(tried).toEqual(['a']);
    expect(await states(storage)).toEqual([
      ['a', 'waiting'],
      ['b', 'waiting'],
    ]);
    await outbox.send(async (item) => {
      tried.push(item.key);
      return { kind: 'sent', message: 'ok' };
    });
    expect(tried).toEqual(['a', 'a', 'b']);
  });

  it('stops at an item that must wait for something recorded before it elsewhere', async () => {
    const storage = memoryOutboxStorage();
    const outbox = createOutbox({ storage });
    await outbox.add(photo('a', '2026-03-02T09:00:00.000Z'));
    await outbox.add(photo('b', '2026-03-02T09:10:00.000Z'));
    const tried: string[] = [];
    const sendOne = async (item: OutboxItem): Promise<SendOutcome> => {
      tried.push(item.key);
      return { kind: 'sent', message: 'ok' };
    };
    // An action made at 09:05 still waits: b, recorded after it, waits too, never marked sending,
    // whoever asks for the send (here one that knows nothing of the action).
    const actionWaits = new AbortController();
    outbox.hold((item) => item.madeAt > '2026-03-02T09:05:00.000Z', actionWaits.signal);
    await outbox.send(sendOne);
    expect(tried).toEqual(['a']);
    expect(await states(storage)).toEqual([
      ['a', 'sent'],
      ['b', 'waiting'],
    ]);
    // The action went (the element that held it is gone, or released it).
    actionWaits.abort();
    await outbox.send(sendOne);
    expect(tried).toEqual(['a', 'b']);
  });

  it('sends once at a time in a tab: asked meanwhile, it goes round again after', async () => {
    const storage = memoryOutboxStorage();
    const outbox = createOutbox({ storage });
    await outbox.add(photo('a', '2026-03-02T09:00:00.000Z'));
    await outbox.add(photo('b', '2026-03-02T09:01:00.000Z'));
    const byFirst: string[] = [];
    const bySecond: string[] = [];
    let answer: (outcome: SendOutcome) => void = () => {};
    // b is held when the first round comes to it (an action made before it waits), not after (the
    // action went meanwhile); the first send is slow with a.
    let askedOfB = 0;
    outbox.hold((item) => item.key === 'b' && ++askedOfB === 1, new AbortController().signal);
    const first = outbox.send((item) => {
      byFirst.push(item.key);
      return new Promise<SendOutcome>((resolve) => {
        answer = resolve;
      });
    });
    await vi.waitFor(() => expect(byFirst).toEqual(['a']));
    // Asked again meanwhile: no second send beside the first, one round after it.
    const second = outbox.send(async (item) => {
      bySecond.push(item.key);
      return { kind: 'sent', message: 'ok' };
    });
    expect(bySecond).toEqual([]);
    answer({ kind: 'sent', message: 'ok' });
    await Promise.all([first, second]);
    expect({ byFirst, bySecond, askedOfB }).toEqual({
      byFirst: ['a'],
      bySecond: ['b'],
      askedOfB: 2,
    });
    expect(await states(storage)).toEqual([
      ['a', 'sent'],
      ['b', 'sent'],
    ]);
  });

  it('sends an item left sending by a tab that closed, under its own id', async () => {
    const storage = memoryOutboxStorage();
    await storage.set('gone', { ...photo('gone'), state: 'sending' });
    const keys: string[] = [];
    await createOutbox({ storage }).send(async (item) => {
      keys.push(item.key);
      return { kind: 'sent', message: 'ok' };
    });
    expect(keys).toEqual(['gone']);
  });

  it('two tabs sending at once send each item once', async () => {
    const storage = memoryOutboxStorage();
    const locks = fakeLocks();
    const tabs = [createOutbox({ storage, locks }), createOutbox({ storage, locks })];
    for (const key of ['a', 'b', 'c']) await tabs[0]?.add(photo(key));
    const sent: string[] = [];
    const send = async (item: OutboxItem): Promise<SendOutcome> => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(item.key);
      return { kind: 'sent', message: 'ok' };
    };
    await Promise.all(tabs.map((tab) => tab.send(send)));
    expect(sent.sort()).toEqual(['a', 'b', 'c']);
  });

  it('tells this tab’s listeners and the other tabs of each change, until the signal aborts', async () => {
    const channel = {
      postMessage: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    };
    const outbox = createOutbox({ storage: memoryOutboxStorage(), channel });
    const listener = vi.fn();
    const connection = new AbortController();
    outbox.subscribe(listener, connection.signal);
    expect(channel.addEventListener).toHaveBeenCalledWith('message', listener);
    await outbox.add(photo('a'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(channel.postMessage).toHaveBeenCalledTimes(1);
    connection.abort();
    expect(channel.removeEventListener).toHaveBeenCalledWith('message', listener);
    await outbox.dismiss('a');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('lists a sent item for a day, then forgets it', async () => {
    let now = Date.parse('2026-03-02T09:15:00.000Z');
    const storage = memoryOutboxStorage();
    const outbox = createOutbox({ storage, now: () => now });
    await outbox.add(photo('a'));
    await outbox.send(async () => ({ kind: 'sent', message: 'ok' }));
    expect(await outbox.list()).toHaveLength(1);
    now += SENT_KEPT_MS + 1;
    expect(await outbox.list()).toEqual([]);
    expect(await storage.values()).toEqual([]);
  });
});

describe('sending an item to the host', () => {
  function fakeApi(answer: () => Promise<unknown>) {
    const postForm = vi.fn(answer);
    return { api: { postForm } as unknown as Api, postForm };
  }

  it('posts a photo as call 16 with its upload_id and stage, and the CSRF token', async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="token-1">';
    const photoAnswer = { id: 9, filename: 'boiler.png', url: '/uploads/x.png' };
    const { api, postForm } = fakeApi(async () => ({
      status: 'success',
      message: 'The photo has been uploaded',
      photo: photoAnswer,
    }));
    const onSent = vi.fn();
    const outcome = await outboxSender(api, onSent)({ ...photo('p1'), state: 'waiting' });
    expect(outcome).toEqual({ kind: 'sent', message: 'The photo has been uploaded' });
    const [path, form] = postForm.mock.calls[0] as unknown as [string, FormData];
    expect(path).toBe('/api/photos/upload');
    expect(form.get('upload_id')).toBe('p1');
    expect(form.get('stage')).toBe('before');
    expect(form.get('job_id')).toBe('1004');
    expect(form.get('site_id')).toBe('1');
    expect(form.get('_csrfToken')).toBe('token-1');
    expect(onSent).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'p1' }),
      expect.objectContaining({ photo: photoAnswer }),
    );
  });

  it('posts a site time to the form’s action with its entry_id, asking for JSON', async () => {
    const { api, postForm } = fakeApi(async () => ({
      status: 'success',
      message: 'Site time saved: 02/03/2026 09:15.',
      location: '/engineer/jobs/1004',
    }));
    await outboxSender(api)({ ...siteTime('s1'), state: 'waiting' });
    const [path, body] = postForm.mock.calls[0] as unknown as [string, URLSearchParams];
    expect(path).toBe('http://localhost/site_times/add/1004');
    expect(body.get('SiteTime[entry_id]')).toBe('s1');
    expect(body.get('SiteTime[on_site]')).toBe('02/03/2026 09:15');
  });

  it('keeps a 4xx or an expired session as a refusal in words; waits again on no answer or a 5xx', async () => {
    const outcome = (error: unknown) =>
      outboxSender(fakeApi(() => Promise.reject(error)).api)({
        ...siteTime('s'),
        state: 'waiting',
      });
    expect(await outcome(new ApiError('http', ['Job 1004 is Complete.'], 409))).toEqual({
      kind: 'refused',
      message: 'Job 1004 is Complete.',
    });
    expect((await outcome(new ApiError('session', ['Your session has expired.'], 200))).kind).toBe(
      'refused',
    );
    for (const error of [
      new ApiError('network', ['no']),
      new ApiError('timeout', ['slow']),
      new ApiError('http', ['down'], 503),
    ]) {
      expect(await outcome(error)).toEqual({ kind: 'unsent' });
    }
  });

  it('says a waiting photo whose file is gone was not accepted, in words', async () => {
    const { api } = fakeApi(async () => ({}));
    const item = { ...photo('p'), state: 'waiting' as const };
    item.record.file = null as unknown as Blob;
    expect(await outboxSender(api)(item)).toEqual({ kind: 'refused', message: PHOTO_GONE });
  });
});
