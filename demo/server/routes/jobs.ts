import { Hono } from 'hono';
import {
  CONTRACTOR_QUOTE_PRIORITY,
  JOB_STATUS,
  JOB_TYPE,
  type JobDuplicateResponse,
  type JobQuoteRequest,
  type JobReleaseRequest,
  type JobShowResponse,
  type JobUpdateResponse,
  jobDuplicateRequest,
  jobUpdateRequest,
  type Note,
  type PurchaseOrderResponse,
} from '../../../src/core/contract';
import {
  ALTERNATIVE_QUOTES_CREATED,
  JOB_FORWARDED,
  JOB_REJECTED,
  JOB_RELEASED,
  ORDER_NUMBER_REQUIRED,
  QUOTATION_REQUESTED,
} from '../../../src/core/job-messages';
import {
  isOrderNumberRequired,
  isReleasePriority,
  lacksOrderNumber,
} from '../../../src/core/job-payloads';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, badRequest, HttpError, idParam, readBody, validate } from '../http';
import { allow, moveJob } from '../lifecycle';
import { contractorsFor, findUser, type JobRow, jobRecordOf, requireJob } from '../records';
import { dueAt } from '../seed/reference';
import type { HostSettings } from '../settings';
import { now, toDateTime } from '../time';

/** Calls 5, 8, 9 and 13: duplicate (release, quote), show, forward/reject, purchase order. */
export function jobRoutes({ db, settings }: Deps) {
  const app = new Hono<AppEnv>();

  // The widgets ask for /{jobId}/1 (the legacy "as JSON" flag); /{jobId} answers the same.
  for (const path of ['/api/jobs/show/:jobId', '/api/jobs/show/:jobId/1']) {
    app.get(path, (c) => {
      const job = requireJob(db, idParam(c.req.param('jobId'), 'jobId'));
      return c.json({
        status: 'success',
        job_id: job.id,
        job: jobRecordOf(db, job),
        contractors: contractorsFor(db, job.site_id, job.asset_id),
      } satisfies JobShowResponse);
    });
  }

  app.post('/api/jobs/duplicate/:jobId', async (c) => {
    const jobId = idParam(c.req.param('jobId'), 'jobId');
    const request = validate(jobDuplicateRequest, await readBody(c));
    const original = requireJob(db, jobId);
    const newJobId =
      request.action === 'release'
        ? releaseJob(db, settings(), original, request)
        : requestQuote(db, settings(), original, request);
    return c.json({
      status: 'success',
      message:
        request.action === 'release'
          ? JOB_RELEASED
          : request.Job.contractor_id === undefined
            ? QUOTATION_REQUESTED
            : ALTERNATIVE_QUOTES_CREATED,
      job_id: newJobId,
    } satisfies JobDuplicateResponse);
  });

  app.post('/api/jobs/update/:jobId', async (c) => {
    const jobId = idParam(c.req.param('jobId'), 'jobId');
    const request = validate(jobUpdateRequest, await readBody(c));
    const job = requireJob(db, jobId);
    if (request.Job !== undefined && request.Job.id !== jobId) {
      throw badRequest(`Job.id ${request.Job.id} is not job ${jobId}`);
    }
    if (request.Note.job_id !== jobId)
      throw badRequest(`Note.job_id ${request.Note.job_id} is not job ${jobId}`);
    if (request.Note.description.trim() === '')
      throw badRequest('Note.description must not be empty');
    if (job.cancelled === 1) throw new HttpError(409, `Job ${jobId} has already been rejected`);
    allow(request.action, 'client', job);

    db.transaction(() => {
      if (request.action === 'reject') {
        moveJob(db, 'reject', job);
        db.prepare('UPDATE jobs SET cancelled = 1 WHERE id = ?').run(jobId);
        addNote(db, jobId, request.Note);
      } else {
        db.prepare('UPDATE jobs SET forwarded = 1 WHERE id = ?').run(jobId);
        addNote(db, jobId, { ...request.Note, internal: true });
      }
    })();
    return c.json({
      status: 'success',
      message: request.action === 'reject' ? JOB_REJECTED : JOB_FORWARDED,
    } satisfies JobUpdateResponse);
  });

  app.get('/api/jobs/get_purchase_order/:externalJobId/:jobId', (c) => {
    const job = requireJob(db, idParam(c.req.param('jobId'), 'jobId'));
    const rows = db
      .prepare(
        `SELECT poph_reference AS POPH_Reference FROM purchase_orders
         WHERE external_job_id = ? AND job_id = ? ORDER BY id`,
      )
      .all(c.req.param('externalJobId'), job.id) as { POPH_Reference: string }[];
    return c.json({ results: { Table1: rows } } satisfies PurchaseOrderResponse);
  });

  return app;
}

/**
 * docs/requirements.md §4: release duplicates the job with status 3, type 4, due values zeroed and
 * the chosen contractor, priority and budget code. The original is recorded as released too (status
 * 3, type kept), so it is no longer awaiting release and cannot be released twice. Zeroed, the due
 * values carry nothing over from the original: the new job is due when its own priority says,
 * counted from the release (insertDuplicate).
 */
