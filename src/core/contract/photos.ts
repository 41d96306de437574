import * as v from 'valibot';
import { text } from './decode';
import { id } from './shapes';
import { deviceRecordId } from './shared';

// 16. Photo upload (multipart)
export function photoUploadPath(): string {
  return '/api/photos/upload';
}
/**
 * Made on the device when the photo was taken (a UUID) and sent with every try of it: the field a
 * backend recognises a repeat by, answering it as the first time (docs/requirements.md §7).
 */
export const uploadId = deviceRecordId('an upload id');
/** Which photo of the work it is, when the page asks for one: before or after. */
export const PHOTO_STAGES = ['before', 'after'] as const;
export type PhotoStage = (typeof PHOTO_STAGES)[number];
export const photoUploadRequest = v.object({
  site_id: id,
  job_id: id,
  file: v.file(),
  upload_id: v.optional(uploadId),
  stage: v.optional(v.picklist(PHOTO_STAGES)),
});
export type PhotoUploadRequest = v.InferOutput<typeof photoUploadRequest>;
export const photoUploadResponse = v.object({
  status: v.literal('success'),
  message: text,
  photo: v.object({ id, filename: text, url: text }),
});
export type PhotoUploadResponse = v.InferOutput<typeof photoUploadResponse>;
