import { Hono } from 'hono';
import { JOB_TYPE, type TableRowsResponse, tableRowsQuery } from '../../../src/core/contract';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { type AppEnv, badRequest, readQuery, validate } from '../http';
import { BUDGET_AND_SPEND, COST_BUDGET_CODE } from '../spend';

/** Largest page the host serves (the widgets ask for 100, docs/requirements.md §9). */
const MAX_PAGE_SIZE = 1000;

/**
 * A server-side table: a SELECT of named columns, which columns sort, and how each filter matches
 * ('contains' for text, 'equals' for ids and numbers, 'oneOf' for a comma list). Column names
 * are fixed here, never taken
 * from the request.
 */
type TableSource = {
  from: string;
  columns: Record<string, string>;
  filters: Record<string, 'contains' | 'equals' | 'oneOf'>;
  defaultSort: string;
};

const SOURCES: Record<string, TableSource> = {
  '/api/jobs/table': {
    from: `jobs j
      JOIN sites s ON s.id = j.site_id
      LEFT JOIN assets a ON a.id = j.asset_id
      JOIN statuses st ON st.id = j.status_id
      JOIN types t ON t.id = j.type_id
      LEFT JOIN priorities p ON p.id = j.priority_id
      LEFT JOIN users u ON u.id = j.contractor_id
      LEFT JOIN jobs r ON r.id = (SELECT MIN(id) FROM jobs WHERE parent_job_id = j.id AND type_id = ${JOB_TYPE.release})
      LEFT JOIN priorities rp ON rp.id = r.priority_id
      LEFT JOIN users ru ON ru.id = r.contractor_id`,
    // A released job's row says the released job's choices, and where, as its job view does
    // (released.ts): 'Aire Valley Plumbing (on job 6251)', searched and sorted as shown.
    columns: {
      id: 'j.id',
      description: 'j.description',
      site: 's.name',
      asset: 'a.name',
      status: 'st.name',
      status_id: 'j.status_id',
      type: 't.name',
      priority: 'as_released(p.name, rp.name, r.id)',
      contractor: 'as_released(u.name, ru.name, r.id)',
      client_reference_2: 'as_released(j.client_reference_2, r.client_reference_2, r.id)',
      created: 'j.created',
    },
    filters: {
      id: 'equals',
      description: 'contains',
      site: 'contains',
      asset: 'contains',
      status: 'contains',
      status_id: 'equals',
      type: 'contains',
      priority: 'contains',
      contractor: 'contains',
      client_reference_2: 'contains',
    },
    defaultSort: 'j.id DESC',
  },
  // Budgets as seeded, spend as the approved costs the database holds (spend.ts).
  '/api/reports/budget_spend': {
    from: `(${BUDGET_AND_SPEND}) f
      JOIN sites s ON s.id = f.site_id
      JOIN budget_codes b ON b.id = f.budget_code_id`,
    columns: {
      site: 's.name',
      branch_reference: 's.branch_reference',
      budget_code: 'b.name',
      year_start: 'f.year_start',
      budget: 'ROUND(SUM(f.budget), 2)',
      spend: 'ROUND(SUM(f.spend), 2)',
      variance: 'ROUND(SUM(f.budget) - SUM(f.spend), 2)',
    },
    filters: { site: 'contains', budget_code: 'contains', year_start: 'equals' },
    defaultSort: 's.name, b.name',
  },
  // Every cost against the budgets, with the filters of /reports/budget_records
  // (docs/requirements.md §2).
  '/api/reports/budget_records': {
    from: `costs c
      JOIN jobs j ON j.id = c.job_id
      JOIN sites s ON s.id = j.site_id
      LEFT JOIN site_profiles sp ON sp.site_id = s.id
      LEFT JOIN users su ON su.id = sp.surveyor_id
      LEFT JOIN assets a ON a.id = j.asset_id
      LEFT JOIN asset_categories ac ON ac.id = a.asset_category_id
      LEFT JOIN budget_codes b ON b.id = ${COST_BUDGET_CODE}`,
    columns: {
      id: 'c.id',
      job_id: 'j.id',
      created: 'c.created',
      site: 's.name',
      fascia: 'sp.fascia',
      surveyor: 'su.name',
      surveyor_id: 'sp.surveyor_id',
      category: 'ac.name',
      category_id: 'a.asset_category_id',
      budget_code: 'b.name',
      scope: "CASE WHEN c.capex = 1 THEN 'capex' ELSE 'opex' END",
      value: 'c.total',
      // Only an approved cost is spend: each row says where its cost stands.
      status:
        "CASE WHEN c.approved = 1 THEN 'Approved' WHEN c.approved = 0 THEN 'Declined' ELSE 'Awaiting approval' END",
    },
    filters: {
      status: 'contains',
      surveyor_id: 'equals',
      fascia: 'oneOf',
      category_id: 'equals',
      scope: 'equals',
      site: 'contains',
      budget_code: 'contains',
    },
    defaultSort: 'c.id DESC',
  },
  '/api/reports/compliance': {
    from: `compliance_figures f
      JOIN sites s ON s.id = f.site_id
      JOIN asset_categories ac ON ac.id = f.asset_category_id`,
    columns: {
      site: 's.name',
      category: 'ac.name',
      compliant: 'SUM(f.compliant)',
      remedial: 'SUM(f.remedial)',
      overdue: 'SUM(f.overdue)',
      not_compliant: 'SUM(f.not_compliant)',
      compliant_percent:
        'ROUND(100.0 * SUM(f.compliant) / MAX(SUM(f.compliant + f.remedial + f.overdue + f.not_compliant), 1), 1)',
    },
    filters: { site: 'contains', category: 'contains' },
    defaultSort: 's.name, ac.name',
  },
};

