import { createStore } from 'zustand/vanilla';
import {
  type GeoPosition,
  type SiteTimeAction,
  type SiteTimeSaveRequest,
  type SiteTimeSaveResponse,
  siteTimeIndexPath,
  siteTimeIndexResponse,
  siteTimeSavePath,
  siteTimeSaveResponse,
} from '../../src/core/contract';
import { delay } from '../../src/core/delay';
import { errorText } from '../../src/core/error-text';
import { leavesJob, signedOnAfter, statusAfter } from '../../src/core/job-lifecycle';
import { type Api, ApiError } from '../../src/runtime/api';
import { remoteLoad } from '../../src/runtime/remote-load';
import {
  type ActionQueue,
  newActionId,
  type QueuedAction,
  type ReplayOutcome,
} from './action-queue';
import type { GeoOutcome, Position } from './geo';

/** docs/requirements.md §9: the spinner shown after an action before the buttons switch. */
export const BUTTON_SWITCH_DELAY_MS = 2000;

export const QUEUED_MESSAGE = 'Saved on this device, will send when connected';

/** Sent when the geo check is off and no position could be had: the contract needs numbers. */
const NO_POSITION: GeoPosition = { lat: 0, long: 0, accuracy: 0 };

/**
 * docs/requirements.md §4 names the buttons (sign on, sign off, sign off complete, remote fix):
 * kept as named.
 */
export const ACTION_LABELS: Readonly<Record<SiteTimeAction, string>> = {
  signon: 'Sign On',
  signoff: 'Sign Off',
  complete: 'Sign Off Complete',
  remotefix: 'Remote Fix',
};

/** Signed on when the last action still waiting on this device says so, else as the server says. */
export function signedOnWith(serverSignedOn: boolean, waiting: readonly QueuedAction[]): boolean {
  const last = waiting.at(-1);
  return last ? signedOnAfter(last.action) : serverSignedOn;
}

/**
 * Signed on as the screen shows it: during an action and its spinner the buttons stay as they
 * were (docs/requirements.md §4: they switch after the spinner).
 */
export function shownSignedOn(
  state: Pick<EngineerJobState, 'busy' | 'serverSignedOn' | 'entries'>,
) {
  if (state.busy) return state.busy === 'signoff' || state.busy === 'complete';
  return signedOnWith(
    state.serverSignedOn,
    state.entries.filter((entry) => !entry.refused),
  );
}

/**
 * The request that replays a queued action: the original time travels as `client_time`, and the
 * id made when the engineer acted as `action_id`, so a host that already has it answers as before.
 */
export function replayRequest(entry: QueuedAction): SiteTimeSaveRequest {
  return {
    id: entry.siteTimeId,
    job_id: entry.jobId,
    geo: entry.geo,
    action: entry.action,
    ...(entry.note === undefined ? {} : { note: entry.note }),
    client_time: entry.clientTime,
    action_id: entry.key,
  };
}

/** The request could not reach the server: keep the action on the device. */
function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
}

/** What the server said about an action (live or replayed), for the host's events. */
export interface SiteTimeDetail {
  jobId: number;
  action: SiteTimeAction;
  /** The site time the action opened or closed. */
  siteTimeId: number;
  message: string;
  /** 'YYYY-MM-DD HH:mm:ss' as stored. */
  onSite: string;
  offSite: string | null;
  /** True when the action had been queued on the device and was sent later. */
  replayed: boolean;
}

/** `detail` of `fm-action-queued`. */
export interface ActionQueuedDetail {
  jobId: number;
  action: SiteTimeAction;
  /** When the engineer made the action, ISO 8601 (sent later as `client_time`). */
  clientTime: string;
}

export interface Effects {
  signal: AbortSignal;
  /** A live or replayed action the server accepted. */
  onSaved(detail: SiteTimeDetail): void;
  onQueued(detail: ActionQueuedDetail): void;
  /** Leaves the screen once complete or remote fix has gone through. */
  leave(): void;
}

export type Message = { tone: 'success' | 'danger' | 'info'; text: string };

