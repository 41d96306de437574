import type { SiteTimeAction, SiteTimeSaveResponse } from '../../src/core/contract';
import { ACTION_SAVED_EVENTS } from '../../src/core/engineer-events';

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

/** `detail` of `fm-record-sent`: a photo or typed site time that waited on the device was sent. */
export interface RecordSentDetail {
  jobId: number;
}

/** The event each accepted action fires. */
export const SAVED_EVENTS = ACTION_SAVED_EVENTS satisfies Record<SiteTimeAction, keyof FmEventMap>;

export function savedDetail(response: SiteTimeSaveResponse, jobId: number, replayed: boolean) {
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
