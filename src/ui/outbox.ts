import { createStore, del, get, set, values } from 'idb-keyval';
import type { PhotoStage } from '../core/contract';
import { oneAtATime } from '../core/one-at-a-time';

/*
 * What the engineer records on a page kept on the device, other than the screen's actions (their
 * queue is fm-engineer-job's, in localStorage): photos and typed site times. They wait here, in
 * IndexedDB (a photo is too big for localStorage), until the host has them, across reloads and
 * tabs. Each carries an id made on the device, sent with every try, by which the host recognises
 * a repeat; one tab sends at a time (Web Locks), and an item is marked sent only once the host
 * has answered, so a lost answer means the same id again, never a second record.
 *
 * Only the engineer's pages load this module (a lazy chunk for fm-upload and fm-site-time-form):
 * no other page downloads IndexedDB code.
 */

/** A photo of the work, its file kept until sent (then dropped: the host has it). */
export interface PhotoRecord {
  kind: 'photo';
  siteId: number;
  stage?: PhotoStage;
  name: string;
  file: Blob | null;
}

/** A site time typed into the form: its fields as the form posts them, and where to. */
export interface SiteTimeRecord {
  kind: 'siteTime';
  /** The form's action, a whole URL. */
  action: string;
  fields: [string, string][];
  /** What the list says of it ("02/03/2026 09:15 – 11:40, 2 engineers"). */
  summary: string;
}

export type OutboxRecord = PhotoRecord | SiteTimeRecord;

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'refused';

export interface OutboxItem {
  /** Made on the device; sent as the record's `upload_id` or `SiteTime[entry_id]`. */
  key: string;
  jobId: number;
  /** When the engineer recorded it (ISO 8601). */
  madeAt: string;
  record: OutboxRecord;
  state: OutboxState;
  /** The host's reason, when it refused the item. */
  refused?: string;
  /** The host's message, once sent. */
  sent?: string;
  /** When it was sent (ISO 8601): it is listed as sent for SENT_KEPT_MS. */
  sentAt?: string;
}

/** What one item's send came to. */
export type SendOutcome =
  | { kind: 'sent'; message: string }
  | { kind: 'refused'; message: string }
  /** Not reached the host (offline, timeout, a 5xx): the item waits, and sending stops here. */
  | { kind: 'unsent' };

/** Where the items are kept: IndexedDB in a page, a Map in unit tests (happy-dom has none). */
export interface OutboxStorage {
  get(key: string): Promise<OutboxItem | undefined>;
  set(key: string, item: OutboxItem): Promise<void>;
  del(key: string): Promise<void>;
  values(): Promise<OutboxItem[]>;
}

/** The part of the Web Locks API the outbox uses. */
export interface OutboxLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Tells the other tabs of the origin that the items changed. */
export interface OutboxChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: () => void): void;
  removeEventListener(type: 'message', listener: () => void): void;
}

export interface OutboxOptions {
  storage: OutboxStorage;
  locks?: OutboxLocks;
  channel?: OutboxChannel;
  now?: () => number;
}

/** A sent item is listed (as sent) this long, unless dismissed first. */
export const SENT_KEPT_MS = 24 * 60 * 60 * 1000;

const LOCK_NAME = 'fm-outbox';

export interface Outbox {
  /** Every item, oldest first (one sent more than SENT_KEPT_MS ago is forgotten). */
  list(): Promise<OutboxItem[]>;
  add(item: Omit<OutboxItem, 'state'>): Promise<OutboxItem>;
  /** A refused item waits again, to be sent by the next send(). */
  retry(key: string): Promise<void>;
  /** Removes an item the engineer has seen (refused or sent). */
  dismiss(key: string): Promise<void>;
  /**
   * Sends the waiting items oldest first, one tab at a time, stopping at the first that something
   * of the page holds (hold()).
   */
  send(sendOne: (item: OutboxItem) => Promise<SendOutcome>): Promise<void>;
  /**
   * Until `signal` aborts, asks `holds` of each item before any send of this outbox sends it: an
   * element that keeps records elsewhere (the engineer's actions) holds what was recorded after
   * them, whichever element of the page asks for the send.
   */
  hold(holds: Hold, signal: AbortSignal): void;
  /** Calls `listener` after every change, in this tab or another; until `signal` aborts. */
  subscribe(listener: () => void, signal: AbortSignal): void;
}

/** Whether `item` must wait for something recorded before it elsewhere: sending stops there. */
export type Hold = (item: OutboxItem) => boolean | Promise<boolean>;

const byTime = (a: OutboxItem, b: OutboxItem) => a.madeAt.localeCompare(b.madeAt);

