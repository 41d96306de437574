import { type Context, Hono } from 'hono';
import { type JobAction, refusal } from '../../../src/core/job-lifecycle';
import { jobView } from '../../../src/core/routes';
import { jobDeletePage, jobEditPage } from '../../pages/job-view';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { setFlash } from '../flash';
import { type AppEnv, readBody } from '../http';
import { pageContext, renderNotFound } from '../page-context';

export const JOB_SAVED = 'The job has been saved.';
export const DESCRIPTION_REQUIRED = 'Describe the job: the description cannot be empty.';
export const jobDeleted = (jobId: number) => `Job ${jobId} has been deleted.`;

type EditableJob = {
  id: number;
  description: string;
  client_reference_2: string | null;
  status_id: number;
  cancelled: 0 | 1;
};

/**
 * The job view's Edit job and Delete job, as CakePHP's JobsController answers them: native form
 * posts with `_csrfToken`, the outcome flashed, then a redirect (post/redirect/get).
 */
export function jobPageRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const findJob = (c: Context<AppEnv>) =>
    db
      .prepare(
        'SELECT id, description, client_reference_2, status_id, cancelled FROM jobs WHERE id = ?',
      )
      .get(Number(c.req.param('jobId'))) as EditableJob | undefined;

  app.get('/jobs/edit/:jobId{[0-9]+}', (c) => {
    const job = findJob(c);
    return job ? c.html(jobEditPage(pageContext(c, deps), job)) : renderNotFound(c, deps);
  });

  /** The lifecycle's refusal flashed on the job view, or null when the client may. */
  const refused = (c: Context<AppEnv>, action: JobAction, job: EditableJob) => {
    const why = refusal(action, 'client', { ...job, cancelled: job.cancelled === 1 });
    if (why === null) return null;
    setFlash(c, { kind: 'danger', message: why });
    return c.redirect(jobView('client', job.id), 302);
  };

  app.post('/jobs/edit/:jobId{[0-9]+}', async (c) => {
    const job = findJob(c);
    if (!job) return renderNotFound(c, deps);
    const refusedEdit = refused(c, 'edit', job);
    if (refusedEdit) return refusedEdit;
    const fields = (await readBody(c)).Job;
    const given = fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : {};
    const description = typeof given.description === 'string' ? given.description.trim() : '';
    const orderNumber =
      typeof given.client_reference_2 === 'string' ? given.client_reference_2.trim() : '';
    if (description === '') {
      setFlash(c, { kind: 'danger', message: DESCRIPTION_REQUIRED });
      return c.redirect(`/jobs/edit/${job.id}`, 302);
    }
    db.prepare('UPDATE jobs SET description = ?, client_reference_2 = ? WHERE id = ?').run(
      description,
      orderNumber === '' ? null : orderNumber,
      job.id,
    );
    setFlash(c, { kind: 'success', message: JOB_SAVED });
    return c.redirect(jobView('client', job.id), 302);
  });

  app.get('/jobs/delete/:jobId{[0-9]+}', (c) => {
    const job = findJob(c);
    return job ? c.html(jobDeletePage(pageContext(c, deps), job)) : renderNotFound(c, deps);
  });

  app.post('/jobs/delete/:jobId{[0-9]+}', (c) => {
    const job = findJob(c);
    if (!job) return renderNotFound(c, deps);
    const refusedDelete = refused(c, 'delete', job);
    if (refusedDelete) return refusedDelete;
    deleteJob(db, job.id);
    setFlash(c, { kind: 'success', message: jobDeleted(job.id) });
    return c.redirect('/client/jobs', 302);
  });

  return app;
}

/** The job and everything recorded against it; jobs duplicated from it lose only the link. */
function deleteJob(db: Db, jobId: number): void {
  const costsOfJob = 'SELECT id FROM costs WHERE job_id = ?';
  db.transaction(() => {
    db.prepare(`DELETE FROM cost_breakdowns WHERE cost_id IN (${costsOfJob})`).run(jobId);
    db.prepare(`DELETE FROM cost_validations WHERE cost_id IN (${costsOfJob})`).run(jobId);
    db.prepare(`DELETE FROM notes WHERE job_id = ? OR cost_id IN (${costsOfJob})`).run(
      jobId,
      jobId,
    );
    for (const table of [
      'costs',
      'site_times',
      'job_engineers',
      'photos',
      'mail_outbox',
      'purchase_orders',
    ]) {
      db.prepare(`DELETE FROM ${table} WHERE job_id = ?`).run(jobId);
    }
    db.prepare('UPDATE jobs SET parent_job_id = NULL WHERE parent_job_id = ?').run(jobId);
    db.prepare('DELETE FROM jobs WHERE id = ?').run(jobId);
  })();
}
