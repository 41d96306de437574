import type { Context } from 'hono';
import { isEngineersWork } from '../../src/core/job-lifecycle';
import {
  type EngineerJobDetail,
  type EngineerJobSummary,
  engineerJobNotAssignedPage,
  engineerJobPage,
  engineerJobsPage,
} from '../pages/engineer';
import type { Db } from './db';
import type { Deps } from './deps';
import { takeRefusal } from './flash';
import type { AppEnv, AppHandler } from './http';
import { pageContext, renderNotFound } from './page-context';
import { SITE_TIME_FORM } from './routes/site-times';
import { toDisplay } from './time';

/** The engineer whose jobs /engineer/jobs lists (the host has no sign-in; job 1004 is his). */
const DEMO_ENGINEER_ID = 30;

/** /engineer/jobs: the engineer's open jobs. */
export function showEngineerJobs(deps: Deps): AppHandler {
  const { db } = deps;
  return (c: Context<AppEnv>) => {
    const rows = db
      .prepare(
        `SELECT j.id, j.description, s.name AS site, st.name AS status, j.status_id
         FROM jobs j
         JOIN job_engineers je ON je.job_id = j.id
         JOIN sites s ON s.id = j.site_id
         JOIN statuses st ON st.id = j.status_id
         WHERE je.user_id = ? AND j.cancelled = 0
         ORDER BY j.id DESC`,
      )
      .all(DEMO_ENGINEER_ID) as (EngineerJobSummary & { status_id: number })[];
    // Only the jobs an engineer may be given (the job lifecycle): released to the contractor and
    // not finished. One assigned before its release, or a finished one, is not his to work on.
    const jobs = rows
      .filter((job) => isEngineersWork({ status_id: job.status_id, cancelled: false }))
      .map(({ status_id: _, ...job }) => job);
    const engineer = db
      .prepare('SELECT name FROM users WHERE id = ?')
      .pluck()
      .get(DEMO_ENGINEER_ID);
    return c.html(engineerJobsPage(pageContext(c, deps), String(engineer), jobs));
  };
}

/** /engineer/jobs/{id}: sign on and the site time form, or why the job is not his (403). */
export function showEngineerJob(deps: Deps): AppHandler {
  const { db } = deps;
  return (c: Context<AppEnv>) => {
    const job = db
      .prepare(
        `SELECT j.id, j.description, j.status_id, j.cancelled, j.site_id, s.name AS site, st.name AS status,
           a.name AS asset, s.lat, s.long
         FROM jobs j
         JOIN sites s ON s.id = j.site_id
         JOIN statuses st ON st.id = j.status_id
         LEFT JOIN assets a ON a.id = j.asset_id
         WHERE j.id = ?`,
      )
      .get(Number(c.req.param('jobId'))) as EngineerJobDetail | undefined;
    if (!job) return renderNotFound(c, deps);
    const assigned = db
      .prepare('SELECT 1 FROM job_engineers WHERE job_id = ? AND user_id = ?')
      .get(job.id, DEMO_ENGINEER_ID);
    if (!assigned) {
      return c.html(engineerJobNotAssignedPage(pageContext(c, deps), job.id), 403);
    }
    const context = pageContext(c, deps);
    const refusal = takeRefusal(c, SITE_TIME_FORM);
    const works = isEngineersWork({ status_id: job.status_id, cancelled: job.cancelled === 1 });
    // A refusal the form cannot show (the job was finished meanwhile) is the page's message.
    if (refusal && !works) context.flash = { kind: 'danger', message: refusal.messages.join(' ') };
    return c.html(engineerJobPage(context, job, siteTimesOf(db, job.id), works ? refusal : null));
  };
}

/**
 * The job's site times, the latest on site first (one typed in afterwards goes by its time, not by
 * when it came), in display date-times.
 */
function siteTimesOf(db: Db, jobId: number) {
  return (
    db
      .prepare(
        'SELECT on_site, off_site, engineers, remote_fix FROM site_times WHERE job_id = ? ORDER BY on_site DESC, id DESC',
      )
      .all(jobId) as {
      on_site: string;
      off_site: string | null;
      engineers: number;
      remote_fix: number;
    }[]
  ).map((row) => ({
    onSite: toDisplay(row.on_site),
    offSite: row.off_site === null ? null : toDisplay(row.off_site),
    engineers: row.engineers,
    remoteFix: row.remote_fix === 1,
  }));
}
