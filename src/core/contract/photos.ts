import * as v from 'valibot';
import { id, text } from './decode';

// 16. Photo upload (multipart)
export function photoUploadPath(): string {
  return '/api/photos/upload';
}
export const photoUploadRequest = v.object({ site_id: id, job_id: id, file: v.file() });
export type PhotoUploadRequest = v.InferOutput<typeof photoUploadRequest>;
export const photoUploadResponse = v.object({
  status: v.literal('success'),
  message: text,
  photo: v.object({ id, filename: text, url: text }),
});
export type PhotoUploadResponse = v.InferOutput<typeof photoUploadResponse>;
