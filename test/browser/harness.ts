import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Frame,
  type Locator,
  type Page,
} from 'playwright-core';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  type ExpectStatic,
  expect as globalExpect,
  inject,
} from 'vitest';
import { startScratchServer } from '../../demo/server/start';
import { CHROMIUM_ARGS, PAGES_AT_ONCE } from './harness-constants';
import { openPage, settle } from './host-pages';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const chromiumPath = inject('chromiumPath');

/**
 * The reference host of this worker, on a fresh database in test mode (faults enabled). The
 * browser project's files share their worker's modules (`isolate: false`, vitest.config.ts), so
 * this runs once a worker; before each file the host is made as it was started
 * (test/browser/fresh-host.ts: reseeded, its uploads, faults and request log cleared), so that no
 * file sees what another stored, released or broke. Two files at once run in two workers, each
 * with a host of its own.
 */
const server = await startScratchServer('fm-browser', {
  testMode: true,
  quiet: true,
  // Removed after the run (global-setup.ts).
  under: inject('scratchFolder'),
});

export const baseUrl = server.url;
/** The worker's database, for checking what the reference host stored. */
export const dbPath = server.dbPath;

/** The host as it was started: its database reseeded, its uploads, faults and request log gone. */
export async function freshHost(): Promise<void> {
  await clearFaults();
  await resetDatabase();
  await fetch(`${baseUrl}/__test/requests`, { method: 'DELETE' });
}

/** True when the suite can run; spec files use `describe.skipIf(!browserAvailable)`. */
export const browserAvailable = chromiumPath !== null;

export interface BrowserSession {
  browser: Browser;
  /**
   * A fresh context (cookies, storage, geolocation) and page: opened in a test, it is closed once
   * the test (and any running beside it) is over; opened in a `beforeAll`, after the file.
   */
  newPage(
    options?: Parameters<Browser['newContext']>[0],
  ): Promise<{ context: BrowserContext; page: Page }>;
  /** The Content-Security-Policy violations reported since the last call (or test). */
  takePolicyViolations(): string[];
}

/**
 * Reports every Content-Security-Policy violation in any frame of `context` to `report`: the
 * reference host's pages must run under their policy without one.
 */