function releaseJob(
  db: Db,
  settings: HostSettings,
  original: JobRow,
  request: JobReleaseRequest,
): number {
  const {
    contractor_id: contractorId,
    priority_id: priorityId,
    budget_code_id: budgetCodeId,
  } = request.Job;
  allow('release', 'client', original);
  requireContractor(db, contractorId);
  if (!exists(db, 'priorities', priorityId))
    throw badRequest(`Job.priority_id: there is no priority ${priorityId}`);
  // docs/requirements.md §5: release priorities are limited to the configured list.
  if (!isReleasePriority(priorityId, settings.releasePriorities)) {
    throw badRequest(`Job.priority_id: priority ${priorityId} cannot be used to release a job`);
  }
  if (!exists(db, 'budget_codes', budgetCodeId)) {
    throw badRequest(`Job.budget_code_id: there is no budget code ${budgetCodeId}`);
  }
  const typed = request.Job.client_reference_2;
  if (lacksOrderNumber(isOrderNumberRequired(original, settings.validateClientReference2), typed))
    throw badRequest(ORDER_NUMBER_REQUIRED);
  const orderNumber = typed?.trim() || original.client_reference_2?.trim() || null;

  return db.transaction(() => {
    const jobId = insertDuplicate(db, original, {
      status_id: JOB_STATUS.released,
      type_id: JOB_TYPE.release,
      contractor_id: contractorId,
      priority_id: priorityId,
      budget_code_id: budgetCodeId,
      client_reference_2: orderNumber,
      description: original.description,
      reporting_flag: request.ReportingFlag ? 1 : 0,
    });
    if (request.Note && request.Note.description.trim() !== '') {
      addNote(db, jobId, { ...request.Note, cost_id: null });
    }
    moveJob(db, 'release', original);
    return jobId;
  })();
}

/**
 * docs/requirements.md §4: a quote request is a new job with status 5 and type 1; with a contractor
 * (an alternative quote, for site surveyors, docs/requirements.md §6) status 3 and priority 5.
 */
function requestQuote(
  db: Db,
  settings: HostSettings,
  original: JobRow,
  request: JobQuoteRequest,
): number {
  const contractorId = request.Job.contractor_id ?? null;
  allow(contractorId === null ? 'quote' : 'alternativeQuote', 'client', original);
  if (contractorId !== null) {
    requireContractor(db, contractorId);
    if (findUser(db, settings.currentUserId)?.site_surveyor !== 1) {
      throw new HttpError(403, 'Only site surveyors may create alternative quotes');
    }
  }
  return db.transaction(() => {
    const jobId = insertDuplicate(db, original, {
      status_id: contractorId === null ? JOB_STATUS.quoteRequired : JOB_STATUS.released,
      type_id: JOB_TYPE.quote,
      contractor_id: contractorId,
      priority_id: contractorId === null ? original.priority_id : CONTRACTOR_QUOTE_PRIORITY,
      budget_code_id: original.budget_code_id,
      client_reference_2: original.client_reference_2,
      description: request.Job.description.trim(),
      reporting_flag: request.ReportingFlag ? 1 : 0,
    });
    if (request.Note && request.Note.description.trim() !== '') {
      addNote(db, jobId, { ...request.Note, cost_id: null });
    }
    return jobId;
  })();
}

type DuplicateFields = {
  status_id: number;
  type_id: number;
  contractor_id: number | null;
  priority_id: number | null;
  budget_code_id: number | null;
  client_reference_2: string | null;
  description: string;
  reporting_flag: 0 | 1;
};

/**
 * A new job on the original's site and asset, linked to it, with due values zeroed
 * (docs/requirements.md §4): the original's due offsets are not copied, and the new job is due when
 * its priority says from now (no due date for a priority that gives none).
 */
function insertDuplicate(db: Db, original: JobRow, fields: DuplicateFields): number {
  const created = new Date();
  const result = db
    .prepare(
      `INSERT INTO jobs (parent_job_id, site_id, asset_id, type_id, status_id, description,
         budget_code_id, client_reference_2, cancelled, reporting_flag, created, priority_id,
         contractor_id, due_hours, due_mins, due_datetime)
       VALUES (@parent, @site, @asset, @type_id, @status_id, @description, @budget_code_id,
         @client_reference_2, 0, @reporting_flag, @created, @priority_id, @contractor_id, 0, 0, @due)`,
    )
    .run({
      parent: original.id,
      site: original.site_id,
      asset: original.asset_id,
      created: toDateTime(created),
      due: dueAt(fields.priority_id, created),
      ...fields,
    });
  return Number(result.lastInsertRowid);
}

/** Records a note on the job; a cost it names must be one of that job's. */
function addNote(db: Db, jobId: number, note: Note): void {
  if (
    note.cost_id !== null &&
    db.prepare('SELECT 1 FROM costs WHERE id = ? AND job_id = ?').get(note.cost_id, jobId) ===
      undefined
  ) {
    throw badRequest(`Note.cost_id: cost ${note.cost_id} is not a cost of job ${jobId}`);
  }
  db.prepare(
    `INSERT INTO notes (job_id, cost_id, description, financial, internal, created)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    jobId,
    note.cost_id,
    note.description.trim(),
    note.financial ? 1 : 0,
    note.internal ? 1 : 0,
    now(),
  );
}

function requireContractor(db: Db, userId: number): void {
  if (findUser(db, userId)?.role !== 'contractor') {
    throw badRequest(`Job.contractor_id: user ${userId} is not a contractor`);
  }
}

function exists(db: Db, table: 'priorities' | 'budget_codes', id: number): boolean {
  return db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
}
