import { Hono } from 'hono';
import type { DashboardTileResponse } from '../../../src/core/contract';
import type { Deps } from '../deps';
import { type AppEnv, idParam, notFound } from '../http';
import { countTile } from '../tiles';
import { now } from '../time';

type TileRow = {
  id: number;
  title: string;
  query: string;
  cached_count: number;
  counted_at: string;
};

/**
 * 15. GET /dashboards/fetch/{tileId}: the cached count, unless what it counts has changed since
 * (dashboard_tiles_stale, schema.sql), then counted again; …/false counts again anyway. Either
 * answer says when its count was made.
 */
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
  const isStale = (row: TileRow) =>
    db.prepare('SELECT 1 FROM dashboard_tiles_stale WHERE tile_id = ?').get(row.id) !== undefined;
  const recount = db.transaction((row: TileRow): TileRow => {
    const counted = { ...row, cached_count: countTile(db, row.query), counted_at: now() };
    db.prepare('UPDATE dashboard_tiles SET cached_count = ?, counted_at = ? WHERE id = ?').run(
      counted.cached_count,
      counted.counted_at,
      row.id,
    );
    db.prepare('DELETE FROM dashboard_tiles_stale WHERE tile_id = ?').run(row.id);
    return counted;
  });
  const answer = ({ title, cached_count: count, counted_at }: TileRow) =>
    ({ title, count, counted_at }) satisfies DashboardTileResponse;

  app.get('/dashboards/fetch/:tileId', (c) => {
    const row = tile(c.req.param('tileId'));
    return c.json(answer(isStale(row) ? recount(row) : row));
  });

  app.get('/dashboards/fetch/:tileId/false', (c) =>
    c.json(answer(recount(tile(c.req.param('tileId'))))),
  );

  return app;
}
