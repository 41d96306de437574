import { type Context, Hono } from 'hono';
import {
  entryId,
  type SiteTimeAction,
  type SiteTimeIndexResponse,
  type SiteTimeSaveRequest,
  type SiteTimeSaveResponse,
  siteTimeSaveRequest,
} from '../../../src/core/contract';
import { parseTyped } from '../../../src/core/date-input';
import {
  isEngineersWork,
  noteError,
  notPossible,
  signOnRefusal,
} from '../../../src/core/job-lifecycle';
import { NOT_SIGNED_ON, OFF_SITE_BEFORE_ON_SITE } from '../../../src/core/job-messages';
import { engineerJob, engineerJobs } from '../../../src/core/routes';
import { siteTimeErrors } from '../../../src/core/site-time-rules';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { keepRefusal, setFlash } from '../flash';
import {
  type AppEnv,
  type AppHandler,
  asksForJson,
  badRequest,
  HttpError,
  idParam,
  notFound,
  readBody,
  validate,
} from '../http';
import { allow, moveJob } from '../lifecycle';
import { type JobRow, requireJob } from '../records';
import { now, toDateTime, toDisplay } from '../time';

const MESSAGES = {
  signon: 'You are signed on',
  signoff: 'You are signed off',
  complete: 'The job is complete',
  remotefix: 'The remote fix has been recorded',
} as const;

/** What My jobs says after a remote fix, from the engineer's screen or the site time form. */
const remoteFixRecorded = (job: { id: number; description: string }, at: string) =>
  `Job ${job.id} (${job.description}) is complete: your remote fix at ${at} is recorded.`;

type SiteTimeRow = { id: number; job_id: number; on_site: string; off_site: string | null };

type ActionRow = { job_id: number; action: SiteTimeAction; answer: string };

/** The first answer to an action the device already sent (same action_id), if any. */
function recordedAction(db: Db, actionId: string): ActionRow | undefined {
  return db
    .prepare('SELECT job_id, action, answer FROM site_time_actions WHERE action_id = ?')
    .get(actionId) as ActionRow | undefined;
}

function openSiteTime(db: Db, jobId: number): SiteTimeRow | undefined {
  return db
    .prepare('SELECT * FROM site_times WHERE job_id = ? AND off_site IS NULL ORDER BY id DESC')
    .get(jobId) as SiteTimeRow | undefined;
}

/** Calls 23 and 24: is the engineer signed on, and sign on / off / complete / remote fix. */
export function siteTimeRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/api/site_times/index/:jobId', showSignedOn(deps));
  app.post('/api/site_times/save', saveSiteTimeAction(deps));
  // The site time form (fm-site-time-form) posts here natively, with CakePHP field names.
  app.post('/site_times/add/:jobId', addSiteTime(deps));
  return app;
}

/** The open site time, or that the engineer is not signed on. */
function showSignedOn({ db }: Deps): AppHandler {
  return (c: Context<AppEnv>) => {
    const job = requireJob(db, idParam(c.req.param('jobId'), 'jobId'));
    const open = openSiteTime(db, job.id);
    // Not signed on is an error answer with HTTP 200 (docs/requirements.md §7, call 23). The job's
    // status goes with either, so that a finished job offers nothing.
    return c.json(
      (open
        ? { status: 'success', data: { SiteTime: { id: open.id } }, job_status_id: job.status_id }
        : {
            status: 'error',
            message: NOT_SIGNED_ON,
            job_status_id: job.status_id,
          }) satisfies SiteTimeIndexResponse,
    );
  };
}

/** Sign on, sign off, complete or remote fix, answered once for each action_id. */
function saveSiteTimeAction({ db }: Deps): AppHandler {
  return async (c: Context<AppEnv>) => {
    const request = validate(siteTimeSaveRequest, await readBody(c));
    const job = requireJob(db, request.job_id);
    const noteProblem = request.note === undefined ? null : noteError(request.note);
    if (noteProblem !== null) throw badRequest(noteProblem);
    const at = request.client_time ? toDateTime(new Date(request.client_time)) : now();
    const answer = saveAction(db, request, job, at);
    // The engineer lands on My jobs after these (docs/requirements.md §4): the list says what was
    // recorded.
    if (request.action === 'complete' || request.action === 'remotefix') {
      const at = answer.data.formatted_off_site ?? answer.data.formatted_on_site;
      setFlash(c, {
        kind: 'success',
        page: engineerJobs(),
        message:
          request.action === 'complete'
            ? `Job ${job.id} (${job.description}) is complete: you signed off at ${at}.`
            : remoteFixRecorded(job, at),
      });
    }
    return c.json(answer);
  };
}

