import type { SiteTimeAction } from './contract/shared';

// The events the engineer's screen fires on its element (widgets/engineer-job/README.md). They
// bubble to the page: the host listens, and so does the offline notice.

/** The event each action the host took fires; `detail` carries the job and the action. */
export const ACTION_SAVED_EVENTS = {
  signon: 'fm-signed-on',
  signoff: 'fm-signed-off',
  complete: 'fm-job-completed',
  remotefix: 'fm-remote-fixed',
} as const satisfies Record<SiteTimeAction, string>;

/** An action kept on the device, to be sent when connected; `detail` as above. */
export const ACTION_QUEUED_EVENT = 'fm-action-queued';

/** A photo or typed site time that waited on the device was sent; `detail` carries the job. */
export const RECORD_SENT_EVENT = 'fm-record-sent';

/** The events that say the host has answered: an action or a record it took. */
export const HOST_ANSWERED_EVENTS = [RECORD_SENT_EVENT, ...Object.values(ACTION_SAVED_EVENTS)];