export function createOutbox({ storage, locks, channel, now = Date.now }: OutboxOptions): Outbox {
  const listeners = new Set<() => void>();
  const holds = new Set<Hold>();
  const held = async (item: OutboxItem) => {
    for (const hold of holds) if (await hold(item)) return true;
    return false;
  };
  const changed = () => {
    for (const listener of listeners) listener();
    channel?.postMessage('changed');
  };

  async function change(key: string, to: (item: OutboxItem) => OutboxItem): Promise<void> {
    const item = await storage.get(key);
    if (!item) return;
    await storage.set(key, to(item));
    changed();
  }

  async function list(): Promise<OutboxItem[]> {
    const items = (await storage.values()).sort(byTime);
    const stale = items.filter(
      // A sent item without a time (unreadable) is forgotten too.
      (item) => item.state === 'sent' && !(now() - Date.parse(item.sentAt ?? '') <= SENT_KEPT_MS),
    );
    for (const item of stale) await storage.del(item.key);
    return items.filter((item) => !stale.includes(item));
  }

  /** Under the lock: nobody else sends, so an item left `sending` (a closed tab) waits again. */
  async function drain(sendOne: (item: OutboxItem) => Promise<SendOutcome>): Promise<void> {
    const done = new Set<string>();
    for (;;) {
      const next = (await list()).find(
        (item) => (item.state === 'waiting' || item.state === 'sending') && !done.has(item.key),
      );
      if (!next || (await held(next))) return;
      done.add(next.key);
      await change(next.key, (item) => ({ ...item, state: 'sending' }));
      const outcome = await sendOne(next);
      if (outcome.kind === 'unsent') {
        await change(next.key, (item) => ({ ...item, state: 'waiting' }));
        return;
      }
      await change(next.key, (item) => settled(item, outcome, new Date(now()).toISOString()));
    }
  }

  return {
    list,
    async add(item) {
      const kept: OutboxItem = { ...item, state: 'waiting' };
      await storage.set(kept.key, kept);
      changed();
      return kept;
    },
    retry: (key) =>
      change(key, ({ refused: _, ...item }) => ({ ...item, state: 'waiting' as const })),
    async dismiss(key) {
      await storage.del(key);
      changed();
    },
    // One send at a time in this tab: asked meanwhile, it goes round once more when done.
    send: oneAtATime<Parameters<Outbox['send']>>(async (sendOne) => {
      if (locks) await locks.request(LOCK_NAME, () => drain(sendOne));
      // Without the Web Locks API two tabs may send the same item: the host records it once.
      else await drain(sendOne);
    }),
    hold(hold, signal) {
      if (signal.aborted) return;
      holds.add(hold);
      signal.addEventListener('abort', () => holds.delete(hold));
    },
    subscribe(listener, signal) {
      if (signal.aborted) return;
      listeners.add(listener);
      channel?.addEventListener('message', listener);
      signal.addEventListener('abort', () => {
        listeners.delete(listener);
        channel?.removeEventListener('message', listener);
      });
    },
  };
}

/** An item once the host has answered: sent (its file dropped), or refused with the reason. */
function settled(
  item: OutboxItem,
  outcome: Exclude<SendOutcome, { kind: 'unsent' }>,
  at: string,
): OutboxItem {
  if (outcome.kind === 'refused') return { ...item, state: 'refused', refused: outcome.message };
  const record = item.record.kind === 'photo' ? { ...item.record, file: null } : item.record;
  return { ...item, record, state: 'sent', sent: outcome.message, sentAt: at };
}

/** The page's items in IndexedDB, through idb-keyval. */
export function idbOutboxStorage(): OutboxStorage {
  const store = createStore('fm-outbox', 'items');
  return {
    get: (key) => get<OutboxItem>(key, store),
    set: (key, item) => set(key, item, store),
    del: (key) => del(key, store),
    values: () => values<OutboxItem>(store),
  };
}

/** Items in memory, for a browser without IndexedDB and for unit tests: kept while the page is. */
export function memoryOutboxStorage(): OutboxStorage {
  const items = new Map<string, OutboxItem>();
  return {
    get: async (key) => items.get(key),
    set: async (key, item) => {
      items.set(key, item);
    },
    del: async (key) => {
      items.delete(key);
    },
    values: async () => [...items.values()],
  };
}

let pageOutbox: Outbox | undefined;

/** The page's outbox, shared by every element of the page. */
export function outbox(): Outbox {
  pageOutbox ??= createOutbox({
    storage: typeof indexedDB === 'undefined' ? memoryOutboxStorage() : idbOutboxStorage(),
    locks: navigator.locks as OutboxLocks | undefined,
    channel:
      typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('fm-outbox'),
  });
  return pageOutbox;
}

/** What the browser said when asked to keep the device's records: kept, or may be cleared. */
export type Persistence = 'persisted' | 'refused' | 'unknown';

/**
 * Asks the browser to keep what waits on the device through a shortage of space
 * (`navigator.storage.persist()`), once a page; what it answered.
 */
let persistence: Promise<Persistence> | undefined;
export function askToPersist(): Promise<Persistence> {
  persistence ??= (async () => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist) return 'unknown';
    try {
      if (await storage.persisted?.()) return 'persisted';
      return (await storage.persist()) ? 'persisted' : 'refused';
    } catch {
      return 'unknown';
    }
  })();
  return persistence;
}
