// Every page of the reference host (demo/server/pages.ts, demo/server/routes/forms.ts,
// demo/pages/*), with representative ids: the one list the page checks (pages.spec.ts) and
// `npm run screenshots` both walk. No vitest here, so the screenshots script can import it.
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { STEP_LIMIT_MS } from './harness-constants';

export interface HostPage {
  /** The path to open. */
  path: string;
  /** File-name-safe name for its screenshot. */
  name: string;
  /** The status the page answers with; 200 unless said. */
  status?: number;
}

export const HOST_PAGES: readonly HostPage[] = [
  { path: '/', name: 'gallery' },
  { path: '/dashboard', name: 'dashboard' },
  { path: '/client/jobs', name: 'client-jobs' },
  { path: '/contractor/jobs', name: 'contractor-jobs' },
  { path: '/client/jobs/view/1001', name: 'client-job-1001' },
  { path: '/client/jobs/view/1002', name: 'client-job-1002' },
  { path: '/client/jobs/view/1003', name: 'client-job-1003' },
  { path: '/client/jobs/view/1006', name: 'client-job-1006' },
  { path: '/contractor/jobs/view/1004', name: 'contractor-job-1004' },
  { path: '/engineer/jobs', name: 'engineer-jobs' },
  { path: '/engineer/jobs/1004', name: 'engineer-job-1004' },
  // Emma Walsh's job: the page says it is not his (403).
  { path: '/engineer/jobs/1005', name: 'engineer-job-1005', status: 403 },
  { path: '/reports/budget_spend', name: 'budget-spend' },
  { path: '/reports/budget_records', name: 'budget-records' },
  { path: '/reports/budget_records/scope:capex', name: 'budget-records-capex' },
  { path: '/reports/compliance', name: 'compliance' },
  { path: '/linking/sites/1', name: 'linking-site-1' },
  { path: '/linking/asset_categories', name: 'linking-asset-categories' },
  { path: '/users/index', name: 'users' },
  { path: '/users/index/role:client', name: 'users-clients' },
  { path: '/sites/index', name: 'sites' },
  { path: '/assets/index', name: 'assets' },
  { path: '/users/password', name: 'password' },
  { path: '/users/edit/2', name: 'user-edit-2' },
  { path: '/documentation', name: 'documentation' },
  { path: '/documentation/site_id:1', name: 'documentation-site-1' },
  { path: '/documentation/view/1/1', name: 'documentation-document' },
  { path: '/analytics', name: 'analytics' },
  { path: '/portal', name: 'portal' },
  { path: '/no/such/page', name: 'not-found', status: 404 },
];

/**
 * The pages that show each widget with a form, a table or a dialog, and the engineer's screen: the
 * pages walked at a phone's width under Bootstrap (bootstrap.spec.ts) and in WebKit
 * (test/engines/pages.spec.ts), and under Bootstrap 3 and 4 at the desk's too. The others are
 * lists and reports of the same widgets, walked there at the desk's width (and at both by
 * pages.spec.ts): every page under every version at both widths took twice as long for little
 * more.
 */
export const WIDGET_PAGES = new Set([
  '/',
  '/dashboard',
  '/client/jobs',
  '/client/jobs/view/1001',
  '/client/jobs/view/1006',
  '/contractor/jobs/view/1004',
  '/engineer/jobs/1004',
  '/reports/budget_records',
  '/linking/sites/1',
  '/linking/asset_categories',
  '/users/password',
  '/users/edit/2',
  '/documentation',
]);

/** The host's pages of WIDGET_PAGES, as HOST_PAGES lists them. */
export const WIDGET_HOST_PAGES = HOST_PAGES.filter((hostPage) => WIDGET_PAGES.has(hostPage.path));

export interface Viewport {
  name: string;
  width: number;
  height: number;
}

/** A desk's screen. */
export const DESK: Viewport = { name: 'desk', width: 1280, height: 800 };
/** A phone's. */
export const PHONE: Viewport = { name: 'phone', width: 360, height: 740 };
/** A desk and a phone. */
export const VIEWPORTS: readonly Viewport[] = [DESK, PHONE];

/**
 * Waits for the widgets a client job page draws after it has loaded: the cost approval's button
 * and, where the job offers one, the alternative quote's form (each loads its data first). The
 * host's links below them move down as they come. `scope` is the page, or the frame showing it.
 */