async function reportPolicyViolations(
  context: BrowserContext,
  report: (violation: string) => void,
): Promise<void> {
  await context.exposeBinding('__fmPolicyViolation', (_source, violation: string) =>
    report(violation),
  );
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const reportViolation = (window as unknown as { __fmPolicyViolation(text: string): void })
        .__fmPolicyViolation;
      reportViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile || location.href}:${event.lineNumber}`,
      );
    });
  });
}

/**
 * The worker's Chromium, launched for its first file and kept for the next ones (a launch costs
 * about a CPU-second); each file's pages are in contexts of its own, closed after it.
 */
let workerBrowser: Promise<Browser> | undefined;
function launchedBrowser(path: string): Promise<Browser> {
  workerBrowser ??= chromium.launch({ executablePath: path, args: CHROMIUM_ARGS });
  return workerBrowser;
}

/**
 * The worker's Chromium, for a spec file. A test fails when a page of it broke the
 * Content-Security-Policy.
 */
export function useBrowser(): BrowserSession {
  const session = {} as BrowserSession;
  /** Contexts opened in a `beforeAll`, and those opened by the tests running now. */
  const contexts = { file: [] as BrowserContext[], tests: [] as BrowserContext[] };
  /** Tests running now (several where they are concurrent). */
  let running = 0;
  const violations: string[] = [];
  session.takePolicyViolations = () => violations.splice(0);
  beforeAll(async () => {
    if (!chromiumPath) return;
    session.browser = await launchedBrowser(chromiumPath);
    session.newPage = async (options) => {
      const context = await session.browser.newContext({ baseURL: baseUrl, ...options });
      (running > 0 ? contexts.tests : contexts.file).push(context);
      await reportPolicyViolations(context, (violation) => violations.push(violation));
      const page = await context.newPage();
      return { context, page };
    };
  });
  beforeEach(() => {
    running += 1;
  });
  // A test's pages closed once it is over: left open, their timers and animations took the CPU
  // from the tests after them until the file ended.
  afterEach(async () => {
    running -= 1;
    if (running === 0) {
      for (const context of contexts.tests.splice(0)) await context.close();
    }
    const found = session.takePolicyViolations();
    if (found.length > 0) {
      throw new Error(`Content-Security-Policy violations:\n${found.join('\n')}`);
    }
  });
  afterAll(async () => {
    for (const context of [...contexts.file.splice(0), ...contexts.tests.splice(0)]) {
      await context.close();
    }
  });
  return session;
}

/** A page of a walk, and its console errors since it was taken (consoleErrors()). */
export interface Walker {
  page: Page;
  errors: string[];
}

/**
 * A walk of independent pages (`it.concurrent`, PAGES_AT_ONCE tests at a time): PAGES_AT_ONCE
 * pages of one browser context, opened before the suite's tests with `options()` (read then, so a
 * server started in a `beforeAll` above can be named), each made ready by `prepare`. Each test
 * takes a free page, goes to the page it checks as a user goes from page to page, and gives it
 * back; the context is closed after the suite. One context keeps one cache, the scripts compiled
 * once: a fresh context for each page took twice the CPU for each page.
 */
export function usePagePool(
  session: BrowserSession,
  options: () => Parameters<Browser['newContext']>[0],
  prepare?: (page: Page) => Promise<void>,
): { walk<T>(visit: (walker: Walker) => Promise<T>): Promise<T> } {
  const free: Walker[] = [];
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    if (!chromiumPath) return;
    const opened = await session.newPage(options());
    context = opened.context;
    const pages = [opened.page];
    while (pages.length < PAGES_AT_ONCE) pages.push(await context.newPage());
    for (const page of pages) {
      await prepare?.(page);
      free.push({ page, errors: consoleErrors(page) });
    }
  });
  // The walk done, its pages stop taking time from the next ones.
  afterAll(() => context?.close());
  return {
    async walk(visit) {
      const walker = free.pop();
      if (!walker) throw new Error(`more than ${PAGES_AT_ONCE} pages at once`);
      walker.errors.splice(0);
      try {
        return await visit(walker);
      } finally {
        free.push(walker);
      }
    },
  };
}

export const PHP_PATH = process.env.PHP_PATH ?? '/usr/bin/php';

/**
 * True when PHP is installed. Without it `what` is skipped loudly, unless REQUIRE_PHP=1 (CI,
 * which installs it) makes that a failure.
 */
export function phpInstalled(what: string): boolean {
  if (existsSync(PHP_PATH)) return true;
  const message = `PHP not found at ${PHP_PATH}: ${what} cannot run.`;
  if (process.env.REQUIRE_PHP === '1') throw new Error(`${message} (REQUIRE_PHP=1)`);
  console.warn(`\n!! ${message}\n!! SKIPPING them. Install it: apt-get install php-cli php-curl\n`);
  return false;
}

/** The page's console errors and uncaught exceptions from now on, as they come. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export interface ElementState {
  tag: string;
  /** Defined by the loader (customElements knows the tag). */
  defined: boolean;
  /** Has text, a button or an input: the element rendered. */
  content: boolean;
  /** Says it is still loading (aria-busy). */
  busy: boolean;
  /** The inline error it shows, if any. */
  error: string | null;
}

/** Each fm-* element of the page (or frame): whether it is defined, rendered, busy, in error. */
export function elementStates(page: Page | Frame): Promise<ElementState[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((element) => element.localName.startsWith('fm-'))
      .map((element) => ({
        tag: element.localName,
        defined: customElements.get(element.localName) !== undefined,
        content:
          (element.textContent ?? '').trim() !== '' ||
          element.querySelector('button, input') !== null,
        busy:
          element.matches('[aria-busy="true"]') ||
          element.querySelector('[aria-busy="true"]') !== null,
        error: element.querySelector('.fm-error, [class*="__error"]')?.textContent ?? null,
      })),
  );
}

/** Every element defined and rendered, none busy, none showing an error. */
export const allSettled = (states: ElementState[]) =>
  states.every((state) => state.defined && state.content && !state.busy && state.error === null);

/** How Chromium logs what a policy refused. */
const POLICY_ERROR = /Content Security Policy|Refused to/i;

/**
 * Opens `path` in `page`, which must be answered with `status` under the nonce policy (script-src
 * 'self' 'nonce-…' 'strict-dynamic'), and expects, in every frame, each fm-* element defined and
 * rendered, no script refused (in the console as well as the violations useBrowser() reports), and
 * no modulepreload passed over. Returns the elements of the page.
 */
export async function expectRunsUnderNoncePolicy(
  session: BrowserSession,
  page: Page,
  path: string,
  status = 200,
  // A concurrent test's own (its test context's): the global one cannot tell which test polls.
  expect: ExpectStatic = globalExpect,
): Promise<ElementState[]> {
  const errors = consoleErrors(page);
  const response = await openPage(page, path);
  expect(response?.status()).toBe(status);
  expect(response?.headers()['content-security-policy']).toMatch(
    /^script-src 'self' 'nonce-[\w+/=]+' 'strict-dynamic';/,
  );
  await settle(page);
  // A framed page (the portal's) is answered with a nonce of its own.
  for (const frame of page.frames()) {
    await expect.poll(() => elementStates(frame)).toSatisfy(allSettled);
  }
  // A modulepreload without the nonce is no violation: Chromium fetches the file again for the
  // import instead of using it. Each file once shows that every preload was taken.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((file) => file.endsWith('.js')),
  );
  expect(scripts.filter((file, index) => scripts.indexOf(file) !== index)).toEqual([]);
  expect(session.takePolicyViolations()).toEqual([]);
  expect(errors.filter((error) => POLICY_ERROR.test(error))).toEqual([]);
  return elementStates(page);
}

/**
 * Runs `read` on a read-only connection to what the reference host stored (another host's
 * database where `path` names it), then closes it.
 */
export function withStoredData<T>(read: (db: Database.Database) => T, path = dbPath): T {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The rows `sql` selects from what the reference host stored. */
export function storedRows<T>(sql: string, ...params: unknown[]): T[] {
  return withStoredData((db) => db.prepare(sql).all(...params) as T[]);
}

/** The first row `sql` selects from what the reference host stored. */
export function storedRow<T>(sql: string, ...params: unknown[]): T | undefined {
  return withStoredData((db) => db.prepare(sql).get(...params) as T | undefined);
}

/** The page's CSRF token, as a widget would read it. */
export function csrfTokenOf(page: Page): Promise<string> {
  return page
    .locator('meta[name="csrf-token"]')
    .getAttribute('content')
    .then((token) => token ?? '');
}

/** Reseeds the reference host's database (test mode only). */
export function resetDatabase(): Promise<void> {
  return resetDatabaseAt(baseUrl);
}

/** Reseeds the database of the reference host at `host` (test mode only). */
export async function resetDatabaseAt(host: string): Promise<void> {
  const response = await fetch(`${host}/__test/reset`, { method: 'POST' });
  if (!response.ok) throw new Error(`reset failed: ${response.status}`);
}

export interface FaultRule {
  path: string;
  fault: '500' | 'timeout' | 'malformed' | 'login' | 'drop';
  times?: number;
}

/** Arms a fault in the reference host. */
export function setFault(rule: FaultRule): Promise<void> {
  return setFaultAt(baseUrl, rule);
}

/** Arms a fault in the reference host at `host`. */
export async function setFaultAt(host: string, rule: FaultRule): Promise<void> {
  const response = await fetch(`${host}/__test/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });
  if (!response.ok) throw new Error(`fault switch failed: ${response.status}`);
}

export function clearFaults(): Promise<void> {
  return clearFaultsAt(baseUrl);
}

export async function clearFaultsAt(host: string): Promise<void> {
  await fetch(`${host}/__test/faults`, { method: 'DELETE' });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page and returns its violations (WCAG 2.x A and AA rules). */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated, not added as an inline <script>, which the page's policy refuses.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target as string[] })),
    }));
  });
}

/**
 * Saves the site time form (which sends its entries itself on the engineer's page) and waits
 * until it says the host took it.
 */
export async function saveSiteTimeTaken(form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Save site time' }).click();
  await globalExpect
    .poll(() =>
      form
        .getByRole('status')
        .filter({ hasText: /^Site time saved: / })
        .count(),
    )
    .toBe(1);
}
