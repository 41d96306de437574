import { Hono } from 'hono';
import {
  type AssetCategoriesResponse,
  type AssetCategoryRowsResponse,
  type AssetCategorySaveResponse,
  assetCategoryRowsQuery,
  assetCategorySaveRequest,
  type LinkingRow,
  type LinkingRowsResponse,
  type LinkingSaveResponse,
  linkingRowsQuery,
  linkingSaveRequest,
  linkKey,
} from '../../../src/core/contract';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, badRequest, readBody, readQuery, validate } from '../http';
import { findUser, requireAsset, requireSite } from '../records';

/** Linking tables scope their rows to a site or to an asset. */
const LINKING_MODELS = ['Site', 'Asset'] as const;
type LinkingModel = (typeof LINKING_MODELS)[number];

/** Things an asset category can be linked to, and where their names come from. */
const CATEGORY_MODELS: Record<string, string> = {
  Model: "SELECT id, manufacturer || ' ' || name AS name FROM models",
  ProblemType: 'SELECT id, name FROM problem_types',
};

type LinkingDbRow = {
  id: number;
  priority_id: number;
  contractor_id: number;
  asset_id: number | null;
  model_id: number | null;
  not_to_exceed: number;
  time_to_fix: number;
  include_non_working: 0 | 1;
  active: 0 | 1;
};

/** The scope of a linking table: which model, and the site or asset it belongs to. */
function linkingScope(db: Db, model: string, siteId: number | null, assetId: number | null) {
  if (!LINKING_MODELS.includes(model as LinkingModel)) {
    throw badRequest(`model must be one of ${LINKING_MODELS.join(', ')}, got '${model}'`);
  }
  if (model === 'Site') {
    if (siteId === null) throw badRequest('site_id is required for Site links');
    requireSite(db, siteId);
    return { model, column: 'site_id', value: siteId } as const;
  }
  if (assetId === null) throw badRequest('asset_id is required for Asset links');
  requireAsset(db, assetId);
  return { model, column: 'asset_id', value: assetId } as const;
}

function rowsOf(db: Db, scope: ReturnType<typeof linkingScope>): LinkingRow[] {
  const rows = db
    .prepare(
      `SELECT id, priority_id, contractor_id, asset_id, model_id, not_to_exceed, time_to_fix,
         include_non_working, active
       FROM linkings WHERE model = ? AND ${scope.column} = ? ORDER BY id`,
    )
    .all(scope.model, scope.value) as LinkingDbRow[];
  return rows.map((row) => ({
    ...row,
    include_non_working: row.include_non_working === 1,
    active: row.active === 1,
  }));
}

