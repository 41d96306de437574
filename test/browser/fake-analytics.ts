/**
 * A fake analytics service for the browser suite: the page powerbi-client frames, answering its
 * iframe protocol (docs/libraries.md, powerbi-client) with powerbi-router, http-post-message and
 * window-post-message-proxy, validating what it receives with powerbi-client's own models, and
 * recording everything in `window.fakeAnalytics` for the tests to read back through the frame.
 * Like the service, it says `ready` as soon as it runs (the client then sends the configuration
 * ahead, for the first few embeds of a page).
 *
 * Scenarios, chosen by the configuration it receives:
 * - accessToken 'expired-token': answers the load, then raises the error event TokenExpired;
 * - id equal to a code of docs/requirements.md §8: raises that error ('LoadReportFailed' refuses
 *   the load instead);
 * - otherwise: raises loaded, then rendered.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Frame, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const libraries = [
  'window-post-message-proxy/dist/windowPostMessageProxy.js',
  'http-post-message/dist/httpPostMessage.js',
  'powerbi-router/dist/router.js',
  'powerbi-client/dist/powerbi.js',
].map((path) => readFileSync(require.resolve(path), 'utf8'));

export const fakeServiceOrigin = 'https://app.powerbi.com';

/** What the fake received, as tests read it. */
export interface FakeRecord {
  uid: string;
  loads: { path: string; config: Record<string, unknown> }[];
  refused: unknown[];
  filters: unknown[];
  filterRequests: unknown[];
  tokens: string[];
  pages: string[];
  bookmarks: string[];
  frontLoads: number;
}

interface Request {
  body: unknown;
  params: Record<string, string>;
}
interface Response {
  send(status: number, body?: unknown): void;
}

