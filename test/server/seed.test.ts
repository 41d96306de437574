import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isEmpty, openDatabase } from '../../demo/server/db';
import { seed } from '../../demo/server/seed';

const db = openDatabase(':memory:');
seed(db);

const get = <T = Record<string, unknown>>(sql: string, ...params: unknown[]) =>
  db.prepare(sql).get(...params) as T;
const count = (sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number;

describe('seed (docs/reference-host.md fixtures)', () => {
  it('job 1001: type 7, status 4, no client_reference_2, one cost awaiting approval', () => {
    expect(get('SELECT type_id, status_id, client_reference_2 FROM jobs WHERE id = 1001')).toEqual({
      type_id: 7,
      status_id: 4,
      client_reference_2: null,
    });
    expect(
      count(
        'SELECT COUNT(*) FROM costs WHERE job_id = 1001 AND approved IS NULL AND authoriser_id IS NULL',
      ),
    ).toBe(1);
  });

  it('job 1002: a quote awaiting approval; job 1003: a capex quote with no validation yet', () => {
    expect(get('SELECT cost_type_id, approved, capex FROM costs WHERE job_id = 1002')).toEqual({
      cost_type_id: 3,
      approved: null,
      capex: 0,
    });
    const capex = get<{ id: number; cost_type_id: number; capex: number }>(
      'SELECT id, cost_type_id, capex FROM costs WHERE job_id = 1003',
    );
    expect(capex).toMatchObject({ cost_type_id: 3, capex: 1 });
    expect(count('SELECT COUNT(*) FROM cost_validations WHERE cost_id = ?', capex.id)).toBe(0);
    expect(count('SELECT COUNT(*) FROM cost_validate_items')).toBeGreaterThan(0);
  });

  it('jobs 1004 and 1005: engineer jobs, not signed on, at geocoded site 1 and uncoded site 3', () => {
    expect(get('SELECT site_id FROM jobs WHERE id = 1004')).toEqual({ site_id: 1 });
    expect(get('SELECT site_id FROM jobs WHERE id = 1005')).toEqual({ site_id: 3 });
    expect(get('SELECT lat, long FROM sites WHERE id = 1')).toEqual({ lat: 53.796, long: -1.547 });
    expect(get('SELECT lat, long FROM sites WHERE id = 3')).toEqual({ lat: null, long: null });
    expect(count('SELECT COUNT(*) FROM site_times WHERE job_id IN (1004, 1005)')).toBe(0);
    expect(count('SELECT COUNT(*) FROM job_engineers WHERE job_id IN (1004, 1005)')).toBe(2);
  });

  it("job 1006: a cost with invoice number 'INV-1001'; tiles 1–4", () => {
    expect(
      count("SELECT COUNT(*) FROM costs WHERE job_id = 1006 AND invoice_number = 'INV-1001'"),
    ).toBe(1);
    expect(db.prepare('SELECT id FROM dashboard_tiles ORDER BY id').pluck().all()).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('budget codes include Non-Contract; contractors are primary (status 1) and secondary', () => {
    expect(count("SELECT COUNT(*) FROM budget_codes WHERE name = 'Non-Contract'")).toBe(1);
    expect(
      count('SELECT COUNT(*) FROM contractors WHERE "primary" = 1 AND status = 1'),
    ).toBeGreaterThan(0);
    expect(
      count('SELECT COUNT(*) FROM contractors WHERE "primary" = 0 AND status <> 1'),
    ).toBeGreaterThan(0);
  });

  it('settings: validate client reference 2 on, release priorities a subset of the priorities', () => {
    const setting = (key: string) =>
      JSON.parse(
        db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string,
      ) as unknown;
    expect(setting('validateClientReference2')).toBe(true);
    const release = setting('releasePriorities') as number[];
    const all = db.prepare('SELECT id FROM priorities').pluck().all() as number[];
    expect(release.every((id) => all.includes(id))).toBe(true);
    expect(release.length).toBeLessThan(all.length);
  });

  it('has enough realistic data: pages of jobs in every status, costs with breakdowns, figures', () => {
    expect(count('SELECT COUNT(*) FROM jobs')).toBeGreaterThanOrEqual(5000);
    const statuses = db.prepare('SELECT DISTINCT status_id FROM jobs').pluck().all() as number[];
    for (const status of [3, 4, 5, 12, 8]) expect(statuses).toContain(status);
    expect(count('SELECT COUNT(*) FROM jobs WHERE status_id = 12 AND cancelled = 0')).toBe(0);
    expect(
      count(
        'SELECT COUNT(*) FROM costs c WHERE NOT EXISTS (SELECT 1 FROM cost_breakdowns b WHERE b.cost_id = c.id)',
      ),
    ).toBe(0);
    expect(count('SELECT COUNT(*) FROM users WHERE capex_approver = 1')).toBeGreaterThan(0);
    expect(count('SELECT COUNT(*) FROM site_times WHERE off_site IS NULL')).toBeGreaterThan(0);
    expect(count('SELECT COUNT(*) FROM compliance_figures')).toBeGreaterThan(0);
    expect(count('SELECT COUNT(*) FROM budget_figures')).toBeGreaterThan(0);
    expect(count('SELECT COUNT(*) FROM assets WHERE asset_category_id IS NULL')).toBe(0);
  });

  it('reseeding gives the same data', () => {
    const before = count('SELECT COUNT(*) FROM jobs') + count('SELECT COUNT(*) FROM costs');
    seed(db);
    expect(count('SELECT COUNT(*) FROM jobs') + count('SELECT COUNT(*) FROM costs')).toBe(before);
  });
});

describe('openDatabase', () => {
  it('opens a file with WAL and foreign keys on, empty until seeded', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fm-db-'));
    const file = openDatabase(join(dir, 'nested', 'fm.sqlite'));
    expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(file.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(isEmpty(file)).toBe(true);
    seed(file);
    expect(isEmpty(file)).toBe(false);
    file.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
