import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { GenericSchema } from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseCommandLine } from '../../kit/conformance/cli';
import { runConformance } from '../../kit/conformance/run';
import {
  assetCategoriesResponse,
  assetCategoryRowsResponse,
  assetCountResponse,
  autocompleteResponse,
  budgetCodesIndexResponse,
  contractorsIndexResponse,
  costsIndexResponse,
  dashboardTileResponse,
  jobShowResponse,
  linkingRowsResponse,
  priorityListResponse,
  purchaseOrderResponse,
  siteTimeIndexResponse,
  userSearchResponse,
} from '../../src/core/contract';
import { decode } from '../../src/core/contract/decode';
import { freePort } from '../free-port';
import { READ_ARGS, WRITE_ARGS } from '../server/conformance-targets';
import {
  baseUrl,
  browserAvailable,
  csrfTokenOf,
  expectRunsUnderNoncePolicy,
  PHP_PATH,
  phpInstalled,
  resetDatabase,
  runAxe,
  saveSiteTimeTaken,
  storedRows,
  useBrowser,
} from './harness';
import { STEP_LIMIT_MS } from './harness-constants';

// The widgets in the PHP example host (demo/php/host), with the reference host behind it: every
// page is rendered by PHP with FmWidgets and every JSON answer is re-encoded by PHP.

const phpAvailable = phpInstalled('the PHP host tests');

/** As the reference host has it until changed (demo/server/routes/forms.ts). */
const INITIAL_PASSWORD = 'Portal-Start-26';
const GOOD_PASSWORD = 'Brisk-Lake-42';
/** Site 1 (docs/reference-host.md) and a spot about 22 m from it. */
const NEAR_SITE_1 = { latitude: 53.7962, longitude: -1.5471, accuracy: 15 };

/**
 * `php -S` on a free port, its data (sessions, the password hash) in a fresh folder; `env` over
 * the environment (FM_CSP=nonce for the nonce policy).
 */
function usePhpHost(env: Record<string, string> = {}): { url: string; dataDir: string } {
  const host = { url: '', dataDir: '' };
  let php: ChildProcess | undefined;
  beforeAll(async () => {
    if (!browserAvailable || !phpAvailable) return;
    const port = await freePort();
    host.dataDir = mkdtempSync(join(tmpdir(), 'fm-php-'));
    host.url = `http://127.0.0.1:${port}`;
    php = spawn(PHP_PATH, ['-S', `127.0.0.1:${port}`, 'demo/php/host/router.php'], {
      env: { ...process.env, FM_REFERENCE_URL: baseUrl, FM_PHP_DATA: host.dataDir, ...env },
      stdio: 'ignore',
    });
    await vi.waitFor(
      async () => {
        const response = await fetch(`${host.url}/dashboard`);
        if (!response.ok) throw new Error(`the PHP host answered ${response.status}`);
      },
      { timeout: STEP_LIMIT_MS, interval: 100 },
    );
  });
  afterAll(() => {
    php?.kill();
    if (host.dataDir) rmSync(host.dataDir, { recursive: true, force: true });
  });
  return host;
}

/**
 * The GET calls of the contract on the fixtures, each with the decoder its answer meets (the table
 * rows' values are the contract's `unknown`, so the tables are not compared here).
 */
const GET_CALLS: [path: string, schema: GenericSchema][] = [
  ['/dashboards/fetch/1', dashboardTileResponse],
  ['/api/jobs/show/1001/1', jobShowResponse],
  ['/api/costs/index/1001', costsIndexResponse],
  ['/api/costs/index/1002', costsIndexResponse],
  ['/api/costs/index/1003', costsIndexResponse],
  ['/api/jobs/get_purchase_order/55001/1001', purchaseOrderResponse],
  ['/api/sites/asset_count/job_id:1001/site_id:1/asset_id:1/days:365', assetCountResponse],
  ['/api/budget_codes/index/1', budgetCodesIndexResponse],
  ['/api/contractors/index/1/1', contractorsIndexResponse],
  ['/api/priorities/index', priorityListResponse],
  ['/api/users/search?term=a&type=1&cost_value=100', userSearchResponse],
  ['/api/site_times/index/1004', siteTimeIndexResponse],
  ['/api/linking/AssetCategories', assetCategoriesResponse],
  ['/api/linking/rows?model=Site&site_id=1', linkingRowsResponse],
  ['/api/linking/asset_category_rows?model=Model', assetCategoryRowsResponse],
  ['/api/sites/autocomplete?term=le', autocompleteResponse],
];

