import type { BrowserContext, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  fakeRecordFor,
  fakeRecords,
  fakeServiceOrigin,
  routeFakeAnalytics,
} from './fake-analytics';
import { baseUrl, browserAvailable, runAxe, useBrowser } from './harness';

const token = 'first-token';
const configs: Record<string, Record<string, unknown>> = {
  report: {
    accessToken: token,
    id: 'r1',
    embedUrl: `${fakeServiceOrigin}/reportEmbed?reportId=r1`,
  },
  'paginated-report': {
    accessToken: token,
    id: 'p1',
    embedUrl: `${fakeServiceOrigin}/rdlEmbed?reportId=p1`,
  },
  dashboard: {
    accessToken: token,
    id: 'd1',
    pageView: 'fitToWidth',
    embedUrl: `${fakeServiceOrigin}/dashboardEmbed?dashboardId=d1`,
  },
  tile: {
    accessToken: token,
    id: 't1',
    dashboardId: 'd1',
    embedUrl: `${fakeServiceOrigin}/embed?dashboardId=d1&tileId=t1`,
  },
  qna: { accessToken: token, datasetIds: ['q1'], embedUrl: `${fakeServiceOrigin}/qnaEmbed` },
  create: { accessToken: token, datasetId: 'c1', embedUrl: `${fakeServiceOrigin}/reportEmbed` },
  'quick-create': {
    accessToken: token,
    datasetCreateConfig: { locale: 'en-GB', mashupDocument: 'let Source = 1 in Source' },
    embedUrl: `${fakeServiceOrigin}/quickCreate`,
  },
};

const region = (id: string) => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Store', column: 'Region' },
  filterType: 1,
  operator: 'In',
  values: [id],
});

/** A bare host page with the bundle and nothing else, for elements the test adds. */
const hostPage = `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><title>Report test</title>
<link rel="stylesheet" href="/dist/fm-widgets.css">
<script type="application/json" id="fm-config">{}</script>
<script type="module" src="/dist/fm-widgets.js"></script></head>
<body><main id="area"><h1>Reports</h1></main></body></html>`;

async function openHost(context: BrowserContext, page: Page, setup = '') {
  await routeFakeAnalytics(context);
  await context.route(`${baseUrl}/report-test`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: hostPage.replace('<title>', `${setup}<title>`),
    }),
  );
  await context.route(`${baseUrl}/report-token`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ accessToken: 'fresh-token', expiry: '2099-01-01T00:00:00Z' }),
    }),
  );
  await page.goto('/report-test');
}

/** Adds an fm-report with `attributes`, recording its events under `window.reportEvents[name]`. */
async function addReport(page: Page, name: string, attributes: Record<string, string>) {
  await page.evaluate(
    ({ name, attributes }) => {
      const host = window as unknown as { reportEvents?: Record<string, unknown[]> };
      host.reportEvents = host.reportEvents ?? {};
      const log = host.reportEvents;
      const events: unknown[] = [];
      log[name] = events;
      const element = document.createElement('fm-report');
      element.id = name;
      for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
      for (const type of [
        'fm-report-invalid',
        'fm-report-loaded',
        'fm-report-rendered',
        'fm-report-error',
        'fm-token-expired',
        'fm-filters-applied',
      ]) {
        element.addEventListener(type, (event) =>
          events.push({ type, detail: (event as CustomEvent).detail }),
        );
      }
      document.getElementById('area')?.append(element);
    },
    { name, attributes },
  );
}

interface LoggedEvent {
  type: string;
  detail: Record<string, unknown> & { errors?: string[] };
}

function eventsOf(page: Page, name: string): Promise<LoggedEvent[]> {
  return page.evaluate(
    (name) =>
      ((window as unknown as { reportEvents: Record<string, never[]> }).reportEvents?.[name] ??
        []) as never,
    name,
  );
}

const typesOf = async (page: Page, name: string) =>
  (await eventsOf(page, name)).map((event) => event.type);

function setAttribute(page: Page, name: string, attribute: string, value: string | null) {
  return page.evaluate(
    ({ name, attribute, value }) => {
      const element = document.getElementById(name);
      if (value === null) element?.removeAttribute(attribute);
      else element?.setAttribute(attribute, value);
    },
    { name, attribute, value },
  );
}

