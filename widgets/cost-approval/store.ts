import { createStore } from 'zustand/vanilla';
import {
  type CostsIndexResponse,
  costsIndexPath,
  costsIndexResponse,
  jobShowPath,
  jobShowResponse,
} from '../../src/core/contract';
import { type Api, failureMessages, isAbort } from '../../src/runtime/api';
import { latestWins } from '../../src/runtime/latest';

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

/** One store per element: two cost approval buttons on a page never share state. */
export function createCostApprovalStore(api: Api) {
  const begin = latestWins();

  return createStore<CostApprovalState>()((set, get) => ({
    status: 'idle',
    data: null,
    error: null,
    refreshError: null,
    load: async (jobId, signal) => {
      const isLatest = begin();
      set({ status: 'loading', data: null, error: null, refreshError: null });
      try {
        const data = await api.getJson(costsIndexPath(jobId), costsIndexResponse, { signal });
        if (isLatest()) set({ status: 'ready', data });
      } catch (error) {
        if (!isLatest() || isAbort(error)) return;
        set({ status: 'error', error: failureMessages(error).join(' ') });
      }
    },
    refresh: async (jobId, signal) => {
      const isLatest = begin();
      try {
        const shown = await api.getJson(jobShowPath(jobId), jobShowResponse, { signal });
        const { data } = get();
        if (!isLatest() || !data) return;
        set({
          data: { ...data, job: shown.job, cancelled: shown.job.Job.cancelled },
          refreshError: null,
        });
      } catch (error) {
        if (!isLatest() || isAbort(error)) return;
        set({ refreshError: failureMessages(error).join(' ') });
      }
    },
    dropCost: (costId) => {
      const { data } = get();
      if (!data) return;
      set({ data: { ...data, costs: data.costs.filter((cost) => cost.Cost.id !== costId) } });
    },
  }));
}

export type CostApprovalStore = ReturnType<typeof createCostApprovalStore>;
