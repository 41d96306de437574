import { createStore } from 'zustand/vanilla';
import {
  type CostsIndexResponse,
  costsIndexPath,
  costsIndexResponse,
  jobShowPath,
  jobShowResponse,
} from '../../src/core/contract';
import type { Api } from '../../src/runtime/api';
import { remoteLoad } from '../../src/runtime/remote-load';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CostApprovalState {
  status: LoadStatus;
  /** The job and its costs awaiting approval (call 3); costs decided since are dropped. */
  data: CostsIndexResponse | null;
  error: string | null;
  /** Why the job could not be read again after an action; what shows may then be out of date. */
  refreshError: string | null;
  /** Loads the job and its costs awaiting approval afresh. */
  load(jobId: number, signal: AbortSignal): Promise<void>;
  /** Takes a decided cost off the list. */
  dropCost(costId: number): void;
  /** Reads the job again after an action (call 8), so only what its state allows is offered. */
  refresh(jobId: number, signal: AbortSignal): Promise<void>;
}

/**
 * One store per element: two cost approval buttons on a page never share state. `errorText` words
 * a failed read (the element's useErrorText).
 */
export function createCostApprovalStore(api: Api, errorText: (error: unknown) => string) {
  /** The load and the refresh share it: only the latest of them writes. */
  const load = remoteLoad();

  return createStore<CostApprovalState>()((set, get) => ({
    status: 'idle',
    data: null,
    error: null,
    refreshError: null,
    load: async (jobId, signal) => {
      set({ status: 'loading', data: null, error: null, refreshError: null });
      const done = await load(
        () => api.getJson(costsIndexPath(jobId), costsIndexResponse, { signal }),
        signal,
      );
      if (!done) return;
      set(
        done.ok
          ? { status: 'ready', data: done.value }
          : { status: 'error', error: errorText(done.error) },
      );
    },
    refresh: async (jobId, signal) => {
      const done = await load(
        () => api.getJson(jobShowPath(jobId), jobShowResponse, { signal }),
        signal,
      );
      if (!done) return;
      if (!done.ok) {
        set({ refreshError: errorText(done.error) });
        return;
      }
      const { data } = get();
      if (!data) return;
      const { job } = done.value;
      set({ data: { ...data, job, cancelled: job.Job.cancelled }, refreshError: null });
    },
    dropCost: (costId) => {
      const { data } = get();
      if (!data) return;
      set({ data: { ...data, costs: data.costs.filter((cost) => cost.Cost.id !== costId) } });
    },
  }));
}

export type CostApprovalStore = ReturnType<typeof createCostApprovalStore>;