describe.skipIf(!browserAvailable)('fm-report with the fake analytics service', () => {
  const browser = useBrowser();
  let page: Page;
  let context: BrowserContext;
  const requested: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ({ page, context } = await browser.newPage());
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.exposeFunction('noteRejection', (reason: string) => pageErrors.push(reason));
    await openHost(
      context,
      page,
      `<script>window.powerbi = { hostOwned: true };
addEventListener('unhandledrejection', (event) => window.noteRejection(String(event.reason)));
window.strayEvents = [];
for (const name of ['loaded', 'rendered', 'error', 'ready']) {
  document.addEventListener(name, () => window.strayEvents.push(name));
}</script>`,
    );
  });

  it('each of the seven embed types loads and fires loaded then rendered', async () => {
    for (const [type, config] of Object.entries(configs)) {
      await addReport(page, `type-${type}`, {
        'data-embed-type': type,
        'data-config': JSON.stringify(config),
        'data-label': `${type} item`,
      });
    }
    for (const type of Object.keys(configs)) {
      await expect
        .poll(() => typesOf(page, `type-${type}`))
        .toEqual(['fm-report-loaded', 'fm-report-rendered']);
    }
    const paths = (await fakeRecords(page)).flatMap(({ record }) =>
      record.loads.map((load) => load.path),
    );
    expect(paths.sort()).toEqual(
      [
        '/dashboard/load',
        '/qna/load',
        '/quickcreate',
        '/report/create',
        '/report/load',
        '/report/load',
        '/tile/load',
      ].sort(),
    );
    expect(pageErrors).toEqual([]);
    const records = await fakeRecords(page);
    expect(records.some(({ record }) => record.frontLoads > 0)).toBe(true);
    // The library's generic DOM events stay inside the element.
    expect(
      await page.evaluate(() => (window as unknown as { strayEvents: string[] }).strayEvents),
    ).toEqual([]);
  });

  it("the page's own window.powerbi survives, and powerbi-client came in its own lazy chunk", async () => {
    expect(await page.evaluate(() => (window as unknown as { powerbi: unknown }).powerbi)).toEqual({
      hostOwned: true,
    });
    expect(requested.some((url) => /\/dist\/chunks\/fm-report-[\w-]+\.js$/.test(url))).toBe(true);
    expect(requested.some((url) => /\/dist\/chunks\/powerbi-[\w-]+\.js$/.test(url))).toBe(true);
  });

  it('is clean for axe-core', async () => {
    const violations = await runAxe(page);
    expect(violations.filter((violation) => violation.impact !== 'minor')).toEqual([]);
  });

  it('an invalid configuration lists every error inline and in fm-report-invalid, and sends nothing', async () => {
    const before = page.frames().length;
    await addReport(page, 'invalid', {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({ viewMode: 5, settings: { filterPaneEnabled: 'no' } }),
    });
    await expect.poll(() => typesOf(page, 'invalid')).toEqual(['fm-report-invalid']);
    const [event] = await eventsOf(page, 'invalid');
    expect(event?.detail).toEqual({
      attribute: 'data-config',
      errors: [
        'accessToken is required',
        'id is required',
        'settings.filterPaneEnabled must be a boolean',
        'viewMode property is invalid',
        'embedUrl is required',
      ],
    });
    const shown = await page.locator('#invalid li').allTextContents();
    expect(shown).toEqual(event?.detail.errors);
    expect(await page.locator('#invalid iframe').count()).toBe(0);
    expect(page.frames().length).toBe(before);

    // Fixed, it embeds.
    await setAttribute(page, 'invalid', 'data-config', JSON.stringify(configs.report));
    await expect.poll(() => typesOf(page, 'invalid')).toContain('fm-report-rendered');
    expect(await page.locator('#invalid li').count()).toBe(0);
  });

  it('host-controlled filters: replaced, removed, and an invalid set is not sent', async () => {
    await addReport(page, 'filtered', {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({ ...configs.report, id: 'filtered' }),
      'data-filters': JSON.stringify([region('North')]),
    });
    await expect.poll(() => typesOf(page, 'filtered')).toContain('fm-report-rendered');
    const record = () => fakeRecordFor(page, 'filtered');
    expect((await record())?.filters).toEqual([region('North')]);

    await setAttribute(page, 'filtered', 'data-filters', JSON.stringify([region('South')]));
    await expect.poll(async () => (await record())?.filters).toEqual([region('South')]);
    expect((await record())?.filterRequests).toEqual([
      { filtersOperation: 1, filters: [region('South')] },
    ]);
    await expect
      .poll(async () =>
        (await eventsOf(page, 'filtered')).filter((e) => e.type === 'fm-filters-applied'),
      )
      .toEqual([
        {
          type: 'fm-filters-applied',
          detail: { operation: 'ReplaceAll', filters: [region('South')] },
        },
      ]);

    await setAttribute(
      page,
      'filtered',
      'data-filters',
      JSON.stringify([{ ...region('East'), values: 'East' }, { target: { table: 'T' } }]),
    );
    await expect
      .poll(() => page.locator('#filtered li').allTextContents())
      .toEqual([
        'filters[0].values property is invalid',
        'filters[1].target.column is required',
        'filters[1].filterType is required',
      ]);
    expect((await record())?.filterRequests).toHaveLength(1);
    expect((await record())?.filters).toEqual([region('South')]);

    await setAttribute(page, 'filtered', 'data-filters', '[]');
    await expect.poll(async () => (await record())?.filters).toEqual([]);
    expect((await record())?.filterRequests.at(-1)).toEqual({ filtersOperation: 0 });
    expect(await page.locator('#filtered li').count()).toBe(0);
  });

  it('switches page and applies a bookmark by name', async () => {
    await addReport(page, 'paged', {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({ ...configs.report, id: 'paged' }),
      'data-page-name': 'ReportSection1',
    });
    await expect.poll(() => typesOf(page, 'paged')).toContain('fm-report-rendered');
    await setAttribute(page, 'paged', 'data-page-name', 'ReportSection2');
    await setAttribute(page, 'paged', 'data-bookmark', 'Bookmark7');
    await expect
      .poll(async () => (await fakeRecordFor(page, 'paged'))?.pages)
      .toEqual(['ReportSection1', 'ReportSection2']);
    await expect
      .poll(async () => (await fakeRecordFor(page, 'paged'))?.bookmarks)
      .toEqual(['Bookmark7']);
  });

  it('TokenExpired: a new token from data-token-url reaches the fake, which reloads', async () => {
    await addReport(page, 'expiring', {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({ ...configs.report, id: 'expiring' }),
      'data-access-token': 'expired-token',
      'data-token-url': '/report-token',
    });
    await expect
      .poll(() => typesOf(page, 'expiring'))
      .toEqual(['fm-report-error', 'fm-report-loaded', 'fm-report-rendered']);
    const [error] = await eventsOf(page, 'expiring');
    expect(error?.detail.code).toBe('TokenExpired');
    const record = await fakeRecordFor(page, 'expiring');
    expect(record?.tokens).toEqual(['fresh-token']);
    expect(record?.loads.map((load) => load.config.accessToken)).toEqual([
      'expired-token',
      'fresh-token',
    ]);
    expect(
      requested.some((url) => url.includes('fresh-token') || url.includes('expired-token')),
    ).toBe(false);
    expect(await page.locator('#expiring').getAttribute('data-access-token')).toBe('expired-token');
    expect(await page.locator('#expiring [powerbi-access-token]').count()).toBe(0);
  });

  it('asks data-token-url for a new token ahead of data-token-expiry, without reloading', async () => {
    await addReport(page, 'ahead', {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({ ...configs.report, id: 'ahead' }),
      'data-token-url': '/report-token',
      'data-token-expiry': new Date(Date.now() + 2 * 60 * 1000 + 300).toISOString(),
    });
    await expect
      .poll(async () => (await fakeRecordFor(page, 'ahead'))?.tokens)
      .toEqual(['fresh-token']);
    expect((await fakeRecordFor(page, 'ahead'))?.loads).toHaveLength(1);
    expect(await typesOf(page, 'ahead')).toEqual(['fm-report-loaded', 'fm-report-rendered']);
  });

  it('data-filters on a dashboard is reported and not sent', async () => {
    await addReport(page, 'dashboard-filtered', {
      'data-embed-type': 'dashboard',
      'data-config': JSON.stringify({ ...configs.dashboard, id: 'dashboard-filtered' }),
      'data-filters': JSON.stringify([region('North')]),
    });
    await expect
      .poll(() => typesOf(page, 'dashboard-filtered'))
      .toEqual(['fm-report-invalid', 'fm-report-loaded', 'fm-report-rendered']);
    expect(await page.locator('#dashboard-filtered li').allTextContents()).toEqual([
      'data-filters applies only to reports',
    ]);
    expect((await fakeRecordFor(page, 'dashboard-filtered'))?.filters).toEqual([]);
  });

  it('TokenExpired without data-token-url: fm-token-expired, then the token the host sets', async () => {
    await page.evaluate(() => {
      document.addEventListener(
        'fm-token-expired',
        (event) => (event.target as Element).setAttribute('data-access-token', 'host-token'),
        { once: true },
      );
    });
    await addReport(page, 'host-renewed', {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({ ...configs.report, id: 'host-renewed' }),
      'data-access-token': 'expired-token',
    });
    await expect
      .poll(() => typesOf(page, 'host-renewed'))
      .toEqual(['fm-report-error', 'fm-token-expired', 'fm-report-loaded', 'fm-report-rendered']);
    const record = await fakeRecordFor(page, 'host-renewed');
    expect(record?.tokens).toEqual(['host-token']);
  });

  it.each([
    ['PowerBIEntityNotFound', 'This report could not be found.'],
    ['Invalid parameters', 'did not accept this report'],
    ['LoadReportFailed', 'The report could not be loaded.'],
    ['PowerBINotAuthorizedException', 'You do not have permission to view this report.'],
    ['ExplorationContainer_FailedToLoadModel_DefaultDetails', 'data could not be loaded'],
  ])('the error %s shows its message and fires fm-report-error', async (code, message) => {
    const name = `error-${code.replace(/\W/g, '')}`;
    await addReport(page, name, {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({ ...configs.report, id: code }),
    });
    await expect.poll(() => typesOf(page, name)).toEqual(['fm-report-error']);
    const [event] = await eventsOf(page, name);
    expect(event?.detail).toMatchObject({ code, embedType: 'report' });
    expect(await page.locator(`#${name} .fm-report__failure`).textContent()).toContain(message);
  });

  it('two reports stay independent; removing one leaves no iframe and no handler', async () => {
    await addReport(page, 'left', {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({ ...configs.report, id: 'left' }),
    });
    await addReport(page, 'right', {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({ ...configs.report, id: 'right' }),
    });
    await expect.poll(() => typesOf(page, 'left')).toContain('fm-report-rendered');
    await expect.poll(() => typesOf(page, 'right')).toContain('fm-report-rendered');
    await setAttribute(page, 'left', 'data-filters', JSON.stringify([region('West')]));
    await expect
      .poll(async () => (await fakeRecordFor(page, 'left'))?.filters)
      .toEqual([region('West')]);
    expect((await fakeRecordFor(page, 'right'))?.filters).toEqual([]);

    const embeds = () =>
      page.evaluate(() => {
        const service = (window as unknown as Record<string, { embeds: unknown[] }>)
          .fmPowerBiService;
        return service?.embeds.length ?? -1;
      });
    const before = await embeds();
    const frames = page.frames().length;
    await page.evaluate(() => document.getElementById('left')?.remove());
    await expect.poll(embeds).toBe(before - 1);
    expect(page.frames().length).toBe(frames - 1);
    expect(await page.locator('#right iframe').count()).toBe(1);

    // Put back, it embeds again.
    await page.evaluate(() => {
      const element = document.createElement('fm-report');
      element.id = 'left-again';
      element.setAttribute('data-embed-type', 'report');
      element.setAttribute(
        'data-config',
        document.getElementById('right')?.getAttribute('data-config') ?? '',
      );
      document.getElementById('area')?.append(element);
    });
    await expect.poll(embeds).toBe(before);
    expect(pageErrors).toEqual([]);
  });

  it('a service that never answers: the wait is said, then the failure with Retry, which embeds afresh', async () => {
    const { context, page: silent } = await browser.newPage();
    // The page's clock, time flowing as ever, to move past the 10 s wait instead of sitting it out.
    await silent.clock.install();
    await openHost(context, silent);
    // Registered last, so it comes first: the service cannot be reached at all.
    const unreachable = (route: Route) => route.abort();
    await context.route(`${fakeServiceOrigin}/**`, unreachable);
    await addReport(silent, 'silent', {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({ ...configs.report, id: 'silent' }),
    });
    const section = silent.locator('#silent .fm-report');
    const status = silent.locator('#silent .fm-report__status');
    const waiting =
      'Loading the report from the analytics service… It has up to 10 seconds to answer.';
    await expect.poll(() => section.getAttribute('aria-busy')).toBe('true');
    expect(await status.textContent()).toBe(waiting);
    expect(await status.isVisible()).toBe(true);
    const retry = silent.getByRole('button', { name: 'Retry loading the report' });
    expect(await retry.count()).toBe(0);

    await silent.clock.runFor(10_000);
    await expect.poll(() => section.getAttribute('aria-busy')).toBe('false');
    expect(await silent.locator('#silent .fm-report__failure [role="alert"]').textContent()).toBe(
      'The analytics service is not answering. The report will show here if it does.',
    );
    expect(await status.textContent()).toBe('');
    expect(await retry.isVisible()).toBe(true);
    expect(await typesOf(silent, 'silent')).toEqual([]);
    const embeds = () =>
      silent.evaluate(() => {
        const page = window as unknown as Record<string, { embeds: unknown[] } | undefined>;
        return (page.fmPowerBiService ?? page.powerbi)?.embeds.length ?? -1;
      });
    expect(await embeds()).toBe(1);

    // The service is back: Retry tears the silent embed down and embeds again, one instance.
    // Pressed from the keyboard: the focus it hands to the report's region must show there.
    await context.unroute(`${fakeServiceOrigin}/**`, unreachable);
    await retry.press('Enter');
    await expect.poll(() => typesOf(silent, 'silent')).toContain('fm-report-rendered');
    expect(await silent.locator('#silent .fm-report__failure').count()).toBe(0);
    expect(await embeds()).toBe(1);
    expect(await silent.locator('#silent iframe').count()).toBe(1);
    expect(await silent.evaluate(() => document.activeElement?.closest('#silent') !== null)).toBe(
      true,
    );
    const focused = await silent.evaluate(() => {
      const active = document.activeElement as HTMLElement;
      const style = getComputedStyle(active);
      return {
        region: active.matches('.fm-report'),
        ring: style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth),
      };
    });
    expect(focused.region).toBe(true);
    expect(focused.ring).toBeGreaterThan(0);
  });

  it('/analytics: live validation messages, the filter builder, the embed and its event log', async () => {
    const { context: demo, page: analytics } = await browser.newPage();
    await routeFakeAnalytics(demo);
    await analytics.goto('/analytics');
    await expect
      .poll(() => analytics.locator('#config-status').textContent())
      .toBe('The configuration is valid.');
    await expect
      .poll(() => analytics.locator('#event-log li').allTextContents())
      .toEqual([
        expect.stringContaining('fm-report-rendered'),
        expect.stringContaining('fm-report-loaded'),
      ]);

    await analytics.locator('#config-json').fill('{"accessToken": 3, "viewMode": "Edits"}');
    await expect
      .poll(() => analytics.locator('#config-errors li').allTextContents())
      .toEqual(['accessToken must be a string', 'id is required', 'viewMode must be a number']);
    await analytics.locator('#embed-type').selectOption('dashboard');
    await expect
      .poll(() => analytics.locator('#config-status').textContent())
      .toBe('The configuration is valid.');

    await analytics.locator('#embed-type').selectOption('report');
    await analytics.locator('#config-form button[type="submit"]').click();
    await analytics.locator('#filter-values').fill('');
    await analytics.locator('#filter-form button[type="submit"]').click();
    await expect
      .poll(() => analytics.locator('#filter-status').textContent())
      .toBe('values must be a non-empty array unless your operator is "All".');
    await analytics.locator('#filter-values').fill('North, South');
    await analytics.locator('#filter-form button[type="submit"]').click();
    // The filter in words, as the page names its parts (table, column, values), never as JSON.
    expect(await analytics.locator('#filter-status').textContent()).toBe(
      'Filtered by Region (Store): North or South.',
    );
    await expect
      .poll(() => analytics.locator('#event-log li').first().textContent())
      .toMatch(/ fm-filters-applied: filtered by Region \(Store\): North or South$/);
    expect((await analytics.locator('main').textContent()) ?? '').not.toContain('$schema');
    // The page's own content; the shared layout's navigation is checked by its own specs.
    await runAxe(analytics);
    const violations = await analytics.evaluate(async () => {
      const { axe } = window as unknown as {
        axe: {
          run(context: Element | null): Promise<{ violations: { id: string; impact: string }[] }>;
        };
      };
      const result = await axe.run(document.querySelector('main'));
      return result.violations.map(({ id, impact }) => ({ id, impact }));
    });
    expect(violations.filter((violation) => violation.impact !== 'minor')).toEqual([]);
  });

  it('a page without fm-report never downloads powerbi-client', async () => {
    const { page: other } = await browser.newPage();
    const urls: string[] = [];
    other.on('request', (request) => urls.push(request.url()));
    await other.goto('/dashboard');
    await other.locator('fm-dashboard-tile .fm-tile__count').first().waitFor();
    expect(urls.some((url) => url.includes('fm-report'))).toBe(false);
    expect(urls.some((url) => url.includes('powerbi'))).toBe(false);
  });
});