/** Calls 18, 20 and 21: asset categories, priority/contractor links, asset-category links. */
export function linkingRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/api/linking/AssetCategories', (c) => {
    const rows = db
      .prepare('SELECT id, name, "primary" FROM asset_categories ORDER BY name')
      .all() as { id: number; name: string; primary: 0 | 1 }[];
    return c.json({
      data: rows.map((row) => ({ ...row, primary: row.primary === 1 })),
    } satisfies AssetCategoriesResponse);
  });

  app.get('/api/linking/rows', (c) => {
    const query = validate(linkingRowsQuery, readQuery(c));
    const scope = linkingScope(db, query.model.trim(), query.site_id, query.asset_id);
    return c.json({ data: rowsOf(db, scope) } satisfies LinkingRowsResponse);
  });

  // The post is the whole table: rows with an id update that row, rows without one are added,
  // and the table's rows left out are removed (the table's Remove button).
  app.post('/api/linking/save', async (c) => {
    const request = validate(linkingSaveRequest, await readBody(c));
    const scope = linkingScope(db, request.model.trim(), request.site_id, request.asset_id);
    const problems = [
      ...(request.user_id !== null && !findUser(db, request.user_id)
        ? [`user_id: there is no user ${request.user_id}`]
        : []),
      ...(request.problem_type_id !== null &&
      db.prepare('SELECT 1 FROM problem_types WHERE id = ?').get(request.problem_type_id) ===
        undefined
        ? [`problem_type_id: there is no problem type ${request.problem_type_id}`]
        : []),
      ...request.ids.flatMap((row, index) =>
        linkingRowProblems(db, scope, row).map((problem) => `ids[${index}].${problem}`),
      ),
      ...duplicateLinks(scope, request.ids),
    ];
    if (problems.length > 0)
      throw badRequest(problems.length === 1 ? (problems[0] as string) : problems);

    db.transaction(() => {
      const kept = request.ids.flatMap((row) => (row.id === null ? [] : [row.id]));
      db.prepare(
        `DELETE FROM linkings WHERE model = ? AND ${scope.column} = ?
           AND id NOT IN (SELECT value FROM json_each(?))`,
      ).run(scope.model, scope.value, JSON.stringify(kept));
      const update = db.prepare(
        `UPDATE linkings SET priority_id = @priority_id, contractor_id = @contractor_id,
           asset_id = @asset_id, model_id = @model_id, not_to_exceed = @not_to_exceed,
           time_to_fix = @time_to_fix, include_non_working = @include_non_working, active = @active
         WHERE id = @id`,
      );
      const insert = db.prepare(
        `INSERT INTO linkings (model, site_id, asset_id, model_id, documentation_category_id, user_id,
           problem_type_id, priority_id, contractor_id, not_to_exceed, time_to_fix,
           include_non_working, active)
         VALUES (@model, @site_id, @asset_id, @model_id, @documentation_category_id, @user_id,
           @problem_type_id, @priority_id, @contractor_id, @not_to_exceed, @time_to_fix,
           @include_non_working, @active)`,
      );
      for (const row of request.ids) {
        const values = {
          ...row,
          asset_id: storedAssetId(scope, row),
          include_non_working: row.include_non_working ? 1 : 0,
          active: row.active ? 1 : 0,
        };
        if (row.id === null) {
          insert.run({
            ...values,
            model: scope.model,
            site_id: request.site_id,
            documentation_category_id: request.documentation_category_id,
            user_id: request.user_id,
            problem_type_id: request.problem_type_id,
          });
        } else {
          update.run(values);
        }
      }
    })();
    return c.json({
      status: 'success',
      message: `${request.ids.length} link${request.ids.length === 1 ? '' : 's'} saved`,
    } satisfies LinkingSaveResponse);
  });

  app.get('/api/linking/asset_category_rows', (c) => {
    const { model } = validate(assetCategoryRowsQuery, readQuery(c));
    const source = categoryModelSource(model.trim());
    const rows = db
      .prepare(
        `SELECT m.id, m.name, l.asset_category_id, ac.name AS asset_category_name
         FROM (${source}) m
         LEFT JOIN asset_category_links l ON l.model = ? AND l.foreign_id = m.id
         LEFT JOIN asset_categories ac ON ac.id = l.asset_category_id
         ORDER BY m.name`,
      )
      .all(model.trim()) as AssetCategoryRowsResponse['data'];
    return c.json({ data: rows } satisfies AssetCategoryRowsResponse);
  });

  // A null category removes the link.
  app.post('/api/linking/asset_category_save', async (c) => {
    const request = validate(assetCategorySaveRequest, await readBody(c));
    const model = request.model.trim();
    const source = categoryModelSource(model);
    const problems = request.ids.flatMap((link, index) => [
      ...(db.prepare(`SELECT 1 FROM (${source}) WHERE id = ?`).get(link.id) === undefined
        ? [`ids[${index}].id: there is no ${model} ${link.id}`]
        : []),
      ...(link.asset_category_id !== null &&
      db.prepare('SELECT 1 FROM asset_categories WHERE id = ?').get(link.asset_category_id) ===
        undefined
        ? [`ids[${index}].asset_category_id: there is no asset category ${link.asset_category_id}`]
        : []),
    ]);
    if (problems.length > 0)
      throw badRequest(problems.length === 1 ? (problems[0] as string) : problems);

    db.transaction(() => {
      const remove = db.prepare(
        'DELETE FROM asset_category_links WHERE model = ? AND foreign_id = ?',
      );
      const upsert = db.prepare(
        `INSERT INTO asset_category_links (model, foreign_id, asset_category_id) VALUES (?, ?, ?)
         ON CONFLICT (model, foreign_id) DO UPDATE SET asset_category_id = excluded.asset_category_id`,
      );
      for (const link of request.ids) {
        if (link.asset_category_id === null) remove.run(model, link.id);
        else upsert.run(model, link.id, link.asset_category_id);
      }
    })();
    return c.json({
      status: 'success',
      message: `${request.ids.length} asset categor${request.ids.length === 1 ? 'y' : 'ies'} saved`,
    } satisfies AssetCategorySaveResponse);
  });

  return app;
}

function categoryModelSource(model: string): string {
  const source = CATEGORY_MODELS[model];
  if (!source) {
    throw badRequest(
      `model must be one of ${Object.keys(CATEGORY_MODELS).join(', ')}, got '${model}'`,
    );
  }
  return source;
}

/**
 * The submitted rows that repeat an earlier one's link (linkKey: priority, contractor, asset and
 * model), as the table refuses them: one link is one row.
 */
function duplicateLinks(scope: ReturnType<typeof linkingScope>, rows: readonly LinkingRow[]) {
  const first = new Map<string, number>();
  return rows.flatMap((row, index) => {
    const key = linkKey({ ...row, asset_id: storedAssetId(scope, row) });
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, index);
      return [];
    }
    return [
      `ids[${index}]: priority ${row.priority_id} and contractor ${row.contractor_id} are linked by ids[${earlier}] already; a link is one row`,
    ];
  });
}

/** The asset a row is stored with: its own, or the asset whose table it is. */
function storedAssetId(scope: ReturnType<typeof linkingScope>, row: LinkingRow): number | null {
  return row.asset_id ?? (scope.model === 'Asset' ? scope.value : null);
}

/** What is wrong with one submitted linking row (field names relative to the row). */
function linkingRowProblems(
  db: Db,
  scope: ReturnType<typeof linkingScope>,
  row: LinkingRow,
): string[] {
  const problems: string[] = [];
  if (row.id !== null) {
    const owned = db
      .prepare(`SELECT 1 FROM linkings WHERE id = ? AND model = ? AND ${scope.column} = ?`)
      .get(row.id, scope.model, scope.value);
    if (!owned)
      problems.push(`id: link ${row.id} is not in this ${scope.model.toLowerCase()}'s table`);
  }
  if (db.prepare('SELECT 1 FROM priorities WHERE id = ?').get(row.priority_id) === undefined) {
    problems.push(`priority_id: there is no priority ${row.priority_id}`);
  }
  if (findUser(db, row.contractor_id)?.role !== 'contractor') {
    problems.push(`contractor_id: user ${row.contractor_id} is not a contractor`);
  }
  if (
    row.asset_id !== null &&
    db.prepare('SELECT 1 FROM assets WHERE id = ?').get(row.asset_id) === undefined
  ) {
    problems.push(`asset_id: there is no asset ${row.asset_id}`);
  }
  if (
    row.model_id !== null &&
    db.prepare('SELECT 1 FROM models WHERE id = ?').get(row.model_id) === undefined
  ) {
    problems.push(`model_id: there is no model ${row.model_id}`);
  }
  return problems;
}
