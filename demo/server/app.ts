import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { ENGINEER_SCOPE } from '../pages/engineer';
import { HOST_ASSETS_DIR } from '../pages/host-assets';
import { type BootstrapVersion, bootstrapCssDir, bootstrapCssPrefix } from './bootstrap';
import { type CspMode, contentSecurityPolicy } from './csp';
import { csrfProtection } from './csrf';
import type { Db } from './db';
import type { Deps } from './deps';
import { FaultSwitch } from './faults';
import { setFlash } from './flash';
import { allowedMethods, bodySizeGuard, urlGuard } from './guards';
import { hostilePageRoutes } from './hostile-pages';
import { type AppEnv, asksForJson, errorBody, HttpError } from './http';
import { renderNotFound } from './page-context';
import { pageRoutes } from './pages';
import { registerReleasedFunction } from './released';
import { RequestLog } from './request-log';
import { budgetCodeRoutes } from './routes/budget-codes';
import { contractorRoutes } from './routes/contractors';
import { costRoutes } from './routes/costs';
import { dashboardRoutes } from './routes/dashboards';
import { documentRoutes } from './routes/documents';
import { formRoutes } from './routes/forms';
import { jobPageRoutes } from './routes/job-pages';
import { jobRoutes } from './routes/jobs';
import { linkingRoutes } from './routes/linking';
import { mailerRoutes } from './routes/mailer';
import { photoRoutes, UPLOADS_URL } from './routes/photos';
import { priorityRoutes } from './routes/priorities';
import { siteTimeRoutes } from './routes/site-times';
import { siteRoutes } from './routes/sites';
import { tableRoutes } from './routes/tables';
import { userRoutes } from './routes/users';
import { seed } from './seed';
import { type HostSettings, readSettings } from './settings';
import {
  distCacheControl,
  hostAssetCacheControl,
  preloadCache,
  REVALIDATE,
  serviceWorkerScope,
  sourceMapHeader,
  staticFiles,
} from './static';

export const DEFAULT_DIST_DIR = new URL('../../dist/', import.meta.url).pathname;
export const DEFAULT_UPLOADS_DIR = new URL('../.data/uploads/', import.meta.url).pathname;
/** The hostile run's uploads (`--test-mode --hostile`), apart from the demo's own. */
export const HOSTILE_UPLOADS_DIR = new URL('../.data/uploads-hostile/', import.meta.url).pathname;

export type AppOptions = {
  db: Db;
  /** Enables the /__test fault switch and reset (see faults.ts) and the hostile gallery. */
  testMode: boolean;
  /** Reset reseeds with the hostile payloads in every text column (seed/hostile.ts). */
  hostile?: boolean;
  /** Settings over the `settings` table (tests turn rules on and off with these). */
  settings?: Partial<HostSettings>;
  /** The built bundle; the repository's dist/ by default. */
  distDir?: string;
  /** Where uploaded photos are stored; demo/.data/uploads by default. */
  uploadsDir?: string;
  /** Signs the CSRF tokens (csrf.ts); random for each start by default. */
  secret?: string;
  /** The Content-Security-Policy: scripts of this origin ('self', the default) or with a nonce. */
  csp?: CspMode;
  /** Style the pages with this Bootstrap's CSS instead of the host's own sheet (bootstrap.ts). */
  bootstrap?: BootstrapVersion;
};

/** Paths that answer JSON errors: the API and the calls outside /api (docs/requirements.md §7). */
const JSON_PATHS = /^\/(api|dashboards|costs_cost_validates|__test)(\/|$)/;

const wantsJson = (c: Context) => JSON_PATHS.test(c.req.path) || asksForJson(c);

/** The page of this origin a native form was posted from (its Referer), or null. */
function formPage(c: Context): string | null {
  const type = c.req.header('content-type') ?? '';
  const isForm = /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(type);
  if (c.req.method !== 'POST' || !isForm) return null;
  const referer = c.req.header('referer');
  if (referer === undefined) return null;
  try {
    const from = new URL(referer);
    const here = new URL(c.req.url);
    return from.origin === here.origin ? `${from.pathname}${from.search}` : null;
  } catch {
    return null;
  }
}

