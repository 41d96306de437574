import type { Db } from './db';

/** The counts behind the dashboard tiles, keyed by `dashboard_tiles.query`. */
export const TILE_QUERIES: Record<string, string> = {
  awaiting_release: 'SELECT COUNT(*) FROM jobs WHERE status_id = 4 AND cancelled = 0',
  quotes_required: 'SELECT COUNT(*) FROM jobs WHERE status_id = 5 AND cancelled = 0',
  // A cancelled (rejected) job's costs await nothing: the job lifecycle lets no one decide them.
  costs_awaiting_approval:
    'SELECT COUNT(*) FROM costs WHERE approved IS NULL AND job_id IN (SELECT id FROM jobs WHERE cancelled = 0)',
  engineers_on_site: 'SELECT COUNT(*) FROM site_times WHERE off_site IS NULL',
};

export function countTile(db: Db, query: string): number {
  const sql = TILE_QUERIES[query];
  if (!sql) throw new Error(`Unknown dashboard tile query '${query}'`);
  return Number(db.prepare(sql).pluck().get());
}
