import { Hono } from 'hono';
import type { PriorityListResponse } from '../../../src/core/contract';
import type { Deps } from '../deps';
import type { AppEnv } from '../http';

/** 19. GET /api/priorities/index: `{ [id]: name }`. */
export function priorityRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/api/priorities/index', (c) => {
    const rows = db.prepare('SELECT id, name FROM priorities ORDER BY id').all() as {
      id: number;
      name: string;
    }[];
    const priorities: PriorityListResponse = {};
    for (const { id, name } of rows) priorities[String(id)] = name;
    return c.json(priorities);
  });
  return app;
}
