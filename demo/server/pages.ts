import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Context, Hono } from 'hono';
import { jobView } from '../../src/core/routes';
import { analyticsPage } from '../pages/analytics';
import { dashboardPage, type TileSummary } from '../pages/dashboard';
import { CATALOGUE, galleryPage } from '../pages/gallery';
import { jobsListPage } from '../pages/jobs-list';
import { assetCategoryLinkingPage, type SiteSummary, siteLinkingPage } from '../pages/linking';
import { portalPage } from '../pages/portal';
import {
  type BudgetRecordsChoices,
  budgetRecordsPage,
  budgetSpendPage,
  compliancePage,
} from '../pages/reports';
import type { Deps } from './deps';
import { showEngineerJob, showEngineerJobs } from './engineer-pages';
import type { AppEnv, AppHandler } from './http';
import { showJobView } from './job-view';
import { showAssetsList, showSitesList, showUsersList } from './list-pages';
import { pageContext, renderNotFound } from './page-context';
import { BUDGET_AND_SPEND } from './spend';
import { chooseWords, chosenWords, WORDS_CHOICES } from './words';

/** The widget sources, to tell which elements of the catalogue are built. */
const WIDGETS_DIR = new URL('../../widgets/', import.meta.url).pathname;

/** The page the portal shell frames (docs/reference-host.md: a client page). */
const PORTAL_FRAMED_PATH = '/client/jobs/view/1001';

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

/** The host pages of docs/reference-host.md built so far. */
export function pageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/', showGallery(deps));
  app.post('/words', chooseWords());
  app.get('/dashboard', showDashboard(deps));
  app.get('/analytics', showAnalytics(deps));
  app.get('/users/index', showUsersList(deps));
  app.get('/users/index/*', showUsersList(deps));
  app.get('/sites/index', showSitesList(deps));
  app.get('/sites/index/*', showSitesList(deps));
  app.get('/assets/index', showAssetsList(deps));
  app.get('/assets/index/*', showAssetsList(deps));
  app.get('/portal', showPortal(deps));
  app.get('/:portal{client|contractor}/jobs', showJobsList(deps));
  app.get('/linking/sites/:siteId{[0-9]+}', showSiteLinking(deps));
  app.get('/reports/budget_spend', showBudgetSpend(deps));
  app.get('/reports/compliance', showCompliance(deps));
  app.get('/reports/budget_records', showBudgetRecords(deps));
  app.get('/reports/budget_records/*', showBudgetRecords(deps));
  app.get('/linking/asset_categories', showAssetCategoryLinking(deps));
  app.get('/engineer/jobs', showEngineerJobs(deps));
  app.get('/engineer/jobs/:jobId{[0-9]+}', showEngineerJob(deps));
  app.get('/jobs/view/:jobId{[0-9]+}', redirectToClientJobView);
  app.get('/:portal{client|contractor}/jobs/view/:jobId{[0-9]+}', showJobView(deps));
  return app;
}

/** The gallery: every element of the catalogue, its sample, and the pages that use it. */
function showGallery(deps: Deps): AppHandler {
  return (c: Context<AppEnv>) => {
    const builtTags = new Set(
      CATALOGUE.map((element) => element.tag).filter((tag) =>
        existsSync(join(WIDGETS_DIR, tag.replace(/^fm-/, ''), 'index.ts')),
      ),
    );
    const words = {
      chosen: chosenWords(c),
      choices: Object.entries(WORDS_CHOICES).map(([value, { name }]) => ({ value, name })),
    };
    return c.html(galleryPage(pageContext(c, deps), { builtTags, isServed: isServedPage, words }));
  };
}

function showDashboard(deps: Deps): AppHandler {
  return (c: Context<AppEnv>) => {
    const tiles = deps.db
      .prepare('SELECT id, title FROM dashboard_tiles ORDER BY id')
      .all() as TileSummary[];
    return c.html(dashboardPage(pageContext(c, deps), tiles));
  };
}

function showAnalytics(deps: Deps): AppHandler {
  return (c: Context<AppEnv>) => c.html(analyticsPage(pageContext(c, deps)));
}

function showPortal(deps: Deps): AppHandler {
  return (c: Context<AppEnv>) =>
    c.html(portalPage(pageContext(c, deps), new URL(c.req.url).origin, PORTAL_FRAMED_PATH));
}

function showJobsList(deps: Deps): AppHandler {
  return (c: Context<AppEnv>) => c.html(jobsListPage(pageContext(c, deps)));
}

function showSiteLinking(deps: Deps): AppHandler {
  return (c: Context<AppEnv>) => {
    const site = deps.db
      .prepare('SELECT id, name FROM sites WHERE id = ?')
      .get(Number(c.req.param('siteId'))) as SiteSummary | undefined;
    if (!site) return renderNotFound(c, deps);
    return c.html(siteLinkingPage(pageContext(c, deps), site, deps.settings().currentUserId));
  };
}

function showAssetCategoryLinking(deps: Deps): AppHandler {
  return (c: Context<AppEnv>) => c.html(assetCategoryLinkingPage(pageContext(c, deps)));
}

function showBudgetSpend(deps: Deps): AppHandler {
  return (c: Context<AppEnv>) => {
    const years = deps.db
      .prepare(`SELECT DISTINCT year_start FROM (${BUDGET_AND_SPEND}) ORDER BY year_start`)
      .pluck()
      .all() as number[];
    return c.html(budgetSpendPage(pageContext(c, deps), years));
  };
}

function showCompliance(deps: Deps): AppHandler {
  return (c: Context<AppEnv>) => c.html(compliancePage(pageContext(c, deps)));
}

/** The filters are path parameters read by the element; any of them may follow. */
function showBudgetRecords(deps: Deps): AppHandler {
  const { db } = deps;
  return (c: Context<AppEnv>) => {
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
}

/**
 * A link built on a page outside the portals (a report, say) has no prefix
 * (docs/requirements.md §2). This host has no administrator's job view of its own: the client's
 * stands in for it.
 */
function redirectToClientJobView(c: Context<AppEnv, '/jobs/view/:jobId{[0-9]+}'>) {
  return c.redirect(jobView('client', c.req.param('jobId')), 302);
}
