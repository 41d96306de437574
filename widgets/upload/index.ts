import { defineElement, type FmElement } from '../../src/runtime/define';
import { type PhotoUploadedDetail, Upload, type UploadProps } from './Upload';

/**
 * A drop zone that uploads photos of a job to the host, with per-file progress and retry, and
 * refusals that state the limits (docs/requirements.md §7 call 16). See README.md.
 *
 * @tag fm-upload
 * @attr {number} data-site-id - The job's site (required).
 * @attr {number} data-job-id - The job (required).
 * @fires {CustomEvent<PhotoUploadedDetail>} fm-photo-uploaded - A file was stored; `detail` is `{ jobId, photo: { id, filename, url } }`.
 */
export const UploadElement = defineElement('fm-upload', Upload, {
  attributes: { siteId: 'id', jobId: 'id' },
  required: ['siteId', 'jobId'],
});

export type { PhotoUploadedDetail, UploadProps };

declare global {
  interface HTMLElementTagNameMap {
    'fm-upload': FmElement<UploadProps>;
  }
  interface FmEventMap {
    'fm-photo-uploaded': PhotoUploadedDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-photo-uploaded': CustomEvent<PhotoUploadedDetail>;
  }
}
