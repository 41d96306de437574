import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  dashboardFetchPath,
  dashboardTileResponse,
  jobDuplicateResponse,
} from '../../src/core/contract';
import { createHost, decoded, errorOf, type Host } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

/** A cost's job is not cancelled. */
const OPEN_JOB = 'job_id IN (SELECT id FROM jobs WHERE cancelled = 0)';

const awaitingRelease = () => host.count('jobs', 'status_id = 4 AND cancelled = 0');

describe('GET /dashboards/fetch/{tileId} (call 15)', () => {
  it('answers tiles 1–4 with a title and the count from the database', async () => {
    for (const tileId of [1, 2, 3, 4]) {
      const body = await decoded(await host.get(dashboardFetchPath(tileId)), dashboardTileResponse);
      expect(body.title).not.toBe('');
    }
    const tile1 = await decoded(await host.get(dashboardFetchPath(1)), dashboardTileResponse);
    expect(tile1).toMatchObject({ title: 'Jobs awaiting release', count: awaitingRelease() });
    const tile3 = await decoded(await host.get(dashboardFetchPath(3)), dashboardTileResponse);
    expect(tile3.count).toBe(host.count('costs', `approved IS NULL AND ${OPEN_JOB}`));
  });

  it("leaves a cancelled job's costs out of the costs awaiting approval", async () => {
    const waiting = () => host.count('costs', 'approved IS NULL');
    const before = await decoded(await host.get(dashboardFetchPath(3)), dashboardTileResponse);
    const job = host.db
      .prepare(`SELECT job_id FROM costs WHERE approved IS NULL AND ${OPEN_JOB} LIMIT 1`)
      .pluck()
      .get() as number;
    const onJob = host.count('costs', `approved IS NULL AND job_id = ${job}`);
    const all = waiting();
    host.db.prepare('UPDATE jobs SET cancelled = 1, status_id = 12 WHERE id = ?').run(job);
    const after = await decoded(await host.get(dashboardFetchPath(3)), dashboardTileResponse);
    expect(onJob).toBeGreaterThan(0);
    expect(after.count).toBe(before.count - onJob);
    expect(waiting()).toBe(all);
  });

  it('says when each count was made', async () => {
    for (const tileId of [1, 2, 3, 4]) {
      const body = await decoded(await host.get(dashboardFetchPath(tileId)), dashboardTileResponse);
      expect(body.counted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });

  /** Tile 2's cache as an older, dearer count left it: a figure and when it was made. */
  const cacheTile2 = (count: number) => {
    host.db
      .prepare(
        "UPDATE dashboard_tiles SET cached_count = ?, counted_at = '2026-01-05 08:00:00' WHERE id = 2",
      )
      .run(count);
    host.db.prepare('DELETE FROM dashboard_tiles_stale').run();
  };

  it('answers the cached count, with its time, while nothing it counts has changed', async () => {
    cacheTile2(7);
    expect(await decoded(await host.get(dashboardFetchPath(2)), dashboardTileResponse)).toEqual({
      title: 'Quotes required',
      count: 7,
      counted_at: '2026-01-05 08:00:00',
    });
    // The refresh counts now, and that count is the cache from then on.
    const refreshed = await decoded(
      await host.get(dashboardFetchPath(2, { refresh: true })),
      dashboardTileResponse,
    );
    const quotesRequired = host.count('jobs', 'status_id = 5 AND cancelled = 0');
    expect(refreshed.count).toBe(quotesRequired);
    expect(refreshed.counted_at).not.toBe('2026-01-05 08:00:00');
    expect(await decoded(await host.get(dashboardFetchPath(2)), dashboardTileResponse)).toEqual(
      refreshed,
    );
  });

  it('counts again on the first load after a job changes (18 awaiting release when 16 are)', async () => {
    const before = await decoded(await host.get(dashboardFetchPath(2)), dashboardTileResponse);
    cacheTile2(before.count);
    await decoded(
      await host.post('/api/jobs/duplicate/1001', {
        action: 'quote',
        Job: { description: 'New quote' },
      }),
      jobDuplicateResponse,
    );
    const after = await decoded(await host.get(dashboardFetchPath(2)), dashboardTileResponse);
    expect(after.count).toBe(before.count + 1);
    expect(after.counted_at).not.toBe('2026-01-05 08:00:00');
  });

  it.each([
    [
      'a cost is approved',
      'UPDATE costs SET approved = 1 WHERE id = (SELECT MIN(id) FROM costs WHERE approved IS NULL)',
    ],
    [
      'an engineer signs off',
      'UPDATE site_times SET off_site = on_site WHERE id = (SELECT MIN(id) FROM site_times WHERE off_site IS NULL)',
    ],
    ['a job is removed', 'DELETE FROM jobs WHERE id = (SELECT MAX(id) FROM jobs)'],
  ])('counts every tile again after %s', async (_change, sql) => {
    cacheTile2(999);
    host.db.prepare(sql).run();
    const after = await decoded(await host.get(dashboardFetchPath(2)), dashboardTileResponse);
    expect(after.count).toBe(host.count('jobs', 'status_id = 5 AND cancelled = 0'));
  });

  it('answers 404 for an unknown tile and 400 for a malformed id', async () => {
    expect(await errorOf(await host.get(dashboardFetchPath(99)), 404)).toMatch(/Tile 99/);
    expect(await errorOf(await host.get('/dashboards/fetch/abc'), 400)).toMatch(/tileId/);
  });
});
