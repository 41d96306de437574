import type {
  BudgetCode,
  Contractor,
  Cost,
  CostBreakdownRow,
  CostValidateItem,
  Job,
  JobRecord,
} from '../../src/core/contract';
import type { Db } from './db';
import { notFound } from './http';

// Reads shared by several API areas: rows as the contract shapes them (booleans as booleans,
// CakePHP's `{ Job, Site, Asset, … }` record layout).

export type JobRow = Omit<Job, 'cancelled'> & { cancelled: 0 | 1; forwarded: 0 | 1 };

type SiteRow = {
  id: number;
  name: string;
  type: string;
  branch_reference: string | null;
  lat: number | null;
  long: number | null;
};

type CostRow = Omit<Cost, 'approved' | 'capex' | 'approval_stage'> & {
  approved: 0 | 1 | null;
  capex: 0 | 1;
  approval_stage: 1 | 2;
  budget_code_id: number | null;
};

export function findJob(db: Db, jobId: number): JobRow | undefined {
  return db.prepare('SELECT * FROM job_rows WHERE id = ?').get(jobId) as JobRow | undefined;
}

export function requireJob(db: Db, jobId: number): JobRow {
  const job = findJob(db, jobId);
  if (!job) throw notFound('Job', jobId);
  return job;
}

export function requireSite(db: Db, siteId: number): SiteRow {
  const site = db.prepare('SELECT * FROM sites WHERE id = ?').get(siteId) as SiteRow | undefined;
  if (!site) throw notFound('Site', siteId);
  return site;
}

export type AssetRow = {
  id: number;
  site_id: number;
  asset_category_id: number | null;
  model_id: number | null;
  name: string;
};

export function requireAsset(db: Db, assetId: number): AssetRow {
  const asset = db.prepare('SELECT * FROM assets WHERE id = ?').get(assetId) as
    | AssetRow
    | undefined;
  if (!asset) throw notFound('Asset', assetId);
  return asset;
}

/**
 * The duplicate invoice check of docs/requirements.md §5: a cost already carries this invoice
 * number (letter case aside) on any job. An invoice number is the contractor's, and a cost names no
 * contractor of its own (a job's may change, or live on its release), so every job's costs count.
 */
export function hasInvoice(db: Db, invoiceNumber: string): boolean {
  return (
    db
      .prepare('SELECT 1 FROM costs WHERE invoice_number = ? COLLATE NOCASE LIMIT 1')
      .get(invoiceNumber) !== undefined
  );
}

export function findCost(db: Db, costId: number): CostRow | undefined {
  return db.prepare('SELECT * FROM costs WHERE id = ?').get(costId) as CostRow | undefined;
}

/** The Job entity of the contract (the database row minus host-only columns). */
export function jobEntityOf(row: JobRow): Job {
  return {
    id: row.id,
    site_id: row.site_id,
    asset_id: row.asset_id,
    type_id: row.type_id,
    status_id: row.status_id,
    description: row.description,
    budget_code_id: row.budget_code_id,
    client_reference_2: row.client_reference_2,
    cancelled: row.cancelled === 1,
    created: row.created,
    priority_id: row.priority_id,
    contractor_id: row.contractor_id,
    due_hours: row.due_hours,
    due_mins: row.due_mins,
    due_datetime: row.due_datetime,
    cost_status_id: row.cost_status_id,
    cost_type_id: row.cost_type_id,
    site_time_count: row.site_time_count,
    documentation_document_count: row.documentation_document_count,
    cost_count: row.cost_count,
    note_count: row.note_count,
    scripting_response_count: row.scripting_response_count,
    jobs_job_count: row.jobs_job_count,
  };
}

