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

const awaitingRelease = () => host.count('jobs', 'status_id = 4 AND cancelled = 0');

describe('GET /dashboards/fetch/{tileId} (call 15)', () => {
  it('answers tiles 1–4 with a title and the count from the database', async () => {
    for (const tileId of [1, 2, 3, 4]) {
      const body = await decoded(await host.get(dashboardFetchPath(tileId)), dashboardTileResponse);
      expect(body.title).not.toBe('');
    }
    const tile1 = await decoded(await host.get(dashboardFetchPath(1)), dashboardTileResponse);
    expect(tile1).toEqual({ title: 'Jobs awaiting release', count: awaitingRelease() });
    const tile3 = await decoded(await host.get(dashboardFetchPath(3)), dashboardTileResponse);
    expect(tile3.count).toBe(host.count('costs', 'approved IS NULL'));
  });

  it('keeps the cached count until /false recounts it', async () => {
    const cached = (await decoded(await host.get(dashboardFetchPath(2)), dashboardTileResponse))
      .count;
    await decoded(
      await host.post('/api/jobs/duplicate/1001', {
        action: 'quote',
        Job: { description: 'New quote' },
      }),
      jobDuplicateResponse,
    );
    expect(
      (await decoded(await host.get(dashboardFetchPath(2)), dashboardTileResponse)).count,
    ).toBe(cached);
    const refreshed = await decoded(
      await host.get(dashboardFetchPath(2, { refresh: true })),
      dashboardTileResponse,
    );
    expect(refreshed.count).toBe(cached + 1);
    // The recount is now the cached figure.
    expect(
      (await decoded(await host.get(dashboardFetchPath(2)), dashboardTileResponse)).count,
    ).toBe(cached + 1);
  });

  it('answers 404 for an unknown tile and 400 for a malformed id', async () => {
    expect(await errorOf(await host.get(dashboardFetchPath(99)), 404)).toMatch(/Tile 99/);
    expect(await errorOf(await host.get('/dashboards/fetch/abc'), 400)).toMatch(/tileId/);
  });
});
