import { defineElement } from '../../src/ui/define-element';
import { type PhotoUploadedDetail, Upload, type UploadProps } from './Upload';

/**
 * A drop zone that uploads photos of a job to the host, with per-file progress and retry, and
 * refusals that state the limits (docs/requirements.md §7 call 16). See README.md.
 *
 * @summary photo drop zone: site_id and job_id, limits in the messages, progress, retry
 * @attr {number} data-site-id - The job's site (required).
 * @attr {number} data-job-id - The job (required).
 * @attr {string} data-stage - Which photos these are, sent with each: `before` or `after`.
 * @attr {boolean} data-offline - Keeps each photo on the device until sent, once (the engineer's job page).
 * @fires {CustomEvent<PhotoUploadedDetail>} fm-photo-uploaded - A file was stored; `detail` is `{ jobId, photo: { id, filename, url } }`.
 */
export const UploadElement = defineElement('fm-upload', Upload, {
  attributes: { siteId: 'id', jobId: 'id', stage: 'string', offline: 'boolean' },
  required: ['siteId', 'jobId'],
});

export type { PhotoUploadedDetail, UploadProps };

declare global {
  interface FmEventMap {
    'fm-photo-uploaded': PhotoUploadedDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-photo-uploaded': CustomEvent<PhotoUploadedDetail>;
  }
}