export interface EngineerJobState {
  geo: GeoOutcome;
  /** The sign-on lookup (call 23). */
  lookup: 'loading' | 'ready' | 'error';
  lookupError: string | null;
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
  replay(effects: Pick<Effects, 'signal' | 'onSaved'>): Promise<void>;
  dismiss(key: string): void;
}

/**
 * What the server holds once `sent` (this job's actions, oldest first) went through: the state
 * the screen shows until the next lookup answers. `siteTimeId` is the last one's answer, when
 * known (null when another tab sent it).
 */
export function movedOn(
  state: Pick<EngineerJobState, 'serverSignedOn' | 'siteTimeId' | 'jobStatus'>,
  sent: readonly Pick<QueuedAction, 'action'>[],
  siteTimeId: number | null,
): Pick<EngineerJobState, 'serverSignedOn' | 'siteTimeId' | 'jobStatus'> {
  const last = sent.at(-1);
  const status = state.jobStatus;
  if (!last)
    return {
      serverSignedOn: state.serverSignedOn,
      siteTimeId: state.siteTimeId,
      jobStatus: status,
    };
  return {
    serverSignedOn: signedOnAfter(last.action),
    siteTimeId: signedOnAfter(last.action) ? siteTimeId : null,
    jobStatus:
      status === null ? null : sent.reduce((now, entry) => statusAfter(entry.action, now), status),
  };
}

function savedDetail(response: SiteTimeSaveResponse, jobId: number, replayed: boolean) {
  return {
    jobId,
    action: response.action,
    siteTimeId: response.id,
    message: response.message,
    onSite: response.data.on_site,
    offSite: response.data.off_site,
    replayed,
  } satisfies SiteTimeDetail;
}

