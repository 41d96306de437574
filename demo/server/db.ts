import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/** Where `npm run demo` keeps its database (docs/architecture.md). */
export const DEFAULT_DATABASE_PATH = new URL('../.data/fm.sqlite', import.meta.url).pathname;

/** The hostile run's database (`--test-mode --hostile`), apart from the demo's own. */
export const HOSTILE_DATABASE_PATH = new URL('../.data/fm-hostile.sqlite', import.meta.url)
  .pathname;

const SCHEMA = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');

/**
 * Opens (creating when needed) the database with WAL and foreign keys on, and applies the schema:
 * a file at `source`, `':memory:'`, or in memory a copy of the serialized database `source`.
 */
export function openDatabase(source: string | Buffer): Db {
  if (typeof source === 'string' && source !== ':memory:') {
    mkdirSync(dirname(source), { recursive: true });
  }
  const db = new Database(source);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);
  dropFixedSpend(db);
  return db;
}

/** A database made before spend was read from the costs keeps a spend column seeding leaves empty. */
function dropFixedSpend(db: Db): void {
  const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('budget_figures');
  if (columns.includes('spend')) db.exec('ALTER TABLE budget_figures DROP COLUMN spend');
}

/** True when the database holds no seeded data yet. */
export function isEmpty(db: Db): boolean {
  return db.prepare('SELECT COUNT(*) FROM settings').pluck().get() === 0;
}
