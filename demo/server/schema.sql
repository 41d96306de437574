-- Reference host schema: one table per entity of docs/requirements.md §3, named the CakePHP way
-- (plural, snake case). Date-times are stored as local 'YYYY-MM-DD HH:mm:ss' strings, booleans as
-- 0/1, money as REAL.

CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY,
  role TEXT NOT NULL CHECK (role IN ('admin', 'client', 'contractor', 'engineer', 'surveyor')),
  name TEXT NOT NULL,
  username TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  authorisation_quote REAL NOT NULL DEFAULT 0 CHECK (authorisation_quote >= 0),
  -- docs/requirements.md §4: a capex approver needs a quote authorisation limit.
  capex_approver INTEGER NOT NULL DEFAULT 0 CHECK (capex_approver IN (0, 1)),
  site_surveyor INTEGER NOT NULL DEFAULT 0 CHECK (site_surveyor IN (0, 1)),
  CHECK (capex_approver = 0 OR authorisation_quote > 0)
);

CREATE TABLE IF NOT EXISTS sites (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  branch_reference TEXT,
  lat REAL,
  long REAL
);

CREATE TABLE IF NOT EXISTS asset_categories (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  "primary" INTEGER NOT NULL DEFAULT 0 CHECK ("primary" IN (0, 1))
);