/** One store per element: the state of one job's sign-on screen. */
export function createEngineerJobStore(api: Api, queue: ActionQueue, jobId: number) {
  const ownEntries = () => queue.list().filter((entry) => entry.jobId === jobId);
  const waiting = (entries: readonly QueuedAction[]) => entries.filter((entry) => !entry.refused);
  /** Only the latest sign-on lookup may write. */
  const load = remoteLoad();

  return createStore<EngineerJobState>()((set, get) => {
    /** The 2000 ms spinner, then the buttons switch (and complete / remote fix leave). */
    async function switchAfter(action: SiteTimeAction, effects: Effects, leave: boolean) {
      set({ switching: true });
      await delay(BUTTON_SWITCH_DELAY_MS, effects.signal);
      if (effects.signal.aborted) return;
      // The job's new status takes effect with the buttons (a live action: the host has it).
      const status = get().jobStatus;
      set({
        switching: false,
        busy: null,
        ...(leave && status !== null ? { jobStatus: statusAfter(action, status) } : {}),
      });
      if (leave && leavesJob(action)) effects.leave();
    }

    return {
      geo: { kind: 'pending' },
      lookup: 'loading',
      lookupError: null,
      signOnKnown: false,
      serverSignedOn: false,
      jobStatus: null,
      siteTimeId: null,
      entries: ownEntries(),
      busy: null,
      switching: false,
      message: null,

      setGeo: (geo) => set({ geo }),

      syncEntries(signal) {
        const before = waiting(get().entries).length;
        const entries = ownEntries();
        // Gone from the queue: another tab sent them, and the host took them.
        const sent = get().entries.filter(
          (entry) => !entry.refused && !entries.some((kept) => kept.key === entry.key),
        );
        set({ entries, ...movedOn(get(), sent, null) });
        // Another tab sent some: what the server says now decides the screen again.
        if (waiting(get().entries).length < before && !get().busy) void get().lookUpSignOn(signal);
      },

      async lookUpSignOn(signal) {
        set({ lookup: 'loading', lookupError: null });
        const done = await load(
          () => api.getJson(siteTimeIndexPath(jobId), siteTimeIndexResponse, { signal }),
          signal,
        );
        if (!done) return;
        if (!done.ok) {
          set({ lookup: 'error', lookupError: errorText(done.error), signOnKnown: false });
          return;
        }
        const answer = done.value;
        set({
          lookup: 'ready',
          signOnKnown: true,
          jobStatus: answer.job_status_id,
          ...(answer.status === 'success'
            ? { serverSignedOn: true, siteTimeId: answer.data.SiteTime.id }
            : { serverSignedOn: false, siteTimeId: null }),
        });
      },

      async perform(action, note, position, effects) {
        if (get().busy) return;
        const geo = position ?? NO_POSITION;
        const madeAt = new Date().toISOString();
        // The same id goes with the live try and every replay: the host records the action once.
        const actionId = newActionId();
        set({ busy: action, message: null });

        const keepOnDevice = () => {
          // Sent later by replay(); the screen follows the queued action meanwhile.
          queue.add({
            key: actionId,
            jobId,
            siteTimeId: waiting(get().entries).length > 0 ? null : get().siteTimeId,
            action,
            geo,
            ...(note === undefined ? {} : { note }),
            clientTime: madeAt,
          });
          set({ entries: ownEntries(), message: { tone: 'info', text: QUEUED_MESSAGE } });
          effects.onQueued({ jobId, action, clientTime: madeAt });
          return switchAfter(action, effects, false);
        };

        // Actions already waiting on the device go first: this one queues behind them.
        if (waiting(get().entries).length > 0) {
          await keepOnDevice();
          void get().replay(effects);
          return;
        }
        const request: SiteTimeSaveRequest = {
          id: get().siteTimeId,
          job_id: jobId,
          geo,
          action,
          ...(note === undefined ? {} : { note }),
          action_id: actionId,
        };
        try {
          const response = await api.postJson(siteTimeSavePath(), request, siteTimeSaveResponse, {
            signal: effects.signal,
          });
          set({
            message: { tone: 'success', text: response.message },
            serverSignedOn: signedOnAfter(action),
            siteTimeId: signedOnAfter(action) ? response.id : null,
          });
          effects.onSaved(savedDetail(response, jobId, false));
          await switchAfter(action, effects, true);
        } catch (error) {
          if (effects.signal.aborted) return;
          if (isUnreachable(error)) {
            // The host may have recorded it and only the answer was lost: try again at once.
            await keepOnDevice();
            void get().replay(effects);
            return;
          }
          // docs/requirements.md §7: the server's message in the button message area.
          set({ busy: null, message: { tone: 'danger', text: errorText(error) } });
        }
      },

      async replay({ signal, onSaved }) {
        const before = waiting(get().entries).length;
        let sentOwn: string | null = null;
        const send = async (entry: QueuedAction): Promise<ReplayOutcome> => {
          if (signal.aborted) return { kind: 'unsent' };
          try {
            const response = await api.postJson(
              siteTimeSavePath(),
              replayRequest(entry),
              siteTimeSaveResponse,
              { signal },
            );
            if (entry.jobId === jobId) {
              sentOwn = response.message;
              set(movedOn(get(), [entry], response.id));
              onSaved(savedDetail(response, jobId, true));
            }
            return { kind: 'sent' };
          } catch (error) {
            // A refusal (4xx) is kept with its message; anything else is tried again later.
            if (error instanceof ApiError && error.kind === 'http' && (error.status ?? 0) < 500) {
              return { kind: 'refused', message: error.message };
            }
            return { kind: 'unsent' };
          }
        };
        await queue.replay(send);
        if (signal.aborted) return;
        set({ entries: ownEntries() });
        const after = waiting(get().entries).length;
        // The queue notice gives way to the server's word once nothing waits any more.
        if (sentOwn !== null && after === 0 && get().message?.tone === 'info') {
          set({ message: { tone: 'success', text: sentOwn } });
        }
        // Sent here or by another tab: what the server says now decides the screen again.
        if (after < before && !get().busy) await get().lookUpSignOn(signal);
      },

      dismiss(key) {
        queue.dismiss(key);
        set({ entries: ownEntries() });
      },
    };
  });
}

export type EngineerJobStore = ReturnType<typeof createEngineerJobStore>;