/** One transaction: the repeat check, the record, the note and the remembered answer. */
function saveAction(
  db: Db,
  request: SiteTimeSaveRequest,
  job: JobRow,
  at: string,
): SiteTimeSaveResponse {
  return db.transaction((): SiteTimeSaveResponse => {
    if (request.action_id !== undefined) {
      const first = recordedAction(db, request.action_id);
      if (first) {
        if (first.job_id !== job.id || first.action !== request.action) {
          throw new HttpError(409, 'This action_id was already used for another action');
        }
        return JSON.parse(first.answer) as SiteTimeSaveResponse;
      }
    }
    // What the sign-on lookup says comes first (its words), then what the job's status allows;
    // a refusal undoes the record (one transaction).
    const siteTimeId = recordAction(db, request, job.id, at, openSiteTime(db, job.id));
    allow(request.action, 'engineer', job);
    moveJob(db, request.action, job);
    // The note is of when the engineer wrote it: the action's time, sent later from the device.
    if (request.note !== undefined) {
      db.prepare(
        'INSERT INTO notes (job_id, description, financial, internal, created) VALUES (?, ?, 0, 0, ?)',
      ).run(job.id, request.note.trim(), at);
    }
    const saved = db
      .prepare('SELECT * FROM site_times WHERE id = ?')
      .get(siteTimeId) as SiteTimeRow;
    const result: SiteTimeSaveResponse = {
      status: 'success',
      action: request.action,
      id: saved.id,
      message: MESSAGES[request.action],
      data: {
        on_site: saved.on_site,
        off_site: saved.off_site,
        formatted_on_site: toDisplay(saved.on_site),
        formatted_off_site: saved.off_site === null ? null : toDisplay(saved.off_site),
      },
    };
    if (request.action_id !== undefined) {
      db.prepare(
        'INSERT INTO site_time_actions (action_id, job_id, action, answer, created) VALUES (?, ?, ?, ?, ?)',
      ).run(request.action_id, job.id, request.action, JSON.stringify(result), now());
    }
    return result;
  })();
}

/** The site time the action opens or closes, under the sign-on rules; returns its id. */
function recordAction(
  db: Db,
  request: SiteTimeSaveRequest,
  jobId: number,
  at: string,
  open: SiteTimeRow | undefined,
): number {
  const { lat, long, accuracy } = request.geo;
  const refuseUnless = (signedOn: boolean) => {
    const why = signOnRefusal(request.action, signedOn);
    if (why !== null) throw badRequest(why);
  };
  switch (request.action) {
    case 'signon': {
      refuseUnless(open !== undefined);
      return Number(
        db
          .prepare(
            `INSERT INTO site_times (job_id, on_site, lat, long, accuracy) VALUES (?, ?, ?, ?, ?)`,
          )
          .run(jobId, at, lat, long, accuracy).lastInsertRowid,
      );
    }
    case 'remotefix': {
      refuseUnless(open !== undefined);
      return Number(
        db
          .prepare(
            `INSERT INTO site_times (job_id, on_site, off_site, remote_fix, engineers, lat, long, accuracy)
             VALUES (?, ?, ?, 1, 1, ?, ?, ?)`,
          )
          .run(jobId, at, at, lat, long, accuracy).lastInsertRowid,
      );
    }
    case 'signoff':
    case 'complete': {
      const target =
        request.id === null
          ? open
          : (db
              .prepare('SELECT * FROM site_times WHERE id = ? AND job_id = ?')
              .get(request.id, jobId) as SiteTimeRow | undefined);
      if (request.id !== null && !target) throw notFound('Site time', request.id);
      refuseUnless(target?.off_site === null);
      const closing = target as SiteTimeRow; // open, or the rule refused
      if (at < closing.on_site) throw badRequest(OFF_SITE_BEFORE_ON_SITE);
      db.prepare(
        'UPDATE site_times SET off_site = ?, off_lat = ?, off_long = ?, off_accuracy = ? WHERE id = ?',
      ).run(at, lat, long, accuracy, closing.id);
      return closing.id;
    }
  }
}

/** The site time form's tag: the form a refused post is kept for. */
export const SITE_TIME_FORM = 'fm-site-time-form';

/** The site time form's fields as posted (`SiteTime[on_site]`…), each as text. */
function postedSiteTime(body: Record<string, unknown>): Record<string, string> {
  const fields = body.SiteTime;
  const posted = fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : {};
  const typed = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    on_site: typed(posted.on_site),
    off_site: typed(posted.off_site),
    engineers: typed(posted.engineers),
    remote_fix: typed(posted.remote_fix),
  };
}

/**
 * The site time form's post: a site time typed in, or a remote fix; then back to the engineer.
 * Refused, the user is brought back to the form with the host's message and the fields as posted
 * (post/redirect/get); a client that asks for JSON (a PHP controller calling on) gets the refusal
 * as the calls answer one, and the outcome as `{ status: 'success', message, location }`.
 */
