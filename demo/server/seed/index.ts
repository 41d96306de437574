import type { Db } from '../db';
import { COST_BUDGET_CODE, COST_YEAR } from '../spend';
import { countTile } from '../tiles';
import { daysAgo, toDateTime } from '../time';
import { seedFixtureJobs, seedFixtureLinkings } from './fixtures';
import {
  type CostCell,
  generateArchive,
  generateFigures,
  generateJobs,
  money,
  random,
} from './generators';
import { writeHostileText } from './hostile';
import { DUE_HOURS, dueAt, seedReference, TILES } from './reference';
import { type CostInsert, type JobInsert, type Row, TABLES, type Table } from './tables';

// The demo's data: reference data (reference.ts), the fixtures of docs/reference-host.md
// (fixtures.ts) and a deterministic, realistic spread of jobs and figures (generators.ts). Dates
// are relative to the seeding time so that "the last 365 days" always finds the same jobs.

/** Empties every table and fills it again, in one transaction; `hostile` then adds the payloads. */
export function seed(db: Db, at = new Date(), { hostile = false } = {}): void {
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  const insert = (table: Table, row: Row): number => {
    const columns = Object.keys(row);
    const sql = `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns
      .map((c) => `@${c}`)
      .join(', ')})`;
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return Number(statement.run(row).lastInsertRowid);
  };
  const ago = (days: number) => daysAgo(days, at);
  const rand = random(20_240_401);

  db.transaction(() => {
    for (const table of [...TABLES].reverse()) db.prepare(`DELETE FROM ${table}`).run();

    const assetsBySite = seedReference(insert);

    const job: JobInsert = (row) => {
      const hours = row.priority_id === null ? 0 : (DUE_HOURS[row.priority_id] ?? 0);
      return insert('jobs', {
        due_hours: hours,
        due_mins: 0,
        due_datetime: dueAt(row.priority_id, new Date(row.created.replace(' ', 'T'))),
        ...row,
      });
    };
    const cost: CostInsert = (row, lines) => {
      const totals = lines.map(([, , , value, quantity, markup]) =>
        money(value * quantity * (1 + markup / 100)),
      );
      const costId = insert('costs', {
        cost_type_id: 1,
        approval_stage: 1,
        capex: 0,
        created: ago(2),
        total: money(totals.reduce((sum, t) => sum + t, 0)),
        ...row,
      });
      lines.forEach(([typeName, subtypeName, description, value, quantity, markup], index) => {
        insert('cost_breakdowns', {
          cost_id: costId,
          type_name: typeName,
          subtype_name: subtypeName,
          description,
          value,
          quantity,
          markup_percent: markup,
          total: totals[index] ?? 0,
        });
      });
      return costId;
    };

    seedFixtureJobs(insert, job, cost, ago, assetsBySite);
    generateJobs(rand, assetsBySite, job, cost, insert, ago);

    seedFixtureLinkings(insert);
    const costCells = db
      .prepare(
        `SELECT j.site_id, ${COST_BUDGET_CODE} AS budget_code_id, ${COST_YEAR} AS year_start,
           SUM(c.total) AS costs
         FROM costs c JOIN jobs j ON j.id = c.job_id
         WHERE ${COST_BUDGET_CODE} IS NOT NULL
         GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      )
      .all() as CostCell[];
    generateFigures(rand, insert, costCells);
    generateArchive(assetsBySite, job, ago);

    // Dashboard tiles count what their query counts; the cached figure is the one at seeding,
    // made last so that no job, cost or site time seeded after it leaves it stale.
    for (const tile of TILES) {
      insert('dashboard_tiles', {
        ...tile,
        cached_count: countTile(db, String(tile.query)),
        counted_at: toDateTime(at),
      });
    }
  })();
  if (hostile) writeHostileText(db);
}
