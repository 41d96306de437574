import { Hono } from 'hono';
import type { DashboardTileResponse } from '../../../src/core/contract';
import type { Deps } from '../deps';
import { type AppEnv, idParam, notFound } from '../http';
import { countTile } from '../tiles';
import { now } from '../time';

type TileRow = { id: number; title: string; query: string; cached_count: number };

/** 15. GET /dashboards/fetch/{tileId}: the cached count; …/false recounts from the database. */
export function dashboardRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>();
  const tile = (segment: string | undefined) => {
    const tileId = idParam(segment, 'tileId');
    const row = db.prepare('SELECT * FROM dashboard_tiles WHERE id = ?').get(tileId) as
      | TileRow
      | undefined;
    if (!row) throw notFound('Tile', tileId);
    return row;
  };

  app.get('/dashboards/fetch/:tileId', (c) => {
    const { title, cached_count: count } = tile(c.req.param('tileId'));
    return c.json({ title, count } satisfies DashboardTileResponse);
  });

  app.get('/dashboards/fetch/:tileId/false', (c) => {
    const row = tile(c.req.param('tileId'));
    const count = countTile(db, row.query);
    db.prepare('UPDATE dashboard_tiles SET cached_count = ?, counted_at = ? WHERE id = ?').run(
      count,
      now(),
      row.id,
    );
    return c.json({ title: row.title, count } satisfies DashboardTileResponse);
  });

  return app;
}