function addSiteTime({ db }: Deps): AppHandler {
  return async (c: Context<AppEnv>) => {
    const job = requireJob(db, idParam(c.req.param('jobId'), 'jobId'));
    const body = await readBody(c);
    const fields = postedSiteTime(body);
    let saved: Saved;
    try {
      const entry = postedEntryId(body);
      const save = () => saveTypedSiteTime(db, job, fields);
      saved = entry === null ? save() : onceForEntry(db, job, entry, save);
    } catch (error) {
      if (!(error instanceof HttpError) || asksForJson(c)) throw error;
      keepRefusal(c, { form: SITE_TIME_FORM, messages: [error.messages].flat(), fields });
      return c.redirect(engineerJob(job.id), 303);
    }
    // After a remote fix the job has left My jobs, which says what was recorded: also when a form
    // that sends by itself (data-offline) goes there as told.
    const leaves = saved.location !== engineerJob(job.id);
    if (!asksForJson(c) || leaves) {
      setFlash(c, { kind: 'success', page: saved.location, message: saved.message });
    }
    if (asksForJson(c)) return c.json({ status: 'success', ...saved });
    return c.redirect(saved.location, 303);
  };
}

/** Where to go after a site time is stored, and what to say. */
type Saved = { location: string; message: string };

/**
 * `SiteTime[entry_id]`, sent by a form that kept its entry on the device (fm-site-time-form's
 * `data-offline`); null when the post has none.
 */
function postedEntryId(body: Record<string, unknown>): string | null {
  const fields = body.SiteTime;
  const value =
    fields && typeof fields === 'object' ? (fields as { entry_id?: unknown }).entry_id : undefined;
  return value === undefined || value === '' ? null : validate(entryId, value);
}

/**
 * Stores the entry once: a repeat of its entry_id (sent again after a lost answer, or by another
 * tab) is answered as the first time, recording nothing new; in the same transaction as the save.
 */
function onceForEntry(db: Db, job: JobRow, entry: string, save: () => Saved): Saved {
  return db.transaction((): Saved => {
    const first = db
      .prepare('SELECT job_id, answer FROM site_time_entries WHERE entry_id = ?')
      .get(entry) as { job_id: number; answer: string } | undefined;
    if (first) {
      if (first.job_id !== job.id) {
        throw new HttpError(409, 'This entry_id was already used for another job');
      }
      return JSON.parse(first.answer) as Saved;
    }
    const saved = save();
    db.prepare(
      'INSERT INTO site_time_entries (entry_id, job_id, answer, created) VALUES (?, ?, ?, ?)',
    ).run(entry, job.id, JSON.stringify(saved), now());
    return saved;
  })();
}

/** Checks and stores a typed site time (or a remote fix); where to go next, and what to say. */
function saveTypedSiteTime(db: Db, job: JobRow, fields: Record<string, string>): Saved {
  if (!isEngineersWork({ status_id: job.status_id, cancelled: job.cancelled === 1 })) {
    throw new HttpError(
      409,
      notPossible('Adding a site time', { ...job, cancelled: job.cancelled === 1 }),
    );
  }
  const values = {
    onSite: fields.on_site ?? '',
    offSite: fields.off_site ?? '',
    engineers: fields.engineers ?? '',
  };
  // The form's own rules (docs/requirements.md §5), in its words.
  const problems = Object.values(siteTimeErrors(values));
  const onSiteAt = parseTyped(values.onSite, 'datetime');
  if (problems.length > 0 || onSiteAt === null) {
    throw badRequest(problems.length === 1 ? (problems[0] as string) : problems);
  }
  const offSiteAt = parseTyped(values.offSite, 'datetime');
  const onSite = toDateTime(onSiteAt);
  const offSite = offSiteAt === null ? null : toDateTime(offSiteAt);
  const engineers = Number(values.engineers);
  const remoteFix = fields.remote_fix === '1' ? 1 : 0;
  db.transaction(() => {
    // A remote fix is the engineer's Remote Fix, whichever way it is recorded: the job's status
    // must allow it (not while On Site), and it leaves the job Complete.
    if (remoteFix === 1) allow('remotefix', 'engineer', job);
    db.prepare(
      'INSERT INTO site_times (job_id, on_site, off_site, remote_fix, engineers) VALUES (?, ?, ?, ?, ?)',
    ).run(job.id, onSite, offSite, remoteFix, engineers);
    if (remoteFix === 1) moveJob(db, 'remotefix', job);
  })();
  if (remoteFix === 1) {
    return { location: engineerJobs(), message: remoteFixRecorded(job, toDisplay(onSite)) };
  }
  const span = `${toDisplay(onSite)}${offSite === null ? '' : ` – ${toDisplay(offSite)}`}`;
  return { location: engineerJob(job.id), message: `Site time saved: ${span}.` };
}