/** Aggregated sources group by their plain (non-aggregate) columns. */
function groupBy(source: TableSource): string {
  const plain = Object.values(source.columns).filter((sql) => !/\b(SUM|COUNT|ROUND)\(/.test(sql));
  return Object.values(source.columns).some((sql) => /\bSUM\(/.test(sql))
    ? `GROUP BY ${plain.join(', ')}`
    : '';
}

function rowsOf(db: Db, source: TableSource, input: unknown): TableRowsResponse {
  const query = validate(tableRowsQuery, input);
  if (query.size > MAX_PAGE_SIZE) throw badRequest(`size: expected at most ${MAX_PAGE_SIZE}`);
  const fields = Object.keys(source.columns);

  const order = query.sort.map(({ field, dir }) => {
    const column = source.columns[field];
    if (!column) throw badRequest(`sort: '${field}' is not a column (${fields.join(', ')})`);
    return `${column} ${dir === 'asc' ? 'ASC' : 'DESC'}`;
  });
  const where: string[] = [];
  const having: string[] = [];
  const values: (string | number)[] = [];
  for (const [field, value] of Object.entries(query.filter)) {
    const match = source.filters[field];
    const column = source.columns[field];
    if (!match || !column) {
      throw badRequest(
        `filter: '${field}' is not a filter (${Object.keys(source.filters).join(', ')})`,
      );
    }
    if (value.trim() === '') continue;
    (/\bSUM\(/.test(column) ? having : where).push(
      match === 'contains'
        ? `instr(lower(${column}), lower(?)) > 0`
        : match === 'oneOf'
          ? `${column} IN (SELECT value FROM json_each(?))`
          : `${column} = ?`,
    );
    values.push(
      match === 'oneOf'
        ? JSON.stringify(value.split(',').map((item) => item.trim()))
        : value.trim(),
    );
  }

  const select = Object.entries(source.columns)
    .map(([field, sql]) => `${sql} AS "${field}"`)
    .join(', ');
  const body = `FROM ${source.from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ${groupBy(source)} ${having.length ? `HAVING ${having.join(' AND ')}` : ''}`;
  const total = db
    .prepare(`SELECT COUNT(*) FROM (SELECT ${select} ${body})`)
    .pluck()
    .get(...values) as number;
  const data = db
    .prepare(
      `SELECT ${select} ${body} ORDER BY ${[...order, source.defaultSort].join(', ')} LIMIT ? OFFSET ?`,
    )
    .all(...values, query.size, (query.page - 1) * query.size) as Record<string, unknown>[];
  return { data, last_page: Math.max(1, Math.ceil(total / query.size)), total };
}

/** 22. GET {table rows URL}?page=&size=&sort=&filter[field]=: the jobs table and the reports. */
export function tableRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>();
  for (const [path, source] of Object.entries(SOURCES)) {
    app.get(path, (c) => c.json(rowsOf(db, source, readQuery(c)) satisfies TableRowsResponse));
  }
  return app;
}