/** The reference host as a Hono app: `app.fetch` for a server, `app.request()` for tests. */
export function createApp(options: AppOptions) {
  const { db, testMode } = options;
  // The lists' SQL says a released job's choices as its page does (released.ts).
  registerReleasedFunction(db);
  const deps: Deps = {
    db,
    settings: () => readSettings(db, options.settings),
    uploadsDir: options.uploadsDir ?? DEFAULT_UPLOADS_DIR,
    distDir: options.distDir ?? DEFAULT_DIST_DIR,
    bootstrap: options.bootstrap,
  };
  const faults = new FaultSwitch();
  const requests = new RequestLog();
  const app = new Hono<AppEnv>();

  // gzip for every text answer (pages, JSON, the bundle) a client accepts it for.
  app.use('*', compress());
  app.use('*', preloadCache());
  app.use('*', urlGuard());
  app.use('*', bodySizeGuard(deps));
  app.use('*', contentSecurityPolicy(options.csp));
  if (testMode) app.use('*', requests.middleware(), faults.middleware());
  // /__test is CSRF-exempt; outside test mode nothing answers there but the 404 handler.
  app.use(
    '*',
    csrfProtection(options.secret ?? randomBytes(32).toString('hex'), (path) =>
      path.startsWith('/__test/'),
    ),
  );

  if (testMode) {
    app.get('/__test/faults', (c) => c.json({ status: 'success', faults: faults.list() }));
    app.post('/__test/faults', async (c) => {
      let input: unknown;
      try {
        input = await c.req.json();
      } catch {
        return c.json(errorBody('The request body is not valid JSON'), 400);
      }
      return c.json({ status: 'success', faults: faults.arm(input) });
    });
    app.delete('/__test/faults', (c) => {
      faults.clear();
      return c.json({ status: 'success', faults: [] });
    });
    app.get('/__test/requests', (c) => c.json({ status: 'success', requests: requests.list() }));
    app.delete('/__test/requests', (c) => {
      requests.clear();
      return c.json({ status: 'success', requests: [] });
    });
    app.post('/__test/reset', (c) => {
      seed(db, new Date(), { hostile: options.hostile });
      rmSync(deps.uploadsDir, { recursive: true, force: true });
      return c.json({ status: 'success' });
    });
    app.route('/', hostilePageRoutes(deps));
  }

  // Made now: the static files middleware warns at its creation about a folder that is missing.
  mkdirSync(deps.uploadsDir, { recursive: true });
  app.use('/dist/*', sourceMapHeader(deps.distDir, '/dist/'));
  app.use('/dist/fm-sw.js', serviceWorkerScope(ENGINEER_SCOPE));
  app.use('/dist/*', ...staticFiles('/dist/', deps.distDir, distCacheControl));
  app.use(
    '/demo-assets/*',
    ...staticFiles('/demo-assets/', HOST_ASSETS_DIR, hostAssetCacheControl),
  );
  if (options.bootstrap !== undefined) {
    const prefix = bootstrapCssPrefix(options.bootstrap);
    app.use(
      `${prefix}*`,
      ...staticFiles(prefix, bootstrapCssDir(options.bootstrap), () => REVALIDATE),
    );
  }
  app.use(`${UPLOADS_URL}*`, ...staticFiles(UPLOADS_URL, deps.uploadsDir, () => REVALIDATE));

  for (const routes of [
    contractorRoutes,
    budgetCodeRoutes,
    costRoutes,
    siteRoutes,
    jobRoutes,
    tableRoutes,
    userRoutes,
    mailerRoutes,
    dashboardRoutes,
    photoRoutes,
    linkingRoutes,
    priorityRoutes,
    siteTimeRoutes,
    // Before formRoutes, whose /documentation/* answers every other documentation path.
    documentRoutes,
    formRoutes,
    jobPageRoutes,
  ]) {
    app.route('/', routes(deps));
  }
  app.route('/', pageRoutes(deps));

  app.notFound((c) => {
    const allowed = allowedMethods(app, c);
    if (allowed.length > 0) {
      return c.json(errorBody(`${c.req.method} is not allowed here (${allowed.join(', ')})`), 405, {
        Allow: allowed.join(', '),
      });
    }
    return wantsJson(c)
      ? c.json(errorBody(`Not found: ${c.req.method} ${c.req.path}`), 404)
      : renderNotFound(c, deps);
  });
  app.onError((error, c) => {
    // A native form post refused (an expired token, a job gone): back to the page it came from,
    // with the message, never a bare answer; the calls and a client asking for JSON get JSON.
    const from = error instanceof HttpError && !wantsJson(c) ? formPage(c) : null;
    if (error instanceof HttpError && from !== null) {
      setFlash(c, { kind: 'danger', message: [error.messages].flat().join(' ') });
      return c.redirect(from, 302);
    }
    if (error instanceof HttpError) return c.json(errorBody(error.messages), error.status);
    console.error(error);
    return wantsJson(c)
      ? c.json(errorBody('Internal Server Error'), 500)
      : c.text('Internal Server Error', 500);
  });
  return app;
}
