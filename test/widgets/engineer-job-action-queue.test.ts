import { describe, expect, it, vi } from 'vitest';
import {
  createActionQueue,
  LEASE_MS,
  type NewAction,
  newActionId,
  QUEUE_STORAGE_KEY,
  type QueuedAction,
  type ReplayOutcome,
} from '../../widgets/engineer-job/action-queue';
import { fakeLocks } from './fake-locks';

/** A Storage over a Map: the tabs of one origin share one. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const geo = { lat: 53.796, long: -1.547, accuracy: 10 };
const action = (over: Partial<NewAction> = {}): NewAction => ({
  jobId: 1004,
  siteTimeId: null,
  action: 'signon',
  geo,
  clientTime: '2026-03-02T09:15:00.000Z',
  ...over,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let keys = 0;
const newKey = () => `k${++keys}`;

describe('action queue: storage', () => {
  it('keeps entries in order across instances (a reload or another tab)', () => {
    const storage = memoryStorage();
    const queue = createActionQueue({ storage, newKey });
    const first = queue.add(action({ action: 'signon' }));
    const second = queue.add(action({ action: 'signoff', note: 'Replaced the fan motor' }));
    const reopened = createActionQueue({ storage, newKey });
    expect(reopened.list()).toEqual([first, second]);
    expect(reopened.list()[1]).toMatchObject({ note: 'Replaced the fan motor', geo });
  });

  it('keeps an action under the id it was already tried with, else makes a UUID', () => {
    const queue = createActionQueue({ storage: memoryStorage() });
    expect(queue.add(action({ key: 'tried-live-1' })).key).toBe('tried-live-1');
    expect(queue.add(action()).key).toMatch(UUID);
  });

  it('reads an empty queue from missing, corrupt or foreign data', () => {
    const storage = memoryStorage();
    const queue = createActionQueue({ storage, newKey });
    expect(queue.list()).toEqual([]);
    storage.setItem(QUEUE_STORAGE_KEY, '{not json');
    expect(queue.list()).toEqual([]);
    storage.setItem(QUEUE_STORAGE_KEY, JSON.stringify([{ key: 1 }, 'x', null]));
    expect(queue.list()).toEqual([]);
  });

  it('dismisses one entry and clears the storage key when empty', () => {
    const storage = memoryStorage();
    const queue = createActionQueue({ storage, newKey });
    const entry = queue.add(action());
    queue.dismiss(entry.key);
    expect(queue.list()).toEqual([]);
    expect(storage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
  });

  it('tells subscribers of its own and of other tabs’ changes until the signal aborts', () => {
    const storage = memoryStorage();
    const events = new EventTarget();
    const queue = createActionQueue({ storage, newKey, events: events as unknown as Window });
    const listener = vi.fn();
    const connection = new AbortController();
    queue.subscribe(listener, connection.signal);
    queue.add(action());
    expect(listener).toHaveBeenCalledTimes(1);
    const storageEvent = (key: string | null) =>
      Object.assign(new Event('storage'), { key }) as StorageEvent;
    events.dispatchEvent(storageEvent(QUEUE_STORAGE_KEY));
    events.dispatchEvent(storageEvent('something-else'));
    expect(listener).toHaveBeenCalledTimes(2);
    connection.abort();
    queue.add(action());
    events.dispatchEvent(storageEvent(QUEUE_STORAGE_KEY));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('action queue: replay', () => {
  it('sends every waiting entry oldest first and removes each once sent', async () => {
    const queue = createActionQueue({ storage: memoryStorage(), newKey, locks: fakeLocks() });
    queue.add(action({ action: 'signon' }));
    queue.add(action({ action: 'signoff' }));
    queue.add(action({ action: 'remotefix' }));
    const sent: string[] = [];
    const report = await queue.replay(async (entry) => {
      sent.push(entry.action);
      // The entry is still queued while its request is in flight.
      expect(queue.list().map((item) => item.key)).toContain(entry.key);
      return { kind: 'sent' };
    });
    expect(sent).toEqual(['signon', 'signoff', 'remotefix']);
    expect(report.sent.map((entry) => entry.action)).toEqual(sent);
    expect(queue.list()).toEqual([]);
  });

  it('stops at the first entry that cannot reach the server, keeping it and the rest', async () => {
    const queue = createActionQueue({ storage: memoryStorage(), newKey, locks: fakeLocks() });
    queue.add(action({ action: 'signon' }));
    queue.add(action({ action: 'signoff' }));
    queue.add(action({ action: 'signon' }));
    const outcomes: ReplayOutcome[] = [{ kind: 'sent' }, { kind: 'unsent' }];
    const send = vi.fn(async () => outcomes.shift() ?? { kind: 'sent' as const });
    const report = await queue.replay(send);
    expect(send).toHaveBeenCalledTimes(2);
    expect(report.sent).toHaveLength(1);
    expect(queue.list().map((entry) => entry.action)).toEqual(['signoff', 'signon']);
  });

  it('keeps a refused entry with the server’s message, goes on, and never resends it', async () => {
    const queue = createActionQueue({ storage: memoryStorage(), newKey, locks: fakeLocks() });
    queue.add(action({ action: 'signoff' }));
    queue.add(action({ action: 'signon' }));
    const send = vi.fn(
      async (entry: QueuedAction): Promise<ReplayOutcome> =>
        entry.action === 'signoff'
          ? { kind: 'refused', message: 'You are not signed on to this job' }
          : { kind: 'sent' },
    );
    const report = await queue.replay(send);
    expect(report.refused).toEqual([
      expect.objectContaining({ action: 'signoff', refused: 'You are not signed on to this job' }),
    ]);
    expect(queue.list()).toEqual([
      expect.objectContaining({ action: 'signoff', refused: 'You are not signed on to this job' }),
    ]);
    await queue.replay(send);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('picks up an entry added while it replays', async () => {
    const queue = createActionQueue({ storage: memoryStorage(), newKey, locks: fakeLocks() });
    queue.add(action({ action: 'signon' }));
    const sent: string[] = [];
    await queue.replay(async (entry) => {
      if (entry.action === 'signon') queue.add(action({ action: 'signoff' }));
      sent.push(entry.action);
      return { kind: 'sent' };
    });
    expect(sent).toEqual(['signon', 'signoff']);
  });

  it('two tabs replaying at once (Web Locks) send each entry once', async () => {
    const storage = memoryStorage();
    const locks = fakeLocks();
    const tabA = createActionQueue({ storage, newKey, locks });
    const tabB = createActionQueue({ storage, newKey, locks });
    tabA.add(action({ action: 'signon' }));
    tabB.add(action({ action: 'signoff' }));
    const sent: string[] = [];
    const send = async (entry: QueuedAction): Promise<ReplayOutcome> => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(entry.key);
      return { kind: 'sent' };
    };
    await Promise.all([tabA.replay(send), tabB.replay(send), tabA.replay(send)]);
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);
    expect(tabB.list()).toEqual([]);
  });

  it('without Web Locks, a storage lease keeps the second tab out until it is released', async () => {
    const storage = memoryStorage();
    let clock = 1_000;
    const now = () => clock;
    const tabA = createActionQueue({ storage, newKey, now });
    const tabB = createActionQueue({ storage, newKey, now });
    tabA.add(action({ action: 'signon' }));
    tabA.add(action({ action: 'signoff' }));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sentByA: string[] = [];
    const replayA = tabA.replay(async (entry) => {
      sentByA.push(entry.action);
      await held;
      return { kind: 'sent' };
    });
    const sendB = vi.fn(async (): Promise<ReplayOutcome> => ({ kind: 'sent' }));
    expect(await tabB.replay(sendB)).toEqual({ sent: [], refused: [], ran: false });
    release();
    await replayA;
    expect(sentByA).toEqual(['signon', 'signoff']);
    expect(sendB).not.toHaveBeenCalled();

    // Released: tab B may replay now.
    tabB.add(action({ action: 'complete' }));
    expect((await tabB.replay(sendB)).ran).toBe(true);
    expect(sendB).toHaveBeenCalledTimes(1);

    // A lease left by a tab that died expires after LEASE_MS.
    storage.setItem(
      'fm-action-queue.lease',
      JSON.stringify({ owner: 'dead tab', until: clock + LEASE_MS }),
    );
    tabB.add(action({ action: 'signon' }));
    expect((await tabB.replay(sendB)).ran).toBe(false);
    clock += LEASE_MS + 1;
    expect((await tabB.replay(sendB)).ran).toBe(true);
    expect(tabB.list()).toEqual([]);
  });
});

describe('newActionId', () => {
  it('is a random UUID, also where crypto.randomUUID is missing (plain HTTP)', () => {
    expect(newActionId()).toMatch(UUID);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: undefined });
    try {
      const ids = new Set(Array.from({ length: 50 }, newActionId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: randomUUID });
    }
  });
});
