import type { Context } from 'hono';
import { COST_TYPE, JOB_TYPE } from '../../src/core/contract';
import { type JobSummary, jobViewPage } from '../pages/job-view';
import type { Db } from './db';
import type { Deps } from './deps';
import type { AppEnv, AppHandler } from './http';
import { jobFormSectionsFor } from './job-forms';
import { pageContext, renderNotFound } from './page-context';
import { toDisplay } from './time';

type Portal = 'client' | 'contractor';

/** The job's own row, before what is gathered from the other tables. */
type JobRow = Omit<
  JobSummary,
  | 'cancelled'
  | 'external_job_id'
  | 'engineers'
  | 'forwarded'
  | 'decisions'
  | 'awaiting'
  | 'quotes'
  | 'notes'
  | 'released_as'
  | 'engineers_on'
> & {
  cancelled: 0 | 1;
};

/** /client/jobs/view/{id} and /contractor/jobs/view/{id}: the job, its costs, notes and engineers. */
export function showJobView(deps: Deps): AppHandler {
  const { db } = deps;
  return (c: Context<AppEnv>) => {
    const job = findJob(db, Number(c.req.param('jobId')));
    if (!job) return renderNotFound(c, deps);
    const portal = c.req.param('portal') === 'contractor' ? 'contractor' : 'client';
    return c.html(
      jobViewPage(
        pageContext(c, deps),
        portal,
        jobSummaryOf(db, job, portal),
        jobFormSectionsFor(db, job.id),
      ),
    );
  };
}

function findJob(db: Db, jobId: number): JobRow | undefined {
  return db
    .prepare(
      `SELECT j.id, j.status_id, j.type_id, j.description, s.name AS site, s.branch_reference,
         a.name AS asset, st.name AS status, t.name AS type, p.name AS priority,
         u.name AS contractor, j.contractor_id, j.client_reference_2, j.created, j.due_datetime AS due, j.cancelled,
         CASE WHEN j.type_id = ? THEN j.parent_job_id END AS released_from
       FROM jobs j
       JOIN sites s ON s.id = j.site_id
       LEFT JOIN assets a ON a.id = j.asset_id
       JOIN statuses st ON st.id = j.status_id
       JOIN types t ON t.id = j.type_id
       LEFT JOIN priorities p ON p.id = j.priority_id
       LEFT JOIN users u ON u.id = j.contractor_id
       WHERE j.id = ?`,
    )
    .get(JOB_TYPE.release, jobId) as JobRow | undefined;
}

/** The job as its view shows it, to the portal's user. */
function jobSummaryOf(db: Db, job: JobRow, portal: Portal): JobSummary {
  const releasedAs = releasedAsOf(db, job.id);
  // A release's engineers may be assigned on either of its two jobs: the job view of one with
  // none of its own says the other's, and where.
  const otherHalf = releasedAs?.id ?? job.released_from;
  const forwarded = forwardedAt(db, job.id);
  return {
    ...job,
    released_as: releasedAs,
    created: toDisplay(job.created),
    due: job.due === null ? null : toDisplay(job.due),
    cancelled: job.cancelled === 1,
    external_job_id: externalJobIdOf(db, job.id) ?? String(job.id),
    engineers: engineersOf(db, job.id),
    engineers_on:
      otherHalf === null ? null : { id: otherHalf, engineers: engineersOf(db, otherHalf) },
    forwarded: forwarded === null ? null : toDisplay(forwarded),
    decisions: decisionsOf(db, job.id),
    awaiting: awaitingCostsOf(db, job.id),
    quotes: quotesOf(db, job.id),
    notes: notesOf(db, job.id, portal),
  };
}

/** What the release did lives on the job it made: to whom, which priority, which Order Number. */
function releasedAsOf(db: Db, jobId: number): JobSummary['released_as'] {
  return (
    (db
      .prepare(
        `SELECT r.id, u.name AS contractor, p.name AS priority, r.client_reference_2 AS orderNumber
         FROM jobs r
         LEFT JOIN users u ON u.id = r.contractor_id
         LEFT JOIN priorities p ON p.id = r.priority_id
         WHERE r.parent_job_id = ? AND r.type_id = ? ORDER BY r.id LIMIT 1`,
      )
      .get(jobId, JOB_TYPE.release) as JobSummary['released_as'] | undefined) ?? null
  );
}

