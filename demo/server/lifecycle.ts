import { type JobAction, type Role, refusal, statusAfter } from '../../src/core/job-lifecycle';
import type { Db } from './db';
import { HttpError } from './http';
import type { JobRow } from './records';

type JobState = Pick<JobRow, 'id' | 'status_id' | 'type_id' | 'cancelled'>;

/**
 * Refuses (409, with the lifecycle's words) an action the job's status does not allow. The host
 * has no sign-in: the role is the one the call serves (the engineer's site times, else the client).
 */
export function allow(action: JobAction, role: Role, job: JobState): void {
  const why = refusal(action, role, { ...job, cancelled: job.cancelled === 1 });
  if (why !== null) throw new HttpError(409, why);
}

/**
 * Moves the job to the status `action` leaves it in (docs/requirements.md §4), when that is
 * another.
 */
export function moveJob(db: Db, action: JobAction, job: Pick<JobRow, 'id' | 'status_id'>): void {
  const next = statusAfter(action, job.status_id);
  if (next !== job.status_id) {
    db.prepare('UPDATE jobs SET status_id = ? WHERE id = ?').run(next, job.id);
  }
}