CREATE TABLE IF NOT EXISTS models (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  manufacturer TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS problem_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS assets (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites (id),
  asset_category_id INTEGER REFERENCES asset_categories (id),
  model_id INTEGER REFERENCES models (id),
  name TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS assets_site ON assets (site_id);

-- Which asset category an equipment model or a problem type belongs to (asset-category linking).
CREATE TABLE IF NOT EXISTS asset_category_links (
  id INTEGER PRIMARY KEY,
  model TEXT NOT NULL CHECK (model IN ('Model', 'ProblemType')),
  foreign_id INTEGER NOT NULL,
  asset_category_id INTEGER NOT NULL REFERENCES asset_categories (id),
  UNIQUE (model, foreign_id)
);

CREATE TABLE IF NOT EXISTS statuses (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS priorities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS cost_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

-- A budget code without a category applies to every asset ('Non-Contract' is one of those).
CREATE TABLE IF NOT EXISTS budget_codes (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  asset_category_id INTEGER REFERENCES asset_categories (id)
);

-- A contractor user linked to a site (asset_id NULL) or to one asset; status 1 = primary.
CREATE TABLE IF NOT EXISTS contractors (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  site_id INTEGER REFERENCES sites (id),
  asset_id INTEGER REFERENCES assets (id),
  "primary" INTEGER NOT NULL DEFAULT 0 CHECK ("primary" IN (0, 1)),
  status INTEGER NOT NULL DEFAULT 2,
  CHECK (site_id IS NOT NULL OR asset_id IS NOT NULL)
);
CREATE INDEX IF NOT EXISTS contractors_site ON contractors (site_id);
CREATE INDEX IF NOT EXISTS contractors_asset ON contractors (asset_id);

CREATE TABLE IF NOT EXISTS jobs (
  id INTEGER PRIMARY KEY,
  parent_job_id INTEGER REFERENCES jobs (id),
  site_id INTEGER NOT NULL REFERENCES sites (id),
  asset_id INTEGER REFERENCES assets (id),
  type_id INTEGER NOT NULL REFERENCES types (id),
  status_id INTEGER NOT NULL REFERENCES statuses (id),
  description TEXT NOT NULL,
  budget_code_id INTEGER REFERENCES budget_codes (id),
  client_reference_2 TEXT,
  cancelled INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)),
  forwarded INTEGER NOT NULL DEFAULT 0 CHECK (forwarded IN (0, 1)),
  reporting_flag INTEGER NOT NULL DEFAULT 0 CHECK (reporting_flag IN (0, 1)),
  created TEXT NOT NULL,
  priority_id INTEGER REFERENCES priorities (id),
  contractor_id INTEGER REFERENCES users (id),
  due_hours INTEGER NOT NULL DEFAULT 0,
  due_mins INTEGER NOT NULL DEFAULT 0,
  due_datetime TEXT,
  cost_status_id INTEGER,
  cost_type_id INTEGER REFERENCES cost_types (id),
  -- Counter caches for tables the widgets never read.
  documentation_document_count INTEGER NOT NULL DEFAULT 0,
  scripting_response_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS jobs_asset ON jobs (asset_id, created);
CREATE INDEX IF NOT EXISTS jobs_status ON jobs (status_id);
CREATE INDEX IF NOT EXISTS jobs_parent ON jobs (parent_job_id);

CREATE TABLE IF NOT EXISTS costs (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs (id),
  cost_type_id INTEGER NOT NULL REFERENCES cost_types (id),
  budget_code_id INTEGER REFERENCES budget_codes (id),
  authoriser_id INTEGER REFERENCES users (id),
  authorised_via TEXT CHECK (authorised_via IN ('email', 'telephone', 'in person')),
  -- NULL while awaiting approval, then 1 approved / 0 declined.
  approved INTEGER CHECK (approved IN (0, 1)),
  approval_stage INTEGER NOT NULL DEFAULT 1 CHECK (approval_stage IN (1, 2)),
  capex INTEGER NOT NULL DEFAULT 0 CHECK (capex IN (0, 1)),
  invoice_number TEXT,
  total REAL NOT NULL DEFAULT 0,
  created TEXT NOT NULL,
  decided TEXT
);
CREATE INDEX IF NOT EXISTS costs_job ON costs (job_id);

CREATE TABLE IF NOT EXISTS cost_breakdowns (
  id INTEGER PRIMARY KEY,
  cost_id INTEGER NOT NULL REFERENCES costs (id),
  type_name TEXT NOT NULL,
  subtype_name TEXT NOT NULL,
  description TEXT NOT NULL,
  value REAL NOT NULL,
  quantity REAL NOT NULL,
  markup_percent REAL NOT NULL DEFAULT 0,
  total REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS cost_breakdowns_cost ON cost_breakdowns (cost_id);

-- The capex checklist (items) and each cost's answers (0 No, 1 Yes, 2 N/A).
CREATE TABLE IF NOT EXISTS cost_validate_items (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS cost_validations (
  id INTEGER PRIMARY KEY,
  cost_id INTEGER NOT NULL REFERENCES costs (id),
  cost_validate_item_id INTEGER NOT NULL REFERENCES cost_validate_items (id),
  status INTEGER NOT NULL CHECK (status IN (0, 1, 2)),
  modified TEXT NOT NULL,
  UNIQUE (cost_id, cost_validate_item_id)
);

CREATE TABLE IF NOT EXISTS notes (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs (id),
  cost_id INTEGER REFERENCES costs (id),
  description TEXT NOT NULL,
  financial INTEGER NOT NULL DEFAULT 0 CHECK (financial IN (0, 1)),
  internal INTEGER NOT NULL DEFAULT 0 CHECK (internal IN (0, 1)),
  created TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS notes_job ON notes (job_id);

CREATE TABLE IF NOT EXISTS site_times (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs (id),
  on_site TEXT NOT NULL,
  off_site TEXT,
  remote_fix INTEGER NOT NULL DEFAULT 0 CHECK (remote_fix IN (0, 1)),
  engineers INTEGER NOT NULL DEFAULT 1,
  lat REAL,
  long REAL,
  accuracy REAL,
  off_lat REAL,
  off_long REAL,
  off_accuracy REAL
);
CREATE INDEX IF NOT EXISTS site_times_job ON site_times (job_id);

-- Each engineer action by the id its device made (action_id of POST /api/site_times/save), with
-- the answer it got: a repeat (a replay after a lost answer) is answered the same, recorded once.
CREATE TABLE IF NOT EXISTS site_time_actions (
  id INTEGER PRIMARY KEY,
  action_id TEXT NOT NULL UNIQUE,
  job_id INTEGER NOT NULL REFERENCES jobs (id),
  action TEXT NOT NULL,
  answer TEXT NOT NULL,
  created TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS job_engineers (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  created TEXT NOT NULL,
  UNIQUE (job_id, user_id)
);

-- `query` names one of the counts in routes/dashboards.ts (never SQL text from the database).
CREATE TABLE IF NOT EXISTS dashboard_tiles (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  query TEXT NOT NULL,
  cached_count INTEGER NOT NULL DEFAULT 0,
  counted_at TEXT NOT NULL
);

-- Tiles whose cached count may no longer stand: a change to the rows the counts read
-- (jobs, costs, site times) marks every tile, and its next GET /dashboards/fetch/{id} counts again.
CREATE TABLE IF NOT EXISTS dashboard_tiles_stale (
  tile_id INTEGER PRIMARY KEY
);
CREATE TRIGGER IF NOT EXISTS jobs_insert_stales_tiles AFTER INSERT ON jobs
BEGIN INSERT OR IGNORE INTO dashboard_tiles_stale SELECT id FROM dashboard_tiles; END;
CREATE TRIGGER IF NOT EXISTS jobs_update_stales_tiles AFTER UPDATE ON jobs
BEGIN INSERT OR IGNORE INTO dashboard_tiles_stale SELECT id FROM dashboard_tiles; END;
CREATE TRIGGER IF NOT EXISTS jobs_delete_stales_tiles AFTER DELETE ON jobs
BEGIN INSERT OR IGNORE INTO dashboard_tiles_stale SELECT id FROM dashboard_tiles; END;
CREATE TRIGGER IF NOT EXISTS costs_insert_stales_tiles AFTER INSERT ON costs
BEGIN INSERT OR IGNORE INTO dashboard_tiles_stale SELECT id FROM dashboard_tiles; END;
CREATE TRIGGER IF NOT EXISTS costs_update_stales_tiles AFTER UPDATE ON costs
BEGIN INSERT OR IGNORE INTO dashboard_tiles_stale SELECT id FROM dashboard_tiles; END;
CREATE TRIGGER IF NOT EXISTS costs_delete_stales_tiles AFTER DELETE ON costs
BEGIN INSERT OR IGNORE INTO dashboard_tiles_stale SELECT id FROM dashboard_tiles; END;
CREATE TRIGGER IF NOT EXISTS site_times_insert_stales_tiles AFTER INSERT ON site_times
BEGIN INSERT OR IGNORE INTO dashboard_tiles_stale SELECT id FROM dashboard_tiles; END;
CREATE TRIGGER IF NOT EXISTS site_times_update_stales_tiles AFTER UPDATE ON site_times
BEGIN INSERT OR IGNORE INTO dashboard_tiles_stale SELECT id FROM dashboard_tiles; END;
CREATE TRIGGER IF NOT EXISTS site_times_delete_stales_tiles AFTER DELETE ON site_times
BEGIN INSERT OR IGNORE INTO dashboard_tiles_stale SELECT id FROM dashboard_tiles; END;

-- Priority and contractor linked per site or asset (fm-linking-table).
CREATE TABLE IF NOT EXISTS linkings (
  id INTEGER PRIMARY KEY,
  model TEXT NOT NULL CHECK (model IN ('Site', 'Asset')),
  site_id INTEGER REFERENCES sites (id),
  asset_id INTEGER REFERENCES assets (id),
  model_id INTEGER REFERENCES models (id),
  documentation_category_id INTEGER,
  user_id INTEGER REFERENCES users (id),
  problem_type_id INTEGER REFERENCES problem_types (id),
  priority_id INTEGER NOT NULL REFERENCES priorities (id),
  contractor_id INTEGER NOT NULL REFERENCES users (id),
  not_to_exceed REAL NOT NULL DEFAULT 0 CHECK (not_to_exceed >= 0),
  time_to_fix INTEGER NOT NULL DEFAULT 0 CHECK (time_to_fix >= 0),
  include_non_working INTEGER NOT NULL DEFAULT 0 CHECK (include_non_working IN (0, 1)),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
);

CREATE TABLE IF NOT EXISTS photos (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites (id),
  job_id INTEGER NOT NULL REFERENCES jobs (id),
  filename TEXT NOT NULL,
  stored_name TEXT NOT NULL UNIQUE,
  mime TEXT NOT NULL,
  size INTEGER NOT NULL,
  created TEXT NOT NULL
);

-- Photos sent from a device with an upload_id (fm-upload kept on the device): a repeat of one is
-- answered as the first time, recording nothing new. stage: before or after, when the page asks.
CREATE TABLE IF NOT EXISTS photo_uploads (
  id INTEGER PRIMARY KEY,
  upload_id TEXT NOT NULL UNIQUE,
  job_id INTEGER NOT NULL REFERENCES jobs (id),
  photo_id INTEGER NOT NULL REFERENCES photos (id),
  stage TEXT,
  answer TEXT NOT NULL,
  created TEXT NOT NULL
);

-- Site times of the form sent from a device with SiteTime[entry_id]: a repeat is answered as the
-- first time.
CREATE TABLE IF NOT EXISTS site_time_entries (
  id INTEGER PRIMARY KEY,
  entry_id TEXT NOT NULL UNIQUE,
  job_id INTEGER NOT NULL REFERENCES jobs (id),
  answer TEXT NOT NULL,
  created TEXT NOT NULL
);

-- Passwords changed through /users/password (a user without a row still has the demo password).
CREATE TABLE IF NOT EXISTS user_passwords (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  hash TEXT NOT NULL,
  modified TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS mail_outbox (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES jobs (id),
  type TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  created TEXT NOT NULL
);

-- Purchase orders as the finance system (Siclops) knows them, by the external job id.
CREATE TABLE IF NOT EXISTS purchase_orders (
  id INTEGER PRIMARY KEY,
  external_job_id TEXT NOT NULL,
  job_id INTEGER NOT NULL REFERENCES jobs (id),
  poph_reference TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS purchase_orders_lookup ON purchase_orders (external_job_id, job_id);

-- Host settings, each value JSON-encoded; the page configuration (#fm-config) is built from them.
CREATE TABLE IF NOT EXISTS settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS compliance_figures (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites (id),
  asset_category_id INTEGER NOT NULL REFERENCES asset_categories (id),
  compliant INTEGER NOT NULL,
  remedial INTEGER NOT NULL,
  overdue INTEGER NOT NULL,
  not_compliant INTEGER NOT NULL
);

-- Each site's monthly budget by budget code and financial year. Spend is not kept here: it is
-- the approved costs (spend.ts).
CREATE TABLE IF NOT EXISTS budget_figures (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites (id),
  budget_code_id INTEGER NOT NULL REFERENCES budget_codes (id),
  year_start INTEGER NOT NULL,
  month INTEGER NOT NULL CHECK (month BETWEEN 1 AND 12),
  budget REAL NOT NULL
);

-- Jobs with the counters of docs/requirements.md §3 computed from their tables.
CREATE VIEW IF NOT EXISTS job_rows AS
SELECT
  j.*,
  (SELECT COUNT(*) FROM site_times s WHERE s.job_id = j.id) AS site_time_count,
  (SELECT COUNT(*) FROM costs c WHERE c.job_id = j.id) AS cost_count,
  (SELECT COUNT(*) FROM notes n WHERE n.job_id = j.id) AS note_count,
  (SELECT COUNT(*) FROM jobs k WHERE k.parent_job_id = j.id) AS jobs_job_count
FROM jobs j;

-- Each site's trading name (fascia) and the surveyor responsible, for the budget records report.
CREATE TABLE IF NOT EXISTS site_profiles (
  site_id INTEGER PRIMARY KEY REFERENCES sites (id),
  fascia TEXT NOT NULL,
  surveyor_id INTEGER REFERENCES users (id)
);
