import { Hono } from 'hono';
import type { ContractorsIndexResponse } from '../../../src/core/contract';
import type { Deps } from '../deps';
import { type AppEnv, idParam } from '../http';
import { contractorsFor, requireAsset, requireSite } from '../records';

/** '', '0' and 'null' segments mean "omitted" (docs/requirements.md §7, call 1). */
function optionalSegment(value: string | undefined, name: string): number | null {
  if (value === undefined || value === '' || value === '0' || value === 'null') return null;
  return idParam(value, name);
}

/** 1. GET /api/contractors/index/{siteId}/{assetId}: the site's and the asset's contractors. */
export function contractorRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/api/contractors/index/:siteId?/:assetId?', (c) => {
    const assetId = optionalSegment(c.req.param('assetId'), 'assetId');
    let siteId = optionalSegment(c.req.param('siteId'), 'siteId');
    if (siteId !== null) requireSite(db, siteId);
    // An asset alone brings its site's contractors too.
    if (assetId !== null) {
      const asset = requireAsset(db, assetId);
      siteId ??= asset.site_id;
    }
    return c.json(contractorsFor(db, siteId, assetId) satisfies ContractorsIndexResponse);
  });
  return app;
}
