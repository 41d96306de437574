import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Context, Hono } from 'hono';
import { COST_TYPE, JOB_TYPE } from '../../src/core/contract';
import { isEngineersWork } from '../../src/core/job-lifecycle';
import { jobView, parseParams } from '../../src/core/routes';
import { analyticsPage } from '../pages/analytics';
import { dashboardPage, type TileSummary } from '../pages/dashboard';
import {
  type EngineerJobDetail,
  type EngineerJobSummary,
  engineerJobNotAssignedPage,
  engineerJobPage,
  engineerJobsPage,
} from '../pages/engineer';
import { CATALOGUE, galleryPage } from '../pages/gallery';
import { type JobSummary, jobViewPage } from '../pages/job-view';
import { jobsListPage } from '../pages/jobs-list';
import type { PageContext } from '../pages/layout';
import { assetCategoryLinkingPage, type SiteSummary, siteLinkingPage } from '../pages/linking';
import {
  type AssetRow,
  assetsListPage,
  LIST_PAGE_SIZE,
  type Paged,
  type SiteRow,
  sitesListPage,
  type UserRow,
  usersListPage,
} from '../pages/lists';
import { notFoundPage } from '../pages/not-found';
import { portalPage } from '../pages/portal';
import {
  type BudgetRecordsChoices,
  budgetRecordsPage,
  budgetSpendPage,
  compliancePage,
} from '../pages/reports';
import type { Db } from './db';
import type { Deps } from './deps';
import { takeFlash } from './flash';
import type { AppEnv } from './http';
import { jobFormSectionsFor } from './job-forms';
import { pageConfig } from './settings';
import { BUDGET_AND_SPEND } from './spend';
import { readManifest } from './static';
import { toDisplay } from './time';

/** The widget sources, to tell which elements of the catalogue are built. */
const WIDGETS_DIR = new URL('../../widgets/', import.meta.url).pathname;

/** The page the portal shell frames (docs/reference-host.md: a client page). */
const PORTAL_FRAMED_PATH = '/client/jobs/view/1001';

/** The engineer whose jobs /engineer/jobs lists (the host has no sign-in; job 1004 is his). */
const DEMO_ENGINEER_ID = 30;

/** Paths of the pages this host serves, to link only those from the gallery. */
const SERVED_PAGES = [
  /^\/$/,
  /^\/dashboard$/,
  /^\/portal$/,
  /^\/analytics$/,
  /^(\/client|\/contractor)?\/jobs\/view\/\d+$/,
  /^\/jobs\/(edit|delete)\/\d+$/,
  /^\/users\/(password|edit\/\d+)$/,
  /^\/documentation(\/site_id:\d+|\/view\/\d+\/\d+)?$/,
  /^\/engineer\/jobs(\/\d+)?$/,
  /^\/(client|contractor)\/jobs$/,
  /^\/linking\/(sites\/\d+|asset_categories)$/,
  /^\/reports\/(budget_spend|budget_records(\/[\w%.,:-]+)*|compliance)$/,
  /^\/(users|sites|assets)\/index(\/[\w%.,:-]+)*$/,
];

export function isServedPage(path: string): boolean {
  return SERVED_PAGES.some((pattern) => pattern.test(path));
}

export function pageContext(c: Context<AppEnv>, deps: Deps): PageContext {
  return {
    csrfToken: c.get('csrfToken'),
    nonce: c.get('cspNonce'),
    config: pageConfig(deps.settings(), new URL(c.req.url).origin),
    path: c.req.path,
    flash: takeFlash(c),
    manifest: readManifest(deps.distDir),
    bootstrap: deps.bootstrap,
  };
}

export function renderNotFound(c: Context<AppEnv>, deps: Deps) {
  return c.html(notFoundPage(pageContext(c, deps)), 404);
}

/**
 * One page of a server-rendered list: `where` and its bound `args` filter, `/page:{n}` picks the
 * page; null when the page does not exist (CakePHP's paginator answers 404 there too).
 */
