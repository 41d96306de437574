/*
 * This job's actions kept on the device (action-queue.ts) as the store sees them: an action
 * queued when the server cannot be reached, sent again later, refused, dismissed, or sent by
 * another tab.
 */

import {
  type SiteTimeAction,
  type SiteTimeSaveRequest,
  siteTimeSavePath,
  siteTimeSaveResponse,
} from '../../src/core/contract';
import { oneAtATime } from '../../src/core/one-at-a-time';
import { ApiError } from '../../src/runtime/api';
import type { QueuedAction, ReplayOutcome } from './action-queue';
import { savedDetail } from './events';
import { movedOn } from './sign-on';
import type { Effects, EngineerJobState, JobStore, ReplayEffects } from './store';

/** The entries still to send (a refused one waits for the engineer to dismiss it). */
export const waitingIn = (entries: readonly QueuedAction[]) =>
  entries.filter((entry) => !entry.refused);

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

/** An action the engineer made, as kept on the device. */
export interface UnsentAction {
  actionId: string;
  action: SiteTimeAction;
  geo: QueuedAction['geo'];
  note: string | undefined;
  madeAt: string;
}

/** Keeps `unsent` on the device, to be sent later by replay(); the screen follows it meanwhile. */
export function keepOnDevice(
  { queue, jobId, set, get, ownEntries }: JobStore,
  { actionId, action, geo, note, madeAt }: UnsentAction,
  effects: Pick<Effects, 'onQueued'>,
): void {
  queue.add({
    key: actionId,
    jobId,
    siteTimeId: waitingIn(get().entries).length > 0 ? null : get().siteTimeId,
    action,
    geo,
    ...(note === undefined ? {} : { note }),
    clientTime: madeAt,
  });
  set({ entries: ownEntries(), message: { tone: 'info', queued: true } });
  effects.onQueued({ jobId, action, clientTime: madeAt });
}

export function queuedActions(
  store: JobStore,
): Pick<EngineerJobState, 'syncEntries' | 'replay' | 'dismiss' | 'retry'> {
  const { api, queue, jobId, set, get, ownEntries } = store;
  return {
    syncEntries(signal) {
      const before = waitingIn(get().entries).length;
      const entries = ownEntries();
      // Gone from the queue: another tab sent them, and the host took them.
      const sent = get().entries.filter(
        (entry) => !entry.refused && !entries.some((kept) => kept.key === entry.key),
      );
      set({ entries, ...movedOn(get(), sent, null) });
      // Another tab sent some: what the server says now decides the screen again.
      if (waitingIn(get().entries).length < before && !get().busy) void get().lookUpSignOn(signal);
    },

    // One replay at a time in this tab: asked meanwhile (a record sent, the signal back), it goes
    // round once more when done.
    replay: oneAtATime(async ({ signal, onSaved, waitsFor }: ReplayEffects) => {
      const before = waitingIn(get().entries).length;
      let sentOwn: string | null = null;
      const send = async (entry: QueuedAction): Promise<ReplayOutcome> => {
        if (signal.aborted || (await waitsFor?.(entry))) return { kind: 'unsent' };
        set({ sending: entry.key });
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
        } finally {
          set({ sending: null });
        }
      };
      await queue.replay(send);
      if (signal.aborted) return;
      set({ entries: ownEntries() });
      const after = waitingIn(get().entries).length;
      // The queue notice gives way to the server's word once nothing waits any more.
      if (sentOwn !== null && after === 0 && get().message?.tone === 'info') {
        set({ message: { tone: 'success', text: sentOwn } });
      }
      // Sent here or by another tab: what the server says now decides the screen again.
      if (after < before && !get().busy) await get().lookUpSignOn(signal);
    }),

    dismiss(key) {
      queue.dismiss(key);
      set({ entries: ownEntries() });
    },

    async retry(key, effects) {
      queue.retry(key);
      set({ entries: ownEntries() });
      await get().replay(effects);
    },
  };
}