/** A job unknown to the purchase-order system is looked up by its own id (and not found). */
function externalJobIdOf(db: Db, jobId: number): string | undefined {
  return db
    .prepare('SELECT external_job_id FROM purchase_orders WHERE job_id = ? ORDER BY id LIMIT 1')
    .pluck()
    .get(jobId) as string | undefined;
}

function forwardedAt(db: Db, jobId: number): string | null {
  return db
    .prepare(
      `SELECT MAX(n.created) FROM notes n JOIN jobs j ON j.id = n.job_id
       WHERE j.id = ? AND j.forwarded = 1 AND n.internal = 1`,
    )
    .pluck()
    .get(jobId) as string | null;
}

function decisionsOf(db: Db, jobId: number): JobSummary['decisions'] {
  return (
    db
      .prepare(
        `SELECT c.cost_type_id, c.invoice_number, c.created, c.decided, c.total, c.approved,
           c.authorised_via, u.name AS authoriser
         FROM costs c LEFT JOIN users u ON u.id = c.authoriser_id
         WHERE c.job_id = ? AND c.approved IS NOT NULL ORDER BY c.decided, c.id`,
      )
      .all(jobId) as {
      cost_type_id: number;
      invoice_number: string | null;
      created: string;
      decided: string | null;
      total: number;
      approved: 0 | 1;
      authorised_via: string | null;
      authoriser: string | null;
    }[]
  ).map((row) => ({
    quote: row.cost_type_id === COST_TYPE.quote,
    invoice_number: row.invoice_number,
    created: toDisplay(row.created),
    decided: row.decided === null ? null : toDisplay(row.decided),
    total: row.total,
    approved: row.approved === 1,
    authoriser: row.authoriser,
    via: row.authorised_via,
  }));
}

function awaitingCostsOf(db: Db, jobId: number): JobSummary['awaiting'] {
  return (
    db
      .prepare(
        `SELECT cost_type_id, invoice_number, total, created FROM costs
         WHERE job_id = ? AND approved IS NULL ORDER BY id`,
      )
      .all(jobId) as JobSummary['awaiting']
  ).map((cost) => ({ ...cost, created: toDisplay(cost.created) }));
}

function quotesOf(db: Db, jobId: number): JobSummary['quotes'] {
  return db
    .prepare(
      `SELECT r.id, u.name AS contractor FROM jobs r LEFT JOIN users u ON u.id = r.contractor_id
       WHERE r.parent_job_id = ? AND r.type_id = ? ORDER BY r.id`,
    )
    .all(jobId, JOB_TYPE.quote) as JobSummary['quotes'];
}

/** A contractor is not shown the client's internal notes (a forwarded job's message). */
function notesOf(db: Db, jobId: number, portal: Portal): JobSummary['notes'] {
  return (
    db
      .prepare(
        `SELECT description, created, internal FROM notes
         WHERE job_id = ? AND TRIM(description) <> '' AND (internal = 0 OR ?)
         ORDER BY created, id`,
      )
      .all(jobId, portal === 'client' ? 1 : 0) as {
      description: string;
      created: string;
      internal: 0 | 1;
    }[]
  ).map((note) => ({ ...note, created: toDisplay(note.created), internal: note.internal === 1 }));
}

/** Every engineer, with the assignment to `jobId` of those it has. */
function engineersOf(db: Db, jobId: number): JobSummary['engineers'] {
  const engineers = db
    .prepare(
      `SELECT u.id, u.name, je.id AS assignedId, je.created AS assigned FROM users u
       LEFT JOIN job_engineers je ON je.user_id = u.id AND je.job_id = ?
       WHERE u.role = 'engineer' ORDER BY u.name`,
    )
    .all(jobId) as JobSummary['engineers'];
  for (const engineer of engineers) {
    if (engineer.assigned !== null) engineer.assigned = toDisplay(engineer.assigned);
  }
  return engineers;
}
