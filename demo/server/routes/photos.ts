import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Hono } from 'hono';
import { type PhotoUploadResponse, photoUploadRequest } from '../../../src/core/contract';
import type { Deps } from '../deps';
import { type AppEnv, badRequest, idParam, readBody, validate } from '../http';
import { requireJob, requireSite } from '../records';
import { now } from '../time';

export const BYTES_PER_MB = 1024 * 1024;

/** URL prefix the app serves uploaded files under. */
export const UPLOADS_URL = '/uploads/';

/** Whether a file matches an accept list such as 'image/*,.pdf' (Dropzone's acceptedFiles). */
export function isAccepted(file: { name: string; type: string }, accepted: string): boolean {
  const type = file.type.toLowerCase();
  const extension = extname(file.name).toLowerCase();
  return accepted
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '')
    .some((entry) =>
      entry.startsWith('.')
        ? extension === entry
        : entry.endsWith('/*')
          ? type.startsWith(entry.slice(0, -1))
          : type === entry,
    );
}

type PhotoRow = { id: number; filename: string; stored_name: string; created: string };

/** 16. POST /api/photos/upload (multipart site_id, job_id, file) and the job's photo list. */
export function photoRoutes({ db, settings, uploadsDir }: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/api/photos/upload', async (c) => {
    const request = validate(photoUploadRequest, await readBody(c));
    const job = requireJob(db, request.job_id);
    requireSite(db, request.site_id);
    if (job.site_id !== request.site_id) {
      throw badRequest(`site_id ${request.site_id} is not the site of job ${job.id}`);
    }
    const { uploadMaxFileSize, uploadAcceptedFiles } = settings();
    const file = request.file;
    if (file.size === 0) throw badRequest('file is empty');
    if (file.size > uploadMaxFileSize * BYTES_PER_MB) {
      throw badRequest(`file is larger than ${uploadMaxFileSize} MB`);
    }
    if (!isAccepted(file, uploadAcceptedFiles)) {
      throw badRequest(
        `file type ${file.type || 'unknown'} is not accepted (${uploadAcceptedFiles})`,
      );
    }
    const filename = file.name.split(/[\\/]/).pop()?.trim() || 'upload';
    const extension = extname(filename).toLowerCase();
    const storedName = `${randomUUID()}${/^\.[a-z0-9]{1,8}$/.test(extension) ? extension : ''}`;
    const path = join(uploadsDir, storedName);

    mkdirSync(uploadsDir, { recursive: true });
    writeFileSync(path, new Uint8Array(await file.arrayBuffer()));
    let photoId: number;
    try {
      photoId = Number(
        db
          .prepare(
            `INSERT INTO photos (site_id, job_id, filename, stored_name, mime, size, created)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(job.site_id, job.id, filename, storedName, file.type, file.size, now())
          .lastInsertRowid,
      );
    } catch (error) {
      rmSync(path, { force: true });
      throw error;
    }
    return c.json({
      status: 'success',
      message: 'The photo has been uploaded',
      photo: { id: photoId, filename, url: `${UPLOADS_URL}${storedName}` },
    } satisfies PhotoUploadResponse);
  });

  // The reference host's list of a job's photos.
  app.get('/api/photos/index/:jobId', (c) => {
    const job = requireJob(db, idParam(c.req.param('jobId'), 'jobId'));
    const rows = db
      .prepare('SELECT id, filename, stored_name, created FROM photos WHERE job_id = ? ORDER BY id')
      .all(job.id) as PhotoRow[];
    return c.json({
      data: rows.map((row) => ({
        id: row.id,
        filename: row.filename,
        url: `${UPLOADS_URL}${row.stored_name}`,
        created: row.created,
      })),
    });
  });

  return app;
}
