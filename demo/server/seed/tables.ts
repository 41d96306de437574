// The tables the seed fills, and the writers its parts share.

export type Row = Record<string, string | number | null>;

/** Tables in dependency order: cleared bottom-up, filled top-down. */
export const TABLES = [
  'settings',
  'users',
  'sites',
  'site_profiles',
  'asset_categories',
  'models',
  'problem_types',
  'assets',
  'asset_category_links',
  'statuses',
  'types',
  'priorities',
  'cost_types',
  'budget_codes',
  'contractors',
  'jobs',
  'costs',
  'cost_breakdowns',
  'cost_validate_items',
  'cost_validations',
  'notes',
  'site_times',
  'site_time_actions',
  'site_time_entries',
  'job_engineers',
  'dashboard_tiles',
  'dashboard_tiles_stale',
  'linkings',
  'photos',
  'photo_uploads',
  'user_passwords',
  'mail_outbox',
  'purchase_orders',
  'compliance_figures',
  'budget_figures',
] as const;

export type Table = (typeof TABLES)[number];

/** Adds a row to a table; returns its id. */
export type Insert = (table: Table, row: Row) => number;
/** Adds a job, with its due time from its priority. */
export type JobInsert = (
  row: Row & { id: number; created: string; priority_id: number | null },
) => number;
/** Adds a cost with its breakdown lines: [type, subtype, description, value, quantity, markup %]. */
export type CostInsert = (
  row: Row & { job_id: number },
  lines: [string, string, string, number, number, number][],
) => number;
/** The date-time `days` before the seeding time. */
export type Ago = (days: number) => string;
