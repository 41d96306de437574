import { mayTake } from '../../src/core/job-lifecycle';
import { jobFormSections } from '../pages/forms';
import type { Html } from '../pages/html';
import type { Db } from './db';
import { UPLOADS_URL } from './routes/photos';
import { toDisplay } from './time';

/** The job view's cost-add and photo sections, with the photos stored for the job. */
export function jobFormSectionsFor(db: Db, jobId: number): Html {
  const job = db
    .prepare('SELECT id, site_id, status_id, cancelled FROM jobs WHERE id = ?')
    .get(jobId) as { id: number; site_id: number; status_id: number; cancelled: 0 | 1 };
  const photos = (
    db
      .prepare('SELECT filename, stored_name, created FROM photos WHERE job_id = ? ORDER BY id')
      .all(jobId) as { filename: string; stored_name: string; created: string }[]
  ).map((photo) => ({
    filename: photo.filename,
    url: `${UPLOADS_URL}${photo.stored_name}`,
    created: toDisplay(photo.created),
  }));
  // A cost added to a rejected job could never be decided (the job lifecycle): none is asked for.
  const takesCosts = mayTake('approveCost', 'client', { ...job, cancelled: job.cancelled === 1 });
  return jobFormSections(job, photos, takesCosts);
}
