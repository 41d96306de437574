import type { GeoPosition, SiteTimeAction } from '../../src/core/contract';
import { newRecordId } from '../../src/core/record-id';

/*
 * The durable queue of engineer actions that could not reach the server (no signal in a plant
 * room). Entries live in localStorage — synchronous, shared by every tab of the origin, and kept
 * across reloads — and are replayed in the order they were made. Only one tab replays at a time:
 * the Web Locks API where the browser has it, else a lease kept in storage, so two tabs never
 * send the same action. An entry leaves the queue only once the server has taken it; one the
 * server refuses stays, marked with the server's message, until the engineer dismisses it.
 */

export interface QueuedAction {
  /**
   * The action's id, made on the device when the engineer acted (`newActionId`) and sent as
   * `action_id` with every try, so the host recognises a repeat; also how tabs tell entries apart.
   */
  key: string;
  jobId: number;
  /** The open site time the action closes, when known when it was made. */
  siteTimeId: number | null;
  action: SiteTimeAction;
  geo: GeoPosition;
  note?: string;
  /** When the engineer made the action (ISO 8601): sent as `client_time` on replay. */
  clientTime: string;
  /** The server's message when it refused the replay; the entry is then no longer sent. */
  refused?: string;
}

/** `key` is given when the action was already tried live under that id; else a new one is made. */
export type NewAction = Omit<QueuedAction, 'key' | 'refused'> & { key?: string };

/** What one replayed entry came to. */
export type ReplayOutcome =
  | { kind: 'sent' }
  | { kind: 'refused'; message: string }
  /** Not reached the server (offline, timeout…): the entry stays and the replay stops here. */
  | { kind: 'unsent' };

export interface ReplayReport {
  sent: QueuedAction[];
  refused: QueuedAction[];
  /** False when another tab holds the queue (storage lease) and this one did nothing. */
  ran: boolean;
}

/** The part of the Web Locks API the queue uses. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface ActionQueueOptions {
  storage: Storage;
  /** `navigator.locks` when the browser has it; otherwise a storage lease is used. */
  locks?: LockManagerLike;
  /** Tells listeners of other tabs' changes; `window` in a page. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
  newKey?: () => string;
}

export const QUEUE_STORAGE_KEY = 'fm-action-queue';
const LEASE_STORAGE_KEY = 'fm-action-queue.lease';
const LOCK_NAME = 'fm-action-queue';
/** A tab that died mid-replay gives up its lease after this long; renewed before each send. */
export const LEASE_MS = 30_000;

export interface ActionQueue {
  /** Every entry, oldest first. */
  list(): QueuedAction[];
  add(action: NewAction): QueuedAction;
  /** Removes an entry the engineer has seen (a refused one). */
  dismiss(key: string): void;
  /** A refused entry waits again, to be sent by the next replay (under the same action_id). */
  retry(key: string): void;
  /** Sends the waiting entries oldest first, one tab at a time; refused entries are kept. */
  replay(send: (entry: QueuedAction) => Promise<ReplayOutcome>): Promise<ReplayReport>;
  /** Calls `listener` after every change, in this tab or another; until `signal` aborts. */
  subscribe(listener: () => void, signal: AbortSignal): void;
}

function isQueuedAction(value: unknown): value is QueuedAction {
  const entry = value as Partial<QueuedAction> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.key === 'string' &&
    typeof entry.jobId === 'number' &&
    typeof entry.action === 'string' &&
    typeof entry.clientTime === 'string' &&
    typeof entry.geo === 'object' &&
    entry.geo !== null
  );
}

/** The action's id, made on the device when the engineer acts (src/core/record-id.ts). */
export const newActionId = newRecordId;

