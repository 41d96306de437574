import { createStore } from 'zustand/vanilla';
import type { ReportFailure } from './errors';

/** invalid: not embedded (see errors); embedding: sent, waiting; loaded/rendered: on show; failed. */
export type ReportPhase = 'invalid' | 'embedding' | 'loaded' | 'rendered' | 'failed';

export interface ReportState {
  phase: ReportPhase;
  /** Everything wrong with the configuration; nothing is embedded while there is any. */
  errors: string[];
  /** Everything wrong with the last `data-filters`; those filters were not sent. */
  filterErrors: string[];
  /** The last failure the service reported, with the message for the user. */
  failure: ReportFailure | null;
  /** A passing state to announce ("Renewing access…"). */
  notice: string;
}

/** One store per fm-report element. */
export function createReportStore() {
  return createStore<ReportState>()(() => ({
    phase: 'invalid',
    errors: [],
    filterErrors: [],
    failure: null,
    notice: '',
  }));
}

export type ReportStore = ReturnType<typeof createReportStore>;
