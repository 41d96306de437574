/*
 * An action sent as the engineer makes it: the request, the server's answer in the message area,
 * the spinner before the buttons switch (docs/requirements.md §4); kept on the device when the
 * server is out of reach.
 */

import {
  type GeoPosition,
  type SiteTimeAction,
  type SiteTimeSaveRequest,
  siteTimeSavePath,
  siteTimeSaveResponse,
} from '../../src/core/contract';
import { delay } from '../../src/core/delay';
import { leavesJob, signedOnAfter, statusAfter } from '../../src/core/job-lifecycle';
import { ApiError } from '../../src/runtime/api';
import { newActionId } from './action-queue';
import { savedDetail } from './events';
import { keepOnDevice, type UnsentAction, waitingIn } from './queued-actions';
import type { Effects, EngineerJobState, JobStore } from './store';

/** docs/requirements.md §9: the spinner shown after an action before the buttons switch. */
export const BUTTON_SWITCH_DELAY_MS = 2000;

/** Sent when the geo check is off and no position could be had: the contract needs numbers. */
const NO_POSITION: GeoPosition = { lat: 0, long: 0, accuracy: 0 };

/** The request could not reach the server: keep the action on the device. */
function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
}

export function liveAction(store: JobStore): Pick<EngineerJobState, 'perform'> {
  const { api, jobId, set, get } = store;

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

  /** Sent later by replay(), which is tried at once: the queue may be sendable already. */
  async function queueAndReplay(unsent: UnsentAction, effects: Effects) {
    keepOnDevice(store, unsent, effects);
    await switchAfter(unsent.action, effects, false);
    void get().replay(effects);
  }

  return {
    async perform(action, note, position, effects) {
      if (get().busy) return;
      const unsent: UnsentAction = {
        action,
        note,
        geo: position ?? NO_POSITION,
        madeAt: new Date().toISOString(),
        // The same id goes with the live try and every replay: the host records the action once.
        actionId: newActionId(),
      };
      set({ busy: action, message: null });

      // Actions already waiting on the device go first: this one queues behind them.
      if (waitingIn(get().entries).length > 0) return queueAndReplay(unsent, effects);
      const request: SiteTimeSaveRequest = {
        id: get().siteTimeId,
        job_id: jobId,
        geo: unsent.geo,
        action,
        ...(note === undefined ? {} : { note }),
        action_id: unsent.actionId,
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
        // The host may have recorded it and only the answer was lost: try again at once.
        if (isUnreachable(error)) return queueAndReplay(unsent, effects);
        // docs/requirements.md §7: the server's message in the button message area.
        set({ busy: null, message: { tone: 'danger', error } });
      }
    },
  };
}
