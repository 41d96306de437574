/*
 * Whether the engineer is signed on, and the job's status: what the server says (call 23), moved
 * on by the actions sent since and by those still waiting on the device.
 */

import { siteTimeIndexPath, siteTimeIndexResponse } from '../../src/core/contract';
import { signedOnAfter, statusAfter } from '../../src/core/job-lifecycle';
import { remoteLoad } from '../../src/runtime/remote-load';
import type { QueuedAction } from './action-queue';
import type { EngineerJobState, JobStore } from './store';

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
 * The job's status as the screen shows it: the server's, moved on by the actions still waiting on
 * this device (after a Sign Off Complete made with no signal the job is Complete, not On Site).
 * During an action and its spinner, as the buttons do, it stays as it was until the switch.
 */
export function shownStatus(
  state: Pick<EngineerJobState, 'jobStatus' | 'entries' | 'busy'>,
): number | null {
  const status = state.jobStatus;
  if (status === null) return null;
  const waiting = state.entries.filter((entry) => !entry.refused);
  const counted =
    state.busy && waiting.at(-1)?.action === state.busy ? waiting.slice(0, -1) : waiting;
  return counted.reduce((now, entry) => statusAfter(entry.action, now), status);
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

/** The sign-on lookup (call 23): only the latest one may write. */
export function signOnLookup({
  api,
  jobId,
  set,
}: JobStore): Pick<EngineerJobState, 'lookUpSignOn'> {
  const load = remoteLoad();
  return {
    async lookUpSignOn(signal) {
      set({ lookup: 'loading', lookupError: null });
      const done = await load(
        () => api.getJson(siteTimeIndexPath(jobId), siteTimeIndexResponse, { signal }),
        signal,
      );
      if (!done) return;
      if (!done.ok) {
        set({ lookup: 'error', lookupError: done.error, signOnKnown: false });
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
  };
}
