import { Hono } from 'hono';
import * as v from 'valibot';
import {
  type AssetCountResponse,
  type AutocompleteResponse,
  autocompleteQuery,
} from '../../../src/core/contract';
import { int } from '../../../src/core/contract/decode';
import { parseParams } from '../../../src/core/routes';
import type { Deps } from '../deps';
import { type AppEnv, badRequest, readQuery, validate } from '../http';
import { requireAsset, requireJob, requireSite } from '../records';
import { daysAgo } from '../time';

/** Largest history window the host answers for (ten years). */
const MAX_HISTORY_DAYS = 3650;

/** Autocomplete results are capped like a CakePHP `find('list', ['limit' => 20])`. */
const AUTOCOMPLETE_LIMIT = 20;

const assetCountParams = v.object({
  job_id: v.pipe(int, v.minValue(1, 'expected a positive id')),
  site_id: v.pipe(int, v.minValue(1, 'expected a positive id')),
  asset_id: v.pipe(int, v.minValue(0, 'expected an id or 0')),
  days: v.pipe(
    int,
    v.minValue(1, 'expected 1 or more'),
    v.maxValue(MAX_HISTORY_DAYS, `expected at most ${MAX_HISTORY_DAYS}`),
  ),
});

type FilterColumns = Record<string, { column: string; kind: 'id' | 'text' }>;

/** `AND column IN (…)` for each filter, with its values bound; unknown fields and bad ids are 400. */
function filterClauses(filters: Record<string, string[]>, columns: FilterColumns) {
  let where = '';
  const values: (string | number)[] = [];
  for (const [field, list] of Object.entries(filters)) {
    const filter = columns[field];
    if (!filter) {
      throw badRequest(
        `filters.${field} is not a filter of this source (${Object.keys(columns).join(', ')})`,
      );
    }
    if (filter.kind === 'id' && !list.every((value) => /^[1-9]\d*$/.test(value))) {
      throw badRequest(`filters.${field}: expected a comma-separated list of ids`);
    }
    where += ` AND ${filter.column} IN (${list.map(() => '?').join(', ')})`;
    values.push(...list.map((value) => (filter.kind === 'id' ? Number(value) : value)));
  }
  return { where, values };
}

/** Calls 4 and 17: the asset's recent jobs, and the site and asset autocomplete sources. */
export function siteRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/api/sites/asset_count/*', (c) => {
    const params = validate(
      assetCountParams,
      parseParams(c.req.path.slice('/api/sites/asset_count/'.length)),
    );
    const job = requireJob(db, params.job_id);
    requireSite(db, params.site_id);
    if (params.asset_id !== 0) requireAsset(db, params.asset_id);
    const jobs = db
      .prepare(
        `SELECT j.id, j.description, s.name AS status, j.created
         FROM jobs j JOIN statuses s ON s.id = j.status_id
         WHERE j.asset_id = ? AND j.site_id = ? AND j.id <> ? AND j.created >= ?
         ORDER BY j.created DESC, j.id DESC`,
      )
      .all(
        params.asset_id,
        params.site_id,
        job.id,
        daysAgo(params.days),
      ) as AssetCountResponse['jobs'];
    return c.json({ count: jobs.length, days: params.days, jobs } satisfies AssetCountResponse);
  });

  app.get('/api/sites/autocomplete', (c) => {
    const { term, filters } = validate(autocompleteQuery, readQuery(c));
    const { where, values } = filterClauses(filters, {
      type: { column: 'type', kind: 'text' },
      id: { column: 'id', kind: 'id' },
    });
    const rows = db
      .prepare(
        `SELECT id, name, branch_reference FROM sites
         WHERE instr(lower(name), lower(?)) > 0 ${where}
         ORDER BY name LIMIT ${AUTOCOMPLETE_LIMIT}`,
      )
      .all(term.trim(), ...values) as {
      id: number;
      name: string;
      branch_reference: string | null;
    }[];
    return c.json(
      rows.map((row) => ({
        id: row.id,
        label: row.branch_reference ? `${row.name} (${row.branch_reference})` : row.name,
        value: row.name,
      })) satisfies AutocompleteResponse,
    );
  });

  app.get('/api/assets/autocomplete', (c) => {
    const { term, filters } = validate(autocompleteQuery, readQuery(c));
    const { where, values } = filterClauses(filters, {
      site_id: { column: 'a.site_id', kind: 'id' },
      asset_category_id: { column: 'a.asset_category_id', kind: 'id' },
      model_id: { column: 'a.model_id', kind: 'id' },
    });
    const rows = db
      .prepare(
        `SELECT a.id, a.name, s.name AS site FROM assets a JOIN sites s ON s.id = a.site_id
         WHERE instr(lower(a.name), lower(?)) > 0 ${where} ORDER BY s.name, a.name LIMIT ${AUTOCOMPLETE_LIMIT}`,
      )
      .all(term.trim(), ...values) as { id: number; name: string; site: string }[];
    return c.json(
      rows.map((row) => ({
        id: row.id,
        label: `${row.name}, ${row.site}`,
        value: row.name,
      })) satisfies AutocompleteResponse,
    );
  });

  return app;
}