/** Fills fm-password-form for GOOD_PASSWORD; its submit button, once the checklist lets it. */
async function filledPasswordForm(page: Page, oldPassword: string) {
  await page.getByLabel('Old password').fill(oldPassword);
  await page.getByLabel('New password', { exact: true }).fill(GOOD_PASSWORD);
  await page.getByLabel('Confirm new password').fill(GOOD_PASSWORD);
  const submit = page.locator('fm-password-form button[type="submit"]');
  await expect.poll(() => submit.isDisabled()).toBe(false);
  return submit;
}

const tileCount = (page: Page, id: number) =>
  page.locator(`fm-dashboard-tile[data-tile-id="${id}"] .fm-tile__count`);

describe.skipIf(!browserAvailable || !phpAvailable)('the PHP example host', () => {
  const browser = useBrowser();
  const php = usePhpHost();
  const open = async (path: string, options: Parameters<typeof browser.newPage>[0] = {}) => {
    const session = await browser.newPage({ ...options, baseURL: php.url });
    const failures: string[] = [];
    const requested: string[] = [];
    session.page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    session.page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    await session.page.goto(path);
    return { ...session, failures, requested };
  };

  beforeEach(resetDatabase);

  it("renders the head with FmWidgets: the tags' preloads, the token, a config PHP printed", async () => {
    const { page } = await open('/dashboard');
    await expect.poll(() => page.locator('.fm-tile__count').count()).toBe(4);
    const preloads = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const loaders = await page
      .locator('script[type="module"][src]')
      .evaluateAll((found) => found.map((script) => script.outerHTML));
    expect(loaders).toEqual([
      '<script type="module" src="/dist/fm-widgets.js"></script>',
      expect.stringMatching(
        /^<script type="module" async="" src="\/dist\/chunks\/fm-widgets-[\w-]+\.js"><\/script>$/,
      ),
    ]);
    const early = loaders[1]?.match(/src="([^"]+)"/)?.[1];
    // The preloads are exactly the scripts the page then runs, besides the loader's two files.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    );
    expect(new Set(scripts)).toEqual(new Set(['/dist/fm-widgets.js', early, ...preloads]));
    expect(preloads).toContainEqual(expect.stringMatching(/^\/dist\/chunks\/fm-dashboard-tile-/));
    expect(await csrfTokenOf(page)).toMatch(/^[0-9a-f]{64}$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'csrfToken')?.value).toBe(
      await csrfTokenOf(page),
    );
    const config = JSON.parse((await page.locator('#fm-config').textContent()) ?? '');
    expect(config).toMatchObject({
      timeout: '10000',
      geoCheck: '1',
      releasePriorities: ['1', '2', '3'],
    });
  });

  it("decodes every answer that crossed PHP to what the reference host's own answer decodes to", async () => {
    const answer = (url: string) => fetch(url).then((response) => response.json());
    for (const [path, schema] of GET_CALLS) {
      const [reference, throughPhp] = await Promise.all([
        answer(`${baseUrl}${path}`),
        answer(`${php.url}${path}`),
      ]);
      expect(decode(schema, throughPhp, path), path).toEqual(decode(schema, reference, path));
    }
  });

  it('passes a conformance run, read and write, every answer crossing PHP', async () => {
    const command = parseCommandLine([
      '--base',
      php.url,
      '--page',
      '/dashboard',
      ...READ_ARGS,
      ...WRITE_ARGS,
    ]);
    if (!command) throw new Error('no command');
    const report = await runConformance(command.options);
    expect(report.results.filter((result) => result.outcome !== 'pass')).toEqual([]);
    expect(report.counts.pass).toBe(36);
    // The token of the PHP session, as the page printed it.
    expect(report.csrf).toBe('from <meta name="csrf-token"> of /dashboard');
  });

  it("shows each tile's count from the reference database, its call preloaded with the page", async () => {
    const { page, failures, requested } = await open('/dashboard');
    const preloaded = await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
    const tiles = storedRows<{ id: number; cached_count: number }>(
      'SELECT id, cached_count FROM dashboard_tiles ORDER BY id',
    );
    expect(tiles.map((tile) => tile.id)).toEqual([1, 2, 3, 4]);
    for (const { id, cached_count } of tiles) {
      await expect
        .poll(() => tileCount(page, id).textContent())
        .toBe(cached_count.toLocaleString('en-GB'));
    }
    // FmWidgets::head() printed each tile's call, and the tile took the answer over: one request.
    const calls = tiles.map((tile) => `/dashboards/fetch/${tile.id}`);
    expect(preloaded).toEqual(calls);
    expect(requested.filter((path) => path.startsWith('/dashboards/fetch/'))).toEqual(calls);
    // What the tiles read came through PHP: a legacy row, every number a string.
    const answer = await page.evaluate(() =>
      fetch('/dashboards/fetch/1').then((response) => response.json()),
    );
    expect(answer).toEqual({
      title: expect.any(String),
      count: String(tiles[0]?.cached_count),
      counted_at: expect.any(String),
    });
    expect(await runAxe(page)).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('approves a cost through PHP: the reference host stores it', async () => {
    const { page, failures } = await open('/client/jobs/view/1001');
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posted.push(new URL(request.url()).origin);
    });
    await page.getByRole('button', { name: 'Cost approval' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cost approval: job 1001' });
    await dialog.locator('.fm-cost-summary').waitFor();
    expect(await runAxe(page)).toEqual([]);
    const [cost] = storedRows<{ id: number }>('SELECT id FROM costs WHERE job_id = 1001');
    await dialog.getByLabel('Note (optional)').fill('Agreed by phone');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(storedRows('SELECT approved FROM costs WHERE id = ?', cost?.id)).toEqual([
      { approved: 1 },
    ]);
    expect(storedRows('SELECT description FROM notes WHERE cost_id = ?', cost?.id)).toEqual([
      { description: 'Agreed by phone' },
    ]);
    expect(posted).toEqual([php.url]);
    expect(failures).toEqual([]);
  });

  it('changes the password by a native post to PHP, which flashes success and keeps only a hash', async () => {
    const { page } = await open('/users/password');
    const submit = await filledPasswordForm(page, INITIAL_PASSWORD);
    expect(await runAxe(page)).toEqual([]);
    await Promise.all([page.waitForURL('**/users/password'), submit.click()]);
    await expect
      .poll(() => page.locator('main .alert-success').textContent())
      .toBe('Your password has been changed.');

    const stored = readdirSync(php.dataDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => !file.startsWith('sessions'))
      .map((file) => readFileSync(join(php.dataDir, file), 'utf8'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^\$2y\$/);
    for (const session of readdirSync(join(php.dataDir, 'sessions'))) {
      expect(readFileSync(join(php.dataDir, 'sessions', session), 'utf8')).not.toContain(
        GOOD_PASSWORD,
      );
    }
  });

  it('shows a refusal in fm-flash, and answers 403 to a post with a wrong token', async () => {
    const { page } = await open('/users/password');
    const submit = await filledPasswordForm(page, 'not-my-password');
    await Promise.all([page.waitForURL('**/users/password'), submit.click()]);
    const alert = page.locator('fm-flash [role="alert"]');
    await expect.poll(() => alert.textContent()).toContain('Your old password is not correct.');
    expect(await runAxe(page)).toEqual([]);

    const statuses = await page.evaluate(
      async ({ token, password }) => {
        const post = (csrf: string | null) => {
          const body = new URLSearchParams({
            'User[old_password]': 'Portal-Start-26',
            'User[password]': password,
            'User[confirm_password]': password,
          });
          if (csrf !== null) body.set('_csrfToken', csrf);
          return fetch('/users/password', { method: 'POST', body, redirect: 'manual' }).then(
            (response) => response.status,
          );
        };
        return [await post(null), await post(`${token}x`), await post(token)];
      },
      { token: await csrfTokenOf(page), password: GOOD_PASSWORD },
    );
    // fetch reports a manual redirect as status 0: the right token got the 302.
    expect(statuses).toEqual([403, 403, 0]);
  });

  it('shows the engineer the distance to the site and signs on through PHP', async () => {
    const { page, failures } = await open('/engineer/jobs/1004', {
      geolocation: NEAR_SITE_1,
      permissions: ['geolocation'],
    });
    const screen = page.locator('fm-engineer-job');
    await expect
      .poll(() => screen.locator('.fm-engineer__geo').textContent())
      .toMatch(/^You are \d+ metres from the site$/);
    const signOn = screen.getByRole('button', { name: 'Sign On', exact: true });
    await expect.poll(() => signOn.isEnabled()).toBe(true);
    expect(await runAxe(page)).toEqual([]);
    await screen.getByLabel('Notes').fill('Sign On from the plant room');
    await signOn.click();
    await expect
      .poll(() => screen.locator('.fm-engineer__message-text').textContent())
      .toBe('You are signed on');
    expect(
      storedRows('SELECT off_site, lat FROM site_times WHERE job_id = 1004 ORDER BY id'),
    ).toEqual([{ off_site: null, lat: NEAR_SITE_1.latitude }]);
    expect(failures).toEqual([]);
  });

  it('a refused site time post shows the page again, with the host message and the fields as posted', async () => {
    const where = { geolocation: NEAR_SITE_1, permissions: ['geolocation'] };
    // A page opened before the job went On Site, in another tab: its form still offers Remote fix.
    const { page, failures } = await open('/engineer/jobs/1004', where);
    const signOnOf = (tab: Page) =>
      tab.locator('fm-engineer-job').getByRole('button', { name: 'Sign On', exact: true });
    await expect.poll(() => signOnOf(page).isEnabled()).toBe(true);
    const { page: other } = await open('/engineer/jobs/1004', where);
    const screen = other.locator('fm-engineer-job');
    await expect.poll(() => signOnOf(other).isEnabled()).toBe(true);
    await screen.getByLabel('Notes').fill('Sign On from the plant room');
    await signOnOf(other).click();
    await expect
      .poll(() => screen.locator('.fm-engineer__message-text').textContent())
      .toBe('You are signed on');

    const form = page.locator('fm-site-time-form form');
    await form.getByLabel('Remote fix').check();
    const onSite = await form.getByLabel('On site', { exact: true }).inputValue();
    await form.getByRole('button', { name: 'Save site time' }).click();
    // The form sends its entry itself on the engineer's page (data-offline), asking for JSON:
    // PHP passes the reference host's refusal on, and the form says it with the fields kept.
    const back = page.locator('fm-site-time-form form');
    await expect
      .poll(() => back.locator('.fm-refused-post [role="alert"]').textContent())
      .toBe('Recording a remote fix is not possible: job 1004 is On Site.');
    expect(await page.locator('body').textContent()).not.toContain('{"status"');
    expect(await back.getByLabel('On site', { exact: true }).inputValue()).toBe(onSite);
    expect(await back.getByLabel('Number of engineers').inputValue()).toBe('1');
    expect(storedRows('SELECT remote_fix FROM site_times WHERE job_id = 1004')).toEqual([
      { remote_fix: 0 },
    ]);
    expect(await runAxe(page)).toEqual([]);

    // Sent again, as a site time, the form says the reference host's success; the message is gone.
    await back.getByLabel('Remote fix').uncheck();
    await back.getByLabel('On site', { exact: true }).fill(onSite);
    await back.getByLabel('Number of engineers').fill('1');
    await saveSiteTimeTaken(back);
    expect(await page.locator('.fm-refused-post').count()).toBe(0);
    expect(storedRows('SELECT remote_fix FROM site_times WHERE job_id = 1004')).toHaveLength(2);
    // The one refusal, as PHP passed it on: nothing else failed.
    expect(failures).toEqual([expect.stringMatching(/^409 http:.*\/site_times\/add\/1004$/)]);
  });
});

describe.skipIf(!browserAvailable || !phpAvailable)(
  'the PHP example host under the nonce policy (FM_CSP=nonce)',
  () => {
    const browser = useBrowser();
    const php = usePhpHost({ FM_CSP: 'nonce' });

    it.each([
      ['/dashboard', ['fm-dashboard-tile'], 200],
      ['/client/jobs/view/1001', ['fm-cost-approval'], 200],
      ['/engineer/jobs/1004', ['fm-engineer-job', 'fm-site-time-form', 'fm-upload'], 200],
      ['/users/password', ['fm-password-form'], 200],
      ['/no/such/page', [], 404],
    ] as const)(
      '%s: FmWidgets::head() puts the nonce on every script, nothing is refused',
      async (path, tags, status) => {
        const { page } = await browser.newPage({ baseURL: php.url });
        const elements = await expectRunsUnderNoncePolicy(browser, page, path, status);
        expect(new Set(elements.map((element) => element.tag))).toEqual(new Set(tags));
        const nonced = await page.evaluate(() =>
          [...document.querySelectorAll('script, link[rel="modulepreload"]')].map(
            (element) => (element as HTMLElement).nonce !== '',
          ),
        );
        // The config block and the loader's two scripts, and a modulepreload for each file of the tags.
        expect(nonced.length).toBeGreaterThanOrEqual(3);
        expect(nonced.every(Boolean)).toBe(true);
      },
      60_000,
    );
  },
);
