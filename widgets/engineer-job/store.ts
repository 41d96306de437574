import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SiteTimeAction } from '../../src/core/contract';
import type { Api } from '../../src/runtime/api';
import type { ActionQueue, QueuedAction } from './action-queue';
import type { ActionQueuedDetail, SiteTimeDetail } from './events';
import type { EngineerJobWords, GeoOutcome, Position } from './geo';
import { liveAction } from './live-action';
import { queuedActions } from './queued-actions';
import { signOnLookup } from './sign-on';

/**
 * docs/requirements.md §4 names the buttons (sign on, sign off, sign off complete, remote fix):
 * kept as named in the default words.
 */
const ACTION_WORDS = {
  signon: 'actionSignOn',
  signoff: 'actionSignOff',
  complete: 'actionComplete',
  remotefix: 'actionRemoteFix',
} as const satisfies Record<SiteTimeAction, keyof EngineerJobWords>;

/** The button's name of `action`, in `words`. */
export function actionLabel(action: SiteTimeAction, words: EngineerJobWords): string {
  return words[ACTION_WORDS[action]]();
}

export interface Effects {
  signal: AbortSignal;
  /** A live or replayed action the server accepted. */
  onSaved(detail: SiteTimeDetail): void;
  onQueued(detail: ActionQueuedDetail): void;
  /** Leaves the screen once complete or remote fix has gone through. */
  leave(): void;
  /** Whether a queued action must wait: something recorded before it waits elsewhere. */
  waitsFor?(entry: QueuedAction): Promise<boolean>;
}

/** What sending the queued actions needs. */
export type ReplayEffects = Pick<Effects, 'signal' | 'onSaved' | 'waitsFor'>;

/**
 * The button message area: the host's words (`text`), or what the screen words itself: that the
 * action waits on the device (`queued`), or a failed call (`error`, useErrorText).
 */
export type Message =
  | { tone: 'success' | 'danger' | 'info'; text: string }
  | { tone: 'info'; queued: true }
  | { tone: 'danger'; error: unknown };

export interface EngineerJobState {
  geo: GeoOutcome;
  /** The sign-on lookup (call 23). */
  lookup: 'loading' | 'ready' | 'error';
  /** Why the lookup failed, for the screen to word (useErrorText); null when it has not. */
  lookupError: unknown;
  /**
   * Whether the job's state is known: a lookup has answered and none has failed since. While a
   * later lookup runs, the state is the last answer moved on by the actions sent since.
   */
  signOnKnown: boolean;
  /** What the server last said: signed on, and the open site time. */
  serverSignedOn: boolean;
  /** The job's status when the host gives it (call 23), moved on by each action that succeeds. */
  jobStatus: number | null;
  siteTimeId: number | null;
  /** This job's entries in the device queue, oldest first. */
  entries: QueuedAction[];
  /** The device queue's entry being sent by this tab's replay, if any. */
  sending: string | null;
  /** The action being sent, or running its spinner. */
  busy: SiteTimeAction | null;
  /** The 2000 ms spinner after an action (docs/requirements.md §4). */
  switching: boolean;
  /** The button message area: the server's answer, or the queue notice. */
  message: Message | null;
  setGeo(geo: GeoOutcome): void;
  /** Re-reads this job's queue entries (after a change in this tab or another). */
  syncEntries(signal: AbortSignal): void;
  lookUpSignOn(signal: AbortSignal): Promise<void>;
  /** Sends `action`, or keeps it on the device when the server cannot be reached. */
  perform(
    action: SiteTimeAction,
    note: string | undefined,
    position: Position | null,
    effects: Effects,
  ): Promise<void>;
  /** Sends what waits in the device queue (every job's, oldest first). */
  replay(effects: ReplayEffects): Promise<void>;
  dismiss(key: string): void;
  /** A refused entry waits again, and is sent at once. */
  retry(key: string, effects: ReplayEffects): Promise<void>;
}

/** What each part of the store works with: one job, its calls, the device queue, the state. */
export interface JobStore {
  api: Api;
  queue: ActionQueue;
  jobId: number;
  set: StoreApi<EngineerJobState>['setState'];
  get: StoreApi<EngineerJobState>['getState'];
  /** This job's entries in the device queue, oldest first. */
  ownEntries(): QueuedAction[];
}

/** One store per element: the state of one job's sign-on screen. */
export function createEngineerJobStore(api: Api, queue: ActionQueue, jobId: number) {
  const ownEntries = () => queue.list().filter((entry) => entry.jobId === jobId);
  return createStore<EngineerJobState>()((set, get) => {
    const store: JobStore = { api, queue, jobId, set, get, ownEntries };
    return {
      geo: { kind: 'pending' },
      lookup: 'loading',
      lookupError: null,
      signOnKnown: false,
      serverSignedOn: false,
      jobStatus: null,
      siteTimeId: null,
      entries: ownEntries(),
      sending: null,
      busy: null,
      switching: false,
      message: null,
      setGeo: (geo) => set({ geo }),
      ...signOnLookup(store),
      ...liveAction(store),
      ...queuedActions(store),
    };
  });
}

export type EngineerJobStore = ReturnType<typeof createEngineerJobStore>;
