import { Hono } from 'hono';
import type { BudgetCodesIndexResponse } from '../../../src/core/contract';
import type { Deps } from '../deps';
import { type AppEnv, idParam } from '../http';
import { budgetCodesFor, requireAsset } from '../records';

/** 2. GET /api/budget_codes/index/{assetId}: the asset's codes and the general ones. */
export function budgetCodeRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/api/budget_codes/index/:assetId?', (c) => {
    const segment = c.req.param('assetId');
    const assetId =
      segment === undefined || segment === '0' || segment === 'null'
        ? null
        : requireAsset(db, idParam(segment, 'assetId')).id;
    return c.json(budgetCodesFor(db, assetId) satisfies BudgetCodesIndexResponse);
  });
  return app;
}
