import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Hono } from 'hono';
import {
  type PhotoUploadRequest,
  type PhotoUploadResponse,
  photoUploadRequest,
} from '../../../src/core/contract';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, badRequest, HttpError, idParam, readBody, validate } from '../http';
import { type JobRow, requireJob, requireSite } from '../records';
import type { HostSettings } from '../settings';
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

/** The size and type limits of the page configuration, checked again here. */
function checkFile(file: File, { uploadMaxFileSize, uploadAcceptedFiles }: HostSettings): void {
  if (file.size === 0) throw badRequest('file is empty');
  if (file.size > uploadMaxFileSize * BYTES_PER_MB) {
    throw badRequest(`file is larger than ${uploadMaxFileSize} MB`);
  }
  if (!isAccepted(file, uploadAcceptedFiles)) {
    throw badRequest(
      `file type ${file.type || 'unknown'} is not accepted (${uploadAcceptedFiles})`,
    );
  }
}

type UploadRow = { job_id: number; answer: string };

/** The first answer to a photo the device already sent (same upload_id), if any. */
function sentBefore(db: Db, uploadId: string): UploadRow | undefined {
  return db.prepare('SELECT job_id, answer FROM photo_uploads WHERE upload_id = ?').get(uploadId) as
    | UploadRow
    | undefined;
}

/**
 * Writes the file, then records it, with its upload_id and answer, in one transaction: a repeat
 * sent meanwhile by another tab finds the first (the unique upload_id refuses the second row).
 */
function storePhoto(
  { db, uploadsDir }: Pick<Deps, 'db' | 'uploadsDir'>,
  request: PhotoUploadRequest,
  job: JobRow,
  bytes: Uint8Array,
): PhotoUploadResponse {
  const filename = request.file.name.split(/[\\/]/).pop()?.trim() || 'upload';
  const extension = extname(filename).toLowerCase();
  const storedName = `${randomUUID()}${/^\.[a-z0-9]{1,8}$/.test(extension) ? extension : ''}`;
  const path = join(uploadsDir, storedName);
  mkdirSync(uploadsDir, { recursive: true });
  writeFileSync(path, bytes);
  try {
    return db.transaction((): PhotoUploadResponse => {
      const first = request.upload_id === undefined ? undefined : sentBefore(db, request.upload_id);
      if (first) {
        rmSync(path, { force: true });
        return JSON.parse(first.answer) as PhotoUploadResponse;
      }
      const photoId = Number(
        db
          .prepare(
            `INSERT INTO photos (site_id, job_id, filename, stored_name, mime, size, created)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(job.site_id, job.id, filename, storedName, request.file.type, bytes.length, now())
          .lastInsertRowid,
      );
      const answer: PhotoUploadResponse = {
        status: 'success',
        message: 'The photo has been uploaded',
        photo: { id: photoId, filename, url: `${UPLOADS_URL}${storedName}` },
      };
      if (request.upload_id !== undefined) {
        db.prepare(
          `INSERT INTO photo_uploads (upload_id, job_id, photo_id, stage, answer, created)
           VALUES (?, ?, ?, ?, ?, ?)`,
        ).run(
          request.upload_id,
          job.id,
          photoId,
          request.stage ?? null,
          JSON.stringify(answer),
          now(),
        );
      }
      return answer;
    })();
  } catch (error) {
    rmSync(path, { force: true });
    throw error;
  }
}

type PhotoRow = {
  id: number;
  filename: string;
  stored_name: string;
  created: string;
  stage: string | null;
};

/**
 * 16. POST /api/photos/upload (multipart site_id, job_id, file; upload_id and stage from a
 * device) and the job's photo list.
 */
export function photoRoutes({ db, settings, uploadsDir }: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/api/photos/upload', async (c) => {
    const request = validate(photoUploadRequest, await readBody(c));
    const job = requireJob(db, request.job_id);
    requireSite(db, request.site_id);
    if (job.site_id !== request.site_id) {
      throw badRequest(`site_id ${request.site_id} is not the site of job ${job.id}`);
    }
    // A photo sent again from the device (its answer was lost): the first answer, nothing new.
    const first = request.upload_id === undefined ? undefined : sentBefore(db, request.upload_id);
    if (first) {
      if (first.job_id !== job.id) {
        throw new HttpError(409, 'This upload_id was already used for another job');
      }
      return c.json(JSON.parse(first.answer) as PhotoUploadResponse);
    }
    checkFile(request.file, settings());
    const bytes = new Uint8Array(await request.file.arrayBuffer());
    return c.json(storePhoto({ db, uploadsDir }, request, job, bytes));
  });

  // The reference host's list of a job's photos.
  app.get('/api/photos/index/:jobId', (c) => {
    const job = requireJob(db, idParam(c.req.param('jobId'), 'jobId'));
    const rows = db
      .prepare(
        `SELECT p.id, p.filename, p.stored_name, p.created, u.stage
         FROM photos p LEFT JOIN photo_uploads u ON u.photo_id = p.id
         WHERE p.job_id = ? ORDER BY p.id`,
      )
      .all(job.id) as PhotoRow[];
    return c.json({
      data: rows.map((row) => ({
        id: row.id,
        filename: row.filename,
        url: `${UPLOADS_URL}${row.stored_name}`,
        created: row.created,
        stage: row.stage,
      })),
    });
  });

  return app;
}