/** `{ Job, Site, Asset, Status, Type, Priority }` for a job row. */
export function jobRecordOf(db: Db, row: JobRow): JobRecord {
  const named = (table: 'assets' | 'statuses' | 'types' | 'priorities', id: number | null) =>
    id === null
      ? null
      : ((db.prepare(`SELECT id, name FROM ${table} WHERE id = ?`).get(id) as
          | { id: number; name: string }
          | undefined) ?? null);
  const site = requireSite(db, row.site_id);
  const status = named('statuses', row.status_id);
  const type = named('types', row.type_id);
  if (!status || !type) throw new Error(`Job ${row.id} has an unknown status or type`);
  return {
    Job: jobEntityOf(row),
    Site: {
      id: site.id,
      name: site.name,
      type: site.type,
      branch_reference: site.branch_reference,
      lat: site.lat,
      long: site.long,
    },
    Asset: named('assets', row.asset_id),
    Status: status,
    Type: type,
    Priority: named('priorities', row.priority_id),
  };
}

/**
 * Contractors linked to the site (site-wide links) and to the asset, one entry per user, primary
 * first. With neither, every linked contractor.
 */
export function contractorsFor(
  db: Db,
  siteId: number | null,
  assetId: number | null,
): Contractor[] {
  const where =
    siteId === null && assetId === null
      ? '1'
      : '(c.site_id = @siteId AND c.asset_id IS NULL) OR c.asset_id = @assetId';
  const rows = db
    .prepare(
      `SELECT c.user_id, u.name, MAX(c."primary") AS "primary", MIN(c.status) AS status
       FROM contractors c JOIN users u ON u.id = c.user_id
       WHERE ${where}
       GROUP BY c.user_id
       ORDER BY "primary" DESC, u.name`,
    )
    .all({ siteId, assetId }) as {
    user_id: number;
    name: string;
    primary: 0 | 1;
    status: number;
  }[];
  return rows.map((row) => ({ ...row, primary: row.primary === 1 }));
}

/** Budget codes for an asset: those of its category plus the general ones ('Non-Contract', …). */
export function budgetCodesFor(db: Db, assetId: number | null): BudgetCode[] {
  const categoryId =
    assetId === null
      ? null
      : ((db.prepare('SELECT asset_category_id FROM assets WHERE id = ?').pluck().get(assetId) as
          | number
          | null
          | undefined) ?? null);
  return db
    .prepare(
      `SELECT id AS budget_code_id, name AS budget_code_name FROM budget_codes
       WHERE asset_category_id IS NULL OR asset_category_id = ? ORDER BY id`,
    )
    .all(categoryId) as BudgetCode[];
}

export function costEntityOf(row: CostRow): Cost {
  return {
    id: row.id,
    job_id: row.job_id,
    cost_type_id: row.cost_type_id,
    authoriser_id: row.authoriser_id,
    authorised_via: row.authorised_via,
    approved: row.approved === null ? null : row.approved === 1,
    approval_stage: row.approval_stage,
    capex: row.capex === 1,
    invoice_number: row.invoice_number,
    total: row.total,
  };
}

export function costBreakdownOf(db: Db, costId: number): CostBreakdownRow[] {
  return db
    .prepare(
      `SELECT type_name, subtype_name, description, value, quantity, markup_percent, total
       FROM cost_breakdowns WHERE cost_id = ? ORDER BY id`,
    )
    .all(costId) as CostBreakdownRow[];
}

/** Every capex checklist item with this cost's answer so far (status null: none yet). */
export function costValidateItemsOf(db: Db, costId: number): CostValidateItem[] {
  const rows = db
    .prepare(
      `SELECT i.id, i.name, v.id AS validation_id, v.status
       FROM cost_validate_items i
       LEFT JOIN cost_validations v ON v.cost_validate_item_id = i.id AND v.cost_id = ?
       ORDER BY i.sort`,
    )
    .all(costId) as {
    id: number;
    name: string;
    validation_id: number | null;
    status: 0 | 1 | 2 | null;
  }[];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    validation: { id: row.validation_id, status: row.status },
  }));
}

export type UserRow = {
  id: number;
  role: string;
  name: string;
  username: string;
  authorisation_quote: number;
  capex_approver: 0 | 1;
  site_surveyor: 0 | 1;
};

export function findUser(db: Db, userId: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(userId) as UserRow | undefined;
}