export function createActionQueue(options: ActionQueueOptions): ActionQueue {
  const { storage, locks, events } = options;
  const now = options.now ?? Date.now;
  const newKey = options.newKey ?? newActionId;
  const owner = newKey();
  const listeners = new Set<() => void>();

  function read(): QueuedAction[] {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(QUEUE_STORAGE_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isQueuedAction) : [];
    } catch {
      return [];
    }
  }

  function write(entries: QueuedAction[]): void {
    if (entries.length === 0) storage.removeItem(QUEUE_STORAGE_KEY);
    else storage.setItem(QUEUE_STORAGE_KEY, JSON.stringify(entries));
    for (const listener of listeners) listener();
  }

  /** Re-reads storage before every change: another tab may have changed it meanwhile. */
  function update(change: (entries: QueuedAction[]) => QueuedAction[]): void {
    write(change(read()));
  }

  function takeLease(): boolean {
    try {
      const lease = JSON.parse(storage.getItem(LEASE_STORAGE_KEY) ?? 'null') as {
        owner: string;
        until: number;
      } | null;
      if (lease && lease.owner !== owner && lease.until > now()) return false;
    } catch {
      // An unreadable lease is nobody's.
    }
    storage.setItem(LEASE_STORAGE_KEY, JSON.stringify({ owner, until: now() + LEASE_MS }));
    // Two tabs may have written at once: only the last write holds the lease.
    return JSON.parse(storage.getItem(LEASE_STORAGE_KEY) ?? 'null')?.owner === owner;
  }

  function dropLease(): void {
    try {
      if (JSON.parse(storage.getItem(LEASE_STORAGE_KEY) ?? 'null')?.owner === owner) {
        storage.removeItem(LEASE_STORAGE_KEY);
      }
    } catch {
      storage.removeItem(LEASE_STORAGE_KEY);
    }
  }

  async function drain(
    send: (entry: QueuedAction) => Promise<ReplayOutcome>,
    stillHeld: () => boolean,
  ): Promise<ReplayReport> {
    const report: ReplayReport = { sent: [], refused: [], ran: true };
    const done = new Set<string>();
    for (;;) {
      if (!stillHeld()) return report;
      const entry = read().find((item) => !item.refused && !done.has(item.key));
      if (!entry) return report;
      done.add(entry.key);
      const outcome = await send(entry);
      if (outcome.kind === 'unsent') return report;
      if (outcome.kind === 'sent') {
        update((entries) => entries.filter((item) => item.key !== entry.key));
        report.sent.push(entry);
      } else {
        const refused = { ...entry, refused: outcome.message };
        update((entries) => entries.map((item) => (item.key === entry.key ? refused : item)));
        report.refused.push(refused);
      }
    }
  }

  return {
    list: read,

    add(action) {
      const entry: QueuedAction = { ...action, key: action.key ?? newKey() };
      update((entries) => [...entries, entry]);
      return entry;
    },

    dismiss(key) {
      update((entries) => entries.filter((item) => item.key !== key));
    },

    retry(key) {
      update((entries) =>
        entries.map((item) => {
          if (item.key !== key) return item;
          const { refused: _, ...waiting } = item;
          return waiting;
        }),
      );
    },

    async replay(send) {
      if (locks) return locks.request(LOCK_NAME, () => drain(send, () => true));
      if (!takeLease()) return { sent: [], refused: [], ran: false };
      try {
        // Renewed before each send; lost only if this tab stalled past LEASE_MS.
        return await drain(send, takeLease);
      } finally {
        dropLease();
      }
    },

    subscribe(listener, signal) {
      if (signal.aborted) return;
      const onStorage = (event: StorageEvent) => {
        if (event.key === QUEUE_STORAGE_KEY || event.key === null) listener();
      };
      listeners.add(listener);
      events?.addEventListener('storage', onStorage as EventListener);
      signal.addEventListener('abort', () => {
        listeners.delete(listener);
        events?.removeEventListener('storage', onStorage as EventListener);
      });
    },
  };
}

/** The page's queue, shared by every element of the page. */
let pageQueue: ActionQueue | undefined;

export function actionQueue(): ActionQueue {
  pageQueue ??= createActionQueue({
    storage: window.localStorage,
    locks: navigator.locks as LockManagerLike | undefined,
    events: window,
  });
  return pageQueue;
}