/** Runs inside the fake's frame (serialised into its page). */
function fakeService() {
  const scope = self as unknown as Record<
    string,
    Record<string, new (...args: unknown[]) => never>
  >;
  const Hpm = scope['http-post-message']?.HttpPostMessage as unknown as {
    new (
      ...args: unknown[]
    ): { post(url: string, body: unknown, headers: object, target: Window): Promise<unknown> };
    addTrackingProperties: unknown;
    getTrackingProperties: unknown;
    isErrorMessage: unknown;
  };
  const Wpmp = scope['window-post-message-proxy']?.WindowPostMessageProxy as unknown as new (
    options: object,
  ) => unknown;
  type Route = (url: string, handler: (req: Request, res: Response) => void) => void;
  const Router = scope['powerbi-router']?.Router as unknown as new (
    wpmp: unknown,
  ) => { get: Route; put: Route; post: Route };
  const models = (
    scope['powerbi-client'] as unknown as { models: Record<string, (v: unknown) => unknown> }
  ).models;

  const uid = new URL(location.href).searchParams.get('uid') ?? '';
  const record = {
    uid,
    loads: [] as unknown[],
    refused: [] as unknown[],
    filters: [] as unknown[],
    filterRequests: [] as unknown[],
    tokens: [] as string[],
    pages: [] as string[],
    bookmarks: [] as string[],
    frontLoads: 0,
  };
  (self as unknown as { fakeAnalytics: typeof record }).fakeAnalytics = record;

  const wpmp = new Wpmp({
    processTrackingProperties: {
      addTrackingProperties: Hpm.addTrackingProperties,
      getTrackingProperties: Hpm.getTrackingProperties,
    },
    isErrorMessage: Hpm.isErrorMessage,
    suppressWarnings: true,
    name: 'fake-analytics',
  });
  const hpm = new Hpm(wpmp, { 'x-sdk-type': 'fake' }, window.parent);
  const router = new Router(wpmp);
  const raise = (name: string, body: unknown = {}) =>
    hpm.post(`/reports/${uid}/events/${name}`, body, {}, window.parent).catch(() => {});

  const codes = [
    'PowerBIEntityNotFound',
    'Invalid parameters',
    'PowerBINotAuthorizedException',
    'ExplorationContainer_FailedToLoadModel_DefaultDetails',
  ];

  function load(path: string, validate: (config: Record<string, unknown>) => unknown) {
    return (req: Request, res: Response) => {
      const config = req.body as Record<string, unknown>;
      const errors = validate(config);
      if (errors) {
        record.refused.push(errors);
        res.send(400, errors);
        return;
      }
      record.loads.push({ path, config });
      if (config.id === 'LoadReportFailed') {
        res.send(400, [{ message: 'LoadReportFailed', errorCode: 'LoadReportFailed' }]);
        return;
      }
      res.send(202, {});
      if (Array.isArray(config.filters)) record.filters = config.filters;
      if (typeof config.pageName === 'string') record.pages.push(config.pageName);
      const bookmark = config.bookmark as { name?: string } | undefined;
      if (bookmark?.name) record.bookmarks.push(bookmark.name);
      if (config.accessToken === 'expired-token') {
        void raise('error', { message: 'TokenExpired', errorCode: 'TokenExpired', level: 6 });
      } else if (typeof config.id === 'string' && codes.includes(config.id)) {
        void raise('error', { message: config.id, errorCode: config.id, level: 6 });
      } else {
        void raise('loaded').then(() => raise('rendered'));
      }
    };
  }

  const reportLoad = (config: Record<string, unknown>) =>
    String(config.embedUrl ?? '').includes('rdlEmbed')
      ? models.validatePaginatedReportLoad?.(config)
      : models.validateReportLoad?.(config);
  router.post('/report/load', load('/report/load', reportLoad));
  router.post('/report/prepare', load('/report/prepare', reportLoad));
  router.post(
    '/dashboard/load',
    load('/dashboard/load', (c) => models.validateDashboardLoad?.(c)),
  );
  router.post(
    '/tile/load',
    load('/tile/load', (c) => models.validateTileLoad?.(c)),
  );
  router.post(
    '/qna/load',
    load('/qna/load', (c) => models.validateLoadQnaConfiguration?.(c)),
  );
  router.post(
    '/report/create',
    load('/report/create', (c) => models.validateCreateReport?.(c)),
  );
  router.post(
    '/quickcreate',
    load('/quickcreate', (c) => models.validateQuickCreate?.(c)),
  );
  router.post('/report/render', (_req, res) => res.send(202, {}));
  // The configuration sent ahead when the frame says it is ready.
  router.post('/frontload/config', (req, res) => {
    const errors = reportLoad(req.body as Record<string, unknown>);
    if (errors) return res.send(400, errors);
    record.frontLoads += 1;
    res.send(202, {});
  });
  hpm.post(`/ready/${uid}`, {}, {}, window.parent).catch(() => {});

  router.get('/report/filters', (_req, res) => res.send(200, record.filters));
  router.put('/report/filters', (req, res) => {
    const filters = req.body as unknown[];
    const invalid = filters.map((filter) => models.validateFilter?.(filter)).find(Boolean);
    if (invalid) return res.send(400, invalid);
    record.filters = filters;
    res.send(202, {});
  });
  router.post('/report/filters', (req, res) => {
    const request = req.body as { filtersOperation: number; filters?: unknown[] };
    const errors = models.validateUpdateFiltersRequest?.(request);
    if (errors) {
      record.refused.push(errors);
      return res.send(400, errors);
    }
    record.filterRequests.push(request);
    const filters = request.filters ?? [];
    if (request.filtersOperation === 0) record.filters = [];
    else if (request.filtersOperation === 1) record.filters = filters;
    else if (request.filtersOperation === 2) record.filters = [...record.filters, ...filters];
    res.send(202, {});
    void raise('filtersApplied', {});
  });
  for (const type of ['report', 'dashboard', 'tile', 'qna', 'visual']) {
    router.post(`/${type}/token`, (req, res) => {
      record.tokens.push(String(req.body));
      res.send(202, {});
    });
  }
  router.put('/report/pages/active', (req, res) => {
    const errors = models.validatePage?.(req.body);
    if (errors) return res.send(400, errors);
    record.pages.push((req.body as { name: string }).name);
    res.send(202, {});
  });
  router.post('/report/bookmarks/applyByName', (req, res) => {
    const errors = models.validateApplyBookmarkByNameRequest?.(req.body);
    if (errors) return res.send(400, errors);
    record.bookmarks.push((req.body as { name: string }).name);
    res.send(202, {});
  });
}

const fakePage = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Fake analytics</title>
${libraries.map((source) => `<script>${source.replaceAll('</script', '<\\/script')}</script>`).join('\n')}
<script>(${fakeService.toString()})()</script></head><body><p>Fake analytics service</p></body></html>`;

/** Serves the fake wherever powerbi-client frames `https://app.powerbi.com/...` in `context`. */
export async function routeFakeAnalytics(context: BrowserContext): Promise<void> {
  await context.route(`${fakeServiceOrigin}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: fakePage }),
  );
}

/** The frames of the fake in `page`, each with what it received. */
export async function fakeRecords(page: Page): Promise<{ frame: Frame; record: FakeRecord }[]> {
  const frames = page.frames().filter((frame) => frame.url().startsWith(fakeServiceOrigin));
  return Promise.all(
    frames.map(async (frame) => ({
      frame,
      record: (await frame.evaluate(
        () => (self as unknown as { fakeAnalytics: unknown }).fakeAnalytics,
      )) as FakeRecord,
    })),
  );
}

/** What the fake that loaded the item with configuration id `id` received. */
export async function fakeRecordFor(page: Page, id: string): Promise<FakeRecord | undefined> {
  const records = await fakeRecords(page);
  return records
    .map(({ record }) => record)
    .find((record) =>
      record.loads.some((load) => load.config.id === id || load.config.datasetId === id),
    );
}