export async function jobWidgetsDrawn(
  scope: Page | FrameLocator,
  { alternativeQuote }: { alternativeQuote: boolean },
): Promise<void> {
  await scope.locator('fm-cost-approval').getByRole('button', { name: 'Cost approval' }).waitFor();
  if (alternativeQuote) await scope.locator('.fm-alt-quote__form').waitFor();
}

/** Site 1 (docs/reference-host.md), where the engineer stands when a page asks for the position. */
export const AT_SITE_1 = { latitude: 53.7962, longitude: -1.5471, accuracy: 15 };

/** docs/benchmark.md: cumulative layout shift on every page, from load until settled. */
export const MAX_LAYOUT_SHIFT = 0.02;

/** How long the page must stay still, no request and no shift, to count as settled. */
const QUIET_MS = 600;

/**
 * How long fm-report waits for an analytics service that never answers before it says so
 * (noAnswerMs, widgets/report/errors.ts). The reference host cannot reach the service, so its
 * /analytics page settles only then: 10 s of a page doing nothing.
 */
export const SERVICE_SILENCE_MS = 10_000;

/** The pages whose clock openPage() installed, for settle() to jump over that silence. */
const clocked = new WeakSet<Page>();

/**
 * Opens `path` in `page`, as `page.goto` does. On /analytics it first installs Playwright's clock
 * in the page (time flows as ever), so that settle() can move it past the analytics service's
 * silence instead of waiting it out: the page then settles as it would 10 s later, the report
 * saying the service is not answering.
 */
export async function openPage(page: Page, path: string): ReturnType<Page['goto']> {
  if (path === '/analytics' && !clocked.has(page)) {
    await page.clock.install();
    clocked.add(page);
  }
  return page.goto(path);
}

/**
 * Waits until the widgets of the page have settled: every fm-* tag in the page is defined,
 * nothing says it is busy, no request is in flight and nothing has moved for a while.
 */
export async function settle(page: Page, timeout = STEP_LIMIT_MS): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => {
      const tags = new Set(
        [...document.querySelectorAll('*')]
          .map((element) => element.localName)
          .filter((tag) => tag.startsWith('fm-')),
      );
      return [...tags].every((tag) => customElements.get(tag) !== undefined);
    },
    undefined,
    { timeout },
  );
  await page.waitForLoadState('networkidle', { timeout });
  // Nothing in flight: an embed still busy is waiting for the service's answer that never comes.
  if (clocked.has(page) && (await page.locator('.fm-report[aria-busy="true"]').count()) > 0) {
    await page.clock.fastForward(SERVICE_SILENCE_MS);
  }
  await page.waitForFunction(
    () => document.querySelector('[aria-busy="true"]') === null,
    undefined,
    {
      timeout,
    },
  );
  await page.waitForTimeout(QUIET_MS);
}

/** Starts summing layout shifts (without recent input) from the first paint; call before goto. */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const scope = window as unknown as { __fmShift: { total: number; sources: string[] } };
    scope.__fmShift = { total: 0, sources: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        scope.__fmShift.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          const element = node instanceof Element ? node : node?.parentElement;
          if (element) {
            const id = element.id ? `#${element.id}` : '';
            const classes = element.classList.length ? `.${[...element.classList].join('.')}` : '';
            scope.__fmShift.sources.push(
              `${element.localName}${id}${classes} ${entry.value.toFixed(4)}`,
            );
          }
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed since the page loaded, and which elements moved. */
export function layoutShift(page: Page): Promise<{ total: number; sources: string[] }> {
  return page.evaluate(
    () => (window as unknown as { __fmShift: { total: number; sources: string[] } }).__fmShift,
  );
}

/**
 * From now on, every page opened in `target` (its frames too) takes `config` into its page
 * configuration (#fm-config), as a host that set those keys would print it. The block is
 * rewritten once the page is parsed, before its module scripts run (they wait for the parse, and
 * `readystatechange` to "interactive" comes first): by an init script, not by routing the page's
 * request, which would turn the browser's cache off for every request of the page or context.
 */
export async function givePageConfig(
  target: Page | BrowserContext,
  config: Record<string, unknown>,
): Promise<void> {
  await target.addInitScript((added) => {
    document.addEventListener('readystatechange', () => {
      const block = document.getElementById('fm-config');
      if (document.readyState !== 'interactive' || !block) return;
      const given = JSON.parse(block.textContent || '{}') as Record<string, unknown>;
      block.textContent = JSON.stringify({ ...given, ...added });
    });
  }, config);
}
