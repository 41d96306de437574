import { defineElement } from '../../src/ui/define-element';
import { SiteTimeForm, type SiteTimeFormProps, type SiteTimeSavedDetail } from './SiteTimeForm';

/**
 * The site time form: on site, off site, number of engineers and the remote fix checkbox that
 * fills and locks them (docs/requirements.md §4); it posts natively to the host. See README.md.
 *
 * @summary site time form: on/off site, engineers, remote fix that fills and locks them
 * @attr {number} data-job-id - The job (required).
 * @attr {string} data-action - The host's action URL (default `/site_times/add/{jobId}`).
 * @attr {string} data-on-site - Initial on-site time, DD/MM/YYYY HH:mm.
 * @attr {string} data-off-site - Initial off-site time, DD/MM/YYYY HH:mm.
 * @attr {number} data-engineers - Initial number of engineers.
 * @attr {boolean} data-remote-fix - Starts with remote fix checked (the fields locked).
 * @attr {number} data-job-status - The job's status id: only what the job lifecycle allows is offered.
 * @attr {string} data-refusal - The host's message about the post it refused (text, or its JSON error body).
 * @attr {boolean} data-offline - Keeps each entry on the device and sends it from there, once (the engineer's pages).
 * @fires {CustomEvent<SiteTimeSavedDetail>} fm-site-time-saved - With data-offline, the host recorded the entry as it was made.
 * @fires {CustomEvent<SiteTimeSavedDetail>} fm-site-time-refused - With data-offline, the host refused the entry as it was made; `message` is why.
 */
export const SiteTimeFormElement = defineElement('fm-site-time-form', SiteTimeForm, {
  attributes: {
    jobId: 'id',
    action: 'string',
    onSite: 'string',
    offSite: 'string',
    engineers: 'number',
    remoteFix: 'boolean',
    jobStatus: 'id',
    refusal: 'string',
    offline: 'boolean',
  },
  required: ['jobId'],
});

export type { SiteTimeFormProps, SiteTimeSavedDetail };

declare global {
  interface FmEventMap {
    'fm-site-time-saved': SiteTimeSavedDetail;
    'fm-site-time-refused': SiteTimeSavedDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-site-time-saved': CustomEvent<SiteTimeSavedDetail>;
    'fm-site-time-refused': CustomEvent<SiteTimeSavedDetail>;
  }
}
