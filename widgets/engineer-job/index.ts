import { defineElement } from '../../src/ui/define-element';
import { EngineerJob, type EngineerJobProps } from './EngineerJob';
import type { ActionQueuedDetail, RecordSentDetail, SiteTimeDetail } from './events';

/**
 * The engineer job screen: distance to the site, Sign On, Sign Off, Sign Off Complete, Remote
 * Fix and notes; actions made without signal are kept on the device and sent later. See README.md.
 *
 * @summary engineer sign on/off, complete, remote fix; geofence; kept on the device offline
 * @attr {number} data-job-id - The job's id (required).
 * @attr {number} data-site-lat - The site's latitude; empty or absent when not geocoded.
 * @attr {number} data-site-long - The site's longitude; empty or absent when not geocoded.
 * @attr {boolean} data-notes - Shows the notes field; each action then needs more than 8 characters.
 * @attr {boolean} data-device-only - Only what waits on this device for the job (a finished job's page), until dismissed.
 * @fires {CustomEvent<SiteTimeDetail>} fm-signed-on - The server recorded a sign on.
 * @fires {CustomEvent<SiteTimeDetail>} fm-signed-off - The server recorded a sign off.
 * @fires {CustomEvent<SiteTimeDetail>} fm-job-completed - The server recorded a sign off complete.
 * @fires {CustomEvent<SiteTimeDetail>} fm-remote-fixed - The server recorded a remote fix.
 * @fires {CustomEvent<ActionQueuedDetail>} fm-action-queued - An action was kept on the device to send later.
 * @fires {CustomEvent<RecordSentDetail>} fm-record-sent - A photo or typed site time kept on the device was sent.
 */
export const EngineerJobElement = defineElement('fm-engineer-job', EngineerJob, {
  attributes: {
    jobId: 'id',
    siteLat: 'string',
    siteLong: 'string',
    notes: 'boolean',
    deviceOnly: 'boolean',
  },
  required: ['jobId'],
});

export type { ActionQueuedDetail, EngineerJobProps, RecordSentDetail, SiteTimeDetail };

declare global {
  interface FmEventMap {
    'fm-signed-on': SiteTimeDetail;
    'fm-signed-off': SiteTimeDetail;
    'fm-job-completed': SiteTimeDetail;
    'fm-remote-fixed': SiteTimeDetail;
    'fm-action-queued': ActionQueuedDetail;
    'fm-record-sent': RecordSentDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-signed-on': CustomEvent<SiteTimeDetail>;
    'fm-signed-off': CustomEvent<SiteTimeDetail>;
    'fm-job-completed': CustomEvent<SiteTimeDetail>;
    'fm-remote-fixed': CustomEvent<SiteTimeDetail>;
    'fm-action-queued': CustomEvent<ActionQueuedDetail>;
    'fm-record-sent': CustomEvent<RecordSentDetail>;
  }
}