function pageOf<Row>(
  db: Db,
  from: string,
  select: string,
  order: string,
  where: string,
  args: unknown[],
  pageParam: string | undefined,
): Paged<Row> | null {
  const page = pageParam === undefined ? 1 : Number(pageParam);
  if (!Number.isInteger(page) || page < 1) return null;
  const total = Number(
    db
      .prepare(`SELECT COUNT(*) FROM ${from} WHERE ${where}`)
      .pluck()
      .get(...args),
  );
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  if (page > pageCount) return null;
  const rows = db
    .prepare(`SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...args, LIST_PAGE_SIZE, (page - 1) * LIST_PAGE_SIZE) as Row[];
  return { rows, page, pageCount, total };
}

/** `key:value` filters of the path, without the page. */
function listFilters(path: string): { filters: Record<string, string>; page: string | undefined } {
  const { page, ...filters } = parseParams(path);
  return { filters, page };
}

/** The host pages of docs/reference-host.md built so far. */
export function pageRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get('/', (c) => {
    const builtTags = new Set(
      CATALOGUE.map((element) => element.tag).filter((tag) =>
        existsSync(join(WIDGETS_DIR, tag.replace(/^fm-/, ''), 'index.ts')),
      ),
    );
    return c.html(galleryPage(pageContext(c, deps), { builtTags, isServed: isServedPage }));
  });

  app.get('/dashboard', (c) => {
    const tiles = db
      .prepare('SELECT id, title FROM dashboard_tiles ORDER BY id')
      .all() as TileSummary[];
    return c.html(dashboardPage(pageContext(c, deps), tiles));
  });

  app.get('/analytics', (c) => c.html(analyticsPage(pageContext(c, deps))));

  // Users filtered by user (id, username or name) or role (docs/requirements.md §2), 20 a page.
  const usersList = (c: Context<AppEnv>) => {
    const { filters, page } = listFilters(c.req.path);
    const where: string[] = ['1 = 1'];
    const args: unknown[] = [];
    const userMatch = '(CAST(id AS TEXT) = ? OR username = ? OR name = ?)';
    let userName: string | null = null;
    if (filters.user !== undefined) {
      where.push(userMatch);
      args.push(filters.user, filters.user, filters.user);
      // The filter is said with the user's name, not the id or username of the path.
      userName =
        (db
          .prepare(`SELECT name FROM users WHERE ${userMatch} ORDER BY id LIMIT 1`)
          .pluck()
          .get(filters.user, filters.user, filters.user) as string | undefined) ?? null;
    }
    if (filters.role !== undefined) {
      where.push('role = ?');
      args.push(filters.role);
    }
    const users = pageOf<UserRow>(
      db,
      'users',
      'id, name, username, role',
      'name, id',
      where.join(' AND '),
      args,
      page,
    );
    return users
      ? c.html(usersListPage(pageContext(c, deps), { ...filters, userName }, users))
      : renderNotFound(c, deps);
  };
  app.get('/users/index', usersList);
  app.get('/users/index/*', usersList);

  // Sites searched by name or branch reference (docs/requirements.md §2), 20 a page.
  const sitesList = (c: Context<AppEnv>) => {
    const { filters, page } = listFilters(c.req.path);
    const search = `%${filters.search ?? ''}%`;
    const sites = pageOf<SiteRow>(
      db,
      'sites',
      'id, name, type, branch_reference, (SELECT COUNT(*) FROM assets WHERE site_id = sites.id) AS asset_count',
      'name, id',
      "(name LIKE ? OR IFNULL(branch_reference, '') LIKE ?)",
      [search, search],
      page,
    );
    return sites
      ? c.html(sitesListPage(pageContext(c, deps), filters, sites))
      : renderNotFound(c, deps);
  };
  app.get('/sites/index', sitesList);
  app.get('/sites/index/*', sitesList);

  // Assets searched by their name or their site's (docs/requirements.md §2), 20 a page.
  const assetsList = (c: Context<AppEnv>) => {
    const { filters, page } = listFilters(c.req.path);
    const search = `%${filters.search ?? ''}%`;
    const assets = pageOf<AssetRow>(
      db,
      'assets JOIN sites ON sites.id = assets.site_id LEFT JOIN asset_categories ON asset_categories.id = assets.asset_category_id',
      'assets.id, assets.name, sites.name AS site, asset_categories.name AS category',
      'sites.name, assets.name, assets.id',
      '(assets.name LIKE ? OR sites.name LIKE ?)',
      [search, search],
      page,
    );
    return assets
      ? c.html(assetsListPage(pageContext(c, deps), filters, assets))
      : renderNotFound(c, deps);
  };
  app.get('/assets/index', assetsList);
  app.get('/assets/index/*', assetsList);

  app.get('/portal', (c) =>
    c.html(portalPage(pageContext(c, deps), new URL(c.req.url).origin, PORTAL_FRAMED_PATH)),
  );

  app.get('/:portal{client|contractor}/jobs', (c) => c.html(jobsListPage(pageContext(c, deps))));

  app.get('/linking/sites/:siteId{[0-9]+}', (c) => {
    const site = db
      .prepare('SELECT id, name FROM sites WHERE id = ?')
      .get(Number(c.req.param('siteId'))) as SiteSummary | undefined;
    if (!site) return renderNotFound(c, deps);
    return c.html(siteLinkingPage(pageContext(c, deps), site, deps.settings().currentUserId));
  });

  app.get('/reports/budget_spend', (c) => {
    const years = db
      .prepare(`SELECT DISTINCT year_start FROM (${BUDGET_AND_SPEND}) ORDER BY year_start`)
      .pluck()
      .all() as number[];
    return c.html(budgetSpendPage(pageContext(c, deps), years));
  });

  app.get('/reports/compliance', (c) => c.html(compliancePage(pageContext(c, deps))));

  // The filters are path parameters read by the element; any of them may follow.
  const budgetRecords = (c: Context<AppEnv>) => {
    const choices: BudgetRecordsChoices = {
      surveyors: db
        .prepare(
          `SELECT DISTINCT u.id, u.name FROM site_profiles sp JOIN users u ON u.id = sp.surveyor_id
           ORDER BY u.name`,
        )
        .all() as BudgetRecordsChoices['surveyors'],
      fascias: db
        .prepare('SELECT DISTINCT fascia FROM site_profiles ORDER BY fascia')
        .pluck()
        .all() as string[],
      categories: db
        .prepare('SELECT id, name FROM asset_categories ORDER BY name')
        .all() as BudgetRecordsChoices['categories'],
      yearStart: Number(
        db.prepare('SELECT MAX(year_start) FROM budget_figures').pluck().get() ?? 0,
      ),
    };
    return c.html(budgetRecordsPage(pageContext(c, deps), choices));
  };
  app.get('/reports/budget_records', budgetRecords);
  app.get('/reports/budget_records/*', budgetRecords);

  app.get('/linking/asset_categories', (c) =>
    c.html(assetCategoryLinkingPage(pageContext(c, deps))),
  );

  app.get('/engineer/jobs', (c) => {
    const rows = db
      .prepare(
        `SELECT j.id, j.description, s.name AS site, st.name AS status, j.status_id
         FROM jobs j
         JOIN job_engineers je ON je.job_id = j.id
         JOIN sites s ON s.id = j.site_id
         JOIN statuses st ON st.id = j.status_id
         WHERE je.user_id = ? AND j.cancelled = 0
         ORDER BY j.id DESC`,
      )
      .all(DEMO_ENGINEER_ID) as (EngineerJobSummary & { status_id: number })[];
    // Only the jobs an engineer may be given (the job lifecycle): released to the contractor and
    // not finished. One assigned before its release, or a finished one, is not his to work on.
    const jobs = rows
      .filter((job) => isEngineersWork({ status_id: job.status_id, cancelled: false }))
      .map(({ status_id: _, ...job }) => job);
    const engineer = db
      .prepare('SELECT name FROM users WHERE id = ?')
      .pluck()
      .get(DEMO_ENGINEER_ID);
    return c.html(engineerJobsPage(pageContext(c, deps), String(engineer), jobs));
  });

  app.get('/engineer/jobs/:jobId{[0-9]+}', (c) => {
    const job = db
      .prepare(
        `SELECT j.id, j.description, j.status_id, j.cancelled, s.name AS site, st.name AS status,
           a.name AS asset, s.lat, s.long
         FROM jobs j
         JOIN sites s ON s.id = j.site_id
         JOIN statuses st ON st.id = j.status_id
         LEFT JOIN assets a ON a.id = j.asset_id
         WHERE j.id = ?`,
      )
      .get(Number(c.req.param('jobId'))) as EngineerJobDetail | undefined;
    if (!job) return renderNotFound(c, deps);
    const assigned = db
      .prepare('SELECT 1 FROM job_engineers WHERE job_id = ? AND user_id = ?')
      .get(job.id, DEMO_ENGINEER_ID);
    if (!assigned) {
      return c.html(engineerJobNotAssignedPage(pageContext(c, deps), job.id), 403);
    }
    const siteTimes = (
      db
        .prepare(
          'SELECT on_site, off_site, engineers, remote_fix FROM site_times WHERE job_id = ? ORDER BY id DESC',
        )
        .all(job.id) as {
        on_site: string;
        off_site: string | null;
        engineers: number;
        remote_fix: number;
      }[]
    ).map((row) => ({
      onSite: toDisplay(row.on_site),
      offSite: row.off_site === null ? null : toDisplay(row.off_site),
      engineers: row.engineers,
      remoteFix: row.remote_fix === 1,
    }));
    return c.html(engineerJobPage(pageContext(c, deps), job, siteTimes));
  });

  // A link built on a page outside the portals (a report, say) has no prefix
  // (docs/requirements.md §2). This host has no administrator's job view of its own: the client's
  // stands in for it.
  app.get('/jobs/view/:jobId{[0-9]+}', (c) =>
    c.redirect(jobView('client', c.req.param('jobId')), 302),
  );

  app.get('/:portal{client|contractor}/jobs/view/:jobId{[0-9]+}', (c) => {
    const job = db
      .prepare(
        `SELECT j.id, j.status_id, j.type_id, j.description, s.name AS site, s.branch_reference,
           a.name AS asset, st.name AS status, t.name AS type, p.name AS priority,
           u.name AS contractor, j.contractor_id, j.client_reference_2, j.created, j.due_datetime AS due, j.cancelled,
           CASE WHEN j.type_id = ? THEN j.parent_job_id END AS released_from
         FROM jobs j
         JOIN sites s ON s.id = j.site_id
         LEFT JOIN assets a ON a.id = j.asset_id
         JOIN statuses st ON st.id = j.status_id
         JOIN types t ON t.id = j.type_id
         LEFT JOIN priorities p ON p.id = j.priority_id
         LEFT JOIN users u ON u.id = j.contractor_id
         WHERE j.id = ?`,
      )
      .get(JOB_TYPE.release, Number(c.req.param('jobId'))) as
      | (Omit<
          JobSummary,
          | 'cancelled'
          | 'external_job_id'
          | 'engineers'
          | 'forwarded'
          | 'decisions'
          | 'awaiting'
          | 'quotes'
          | 'notes'
          | 'released_as'
          | 'engineers_on'
        > & {
          cancelled: 0 | 1;
        })
      | undefined;
    if (!job) return renderNotFound(c, deps);
    // What the release did lives on the job it made: to whom, which priority, which Order Number.
    const releasedAs =
      (db
        .prepare(
          `SELECT r.id, u.name AS contractor, p.name AS priority, r.client_reference_2 AS orderNumber
           FROM jobs r
           LEFT JOIN users u ON u.id = r.contractor_id
           LEFT JOIN priorities p ON p.id = r.priority_id
           WHERE r.parent_job_id = ? AND r.type_id = ? ORDER BY r.id LIMIT 1`,
        )
        .get(job.id, JOB_TYPE.release) as JobSummary['released_as'] | undefined) ?? null;
    const portal = c.req.param('portal') === 'contractor' ? 'contractor' : 'client';
    // A job unknown to the purchase-order system is looked up by its own id (and not found).
    const externalJobId = db
      .prepare('SELECT external_job_id FROM purchase_orders WHERE job_id = ? ORDER BY id LIMIT 1')
      .pluck()
      .get(job.id) as string | undefined;
    const forwarded = db
      .prepare(
        `SELECT MAX(n.created) FROM notes n JOIN jobs j ON j.id = n.job_id
         WHERE j.id = ? AND j.forwarded = 1 AND n.internal = 1`,
      )
      .pluck()
      .get(job.id) as string | null;
    const decisions = (
      db
        .prepare(
          `SELECT c.cost_type_id, c.invoice_number, c.created, c.decided, c.total, c.approved,
             c.authorised_via, u.name AS authoriser
           FROM costs c LEFT JOIN users u ON u.id = c.authoriser_id
           WHERE c.job_id = ? AND c.approved IS NOT NULL ORDER BY c.decided, c.id`,
        )
        .all(job.id) as {
        cost_type_id: number;
        invoice_number: string | null;
        created: string;
        decided: string | null;
        total: number;
        approved: 0 | 1;
        authorised_via: string | null;
        authoriser: string | null;
      }[]
    ).map((row) => ({
      quote: row.cost_type_id === COST_TYPE.quote,
      invoice_number: row.invoice_number,
      created: toDisplay(row.created),
      decided: row.decided === null ? null : toDisplay(row.decided),
      total: row.total,
      approved: row.approved === 1,
      authoriser: row.authoriser,
      via: row.authorised_via,
    }));
    const awaiting = (
      db
        .prepare(
          `SELECT cost_type_id, invoice_number, total, created FROM costs
           WHERE job_id = ? AND approved IS NULL ORDER BY id`,
        )
        .all(job.id) as JobSummary['awaiting']
    ).map((cost) => ({ ...cost, created: toDisplay(cost.created) }));
    const quotes = db
      .prepare(
        `SELECT r.id, u.name AS contractor FROM jobs r LEFT JOIN users u ON u.id = r.contractor_id
         WHERE r.parent_job_id = ? AND r.type_id = ? ORDER BY r.id`,
      )
      .all(job.id, JOB_TYPE.quote) as JobSummary['quotes'];
    // A contractor is not shown the client's internal notes (a forwarded job's message).
    const notes = (
      db
        .prepare(
          `SELECT description, created, internal FROM notes
           WHERE job_id = ? AND TRIM(description) <> '' AND (internal = 0 OR ?)
           ORDER BY created, id`,
        )
        .all(job.id, portal === 'client' ? 1 : 0) as {
        description: string;
        created: string;
        internal: 0 | 1;
      }[]
    ).map((note) => ({ ...note, created: toDisplay(note.created), internal: note.internal === 1 }));
    /** Every engineer, with the assignment to `jobId` of those it has. */
    const engineersOf = (jobId: number) => {
      const engineers = db
        .prepare(
          `SELECT u.id, u.name, je.id AS assignedId, je.created AS assigned FROM users u
           LEFT JOIN job_engineers je ON je.user_id = u.id AND je.job_id = ?
           WHERE u.role = 'engineer' ORDER BY u.name`,
        )
        .all(jobId) as JobSummary['engineers'];
      for (const engineer of engineers) {
        if (engineer.assigned !== null) engineer.assigned = toDisplay(engineer.assigned);
      }
      return engineers;
    };
    const engineers = engineersOf(job.id);
    // A release's engineers may be assigned on either of its two jobs: the job view of one with
    // none of its own says the other's, and where.
    const otherHalf = releasedAs?.id ?? job.released_from;
    const engineersOn =
      otherHalf === null ? null : { id: otherHalf, engineers: engineersOf(otherHalf) };
    return c.html(
      jobViewPage(
        pageContext(c, deps),
        portal,
        {
          ...job,
          released_as: releasedAs,
          created: toDisplay(job.created),
          due: job.due === null ? null : toDisplay(job.due),
          cancelled: job.cancelled === 1,
          external_job_id: externalJobId ?? String(job.id),
          engineers,
          engineers_on: engineersOn,
          forwarded: forwarded === null ? null : toDisplay(forwarded),
          decisions,
          awaiting,
          quotes,
          notes,
        },
        jobFormSectionsFor(db, job.id),
      ),
    );
  });

  return app;
}
