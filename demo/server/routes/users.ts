import { Hono } from 'hono';
import {
  type AssignEngineerResponse,
  assignEngineerRequest,
  type UserSearchResponse,
  userSearchQuery,
} from '../../../src/core/contract';
import type { Deps } from '../deps';
import { type AppEnv, badRequest, notFound, readBody, readQuery, validate } from '../http';
import { allow } from '../lifecycle';
import { findUser, requireJob } from '../records';
import { now } from '../time';

/** Autocomplete results are capped like a CakePHP `find('list', ['limit' => 20])`. */
const SEARCH_LIMIT = 20;

/** Calls 11 and 12: engineer assignment and the authoriser search. */
export function userRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>();

  // Users whose quote authorisation limit covers the cost; capex_approver=1 keeps capex approvers.
  app.get('/api/users/search', (c) => {
    const query = validate(userSearchQuery, readQuery(c));
    const rows = db
      .prepare(
        `SELECT id, name FROM users
         WHERE role IN ('admin', 'client', 'surveyor') AND authorisation_quote > 0
           AND authorisation_quote >= ? AND (? = 0 OR capex_approver = 1)
           AND instr(lower(name), lower(?)) > 0
         ORDER BY name LIMIT ${SEARCH_LIMIT}`,
      )
      .all(query.cost_value, query.capex_approver ? 1 : 0, query.term.trim()) as {
      id: number;
      name: string;
    }[];
    return c.json(
      rows.map((row) => ({
        id: row.id,
        label: row.name,
        value: row.name,
      })) satisfies UserSearchResponse,
    );
  });

  app.post('/api/users/assign_engineer', async (c) => {
    const request = validate(assignEngineerRequest, await readBody(c));
    const job = requireJob(db, request.job_id);
    const engineer = findUser(db, request.user_id);
    if (!engineer) throw notFound('User', request.user_id);
    if (engineer.role !== 'engineer')
      throw badRequest(`user_id: ${engineer.name} is not an engineer`);

    if (!request.assign) {
      const removed = db
        .prepare('DELETE FROM job_engineers WHERE id = ? AND job_id = ? AND user_id = ?')
        .run(request.assigned_id, job.id, engineer.id);
      if (removed.changes === 0) throw notFound('Assignment', request.assigned_id ?? '');
      return c.json({ assigned_id: null } satisfies AssignEngineerResponse);
    }
    // Only a job released to the contractor is an engineer's to work on (the job lifecycle).
    allow('assignEngineer', 'client', job);
    // Assigning twice answers the existing link, as the legacy host does.
    db.prepare(
      'INSERT INTO job_engineers (job_id, user_id, created) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ).run(job.id, engineer.id, now());
    const assignedId = db
      .prepare('SELECT id FROM job_engineers WHERE job_id = ? AND user_id = ?')
      .pluck()
      .get(job.id, engineer.id) as number;
    return c.json({ assigned_id: assignedId } satisfies AssignEngineerResponse);
  });

  return app;
}
