import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { modulePreloads } from '../../demo/pages/preloads';
import type { Manifest } from '../../scripts/bundle-manifest.mjs';
import { baseUrl, browserAvailable, useBrowser } from './harness';

const manifest = JSON.parse(
  readFileSync(new URL('../../dist/manifest.json', import.meta.url), 'utf8'),
) as Manifest;

/** The files under dist/ a page with these tags needs, the loader first. */
const filesFor = (...tags: string[]) => modulePreloads(manifest, tags);

/** dist/fm-widgets.js and the hashed loader it imports. */
const loaderFiles = filesFor();

/** Long enough for a loaded machine; a chained request never comes while the others are held. */
const HOLD_MS = 8000;

/**
 * Holds every answer whose URL matches `held` until each of `files` (under dist/) has been asked
 * for, then lets them all through. The function returned tells whether they all came while none
 * had been answered (nothing waited for a parent file to arrive and be parsed), or whether the
 * hold ran out first.
 */
async function requestedTogether(
  page: Page,
  held: string | ((url: URL) => boolean),
  files: string[],
): Promise<() => boolean> {
  const requested = new Set<string>();
  let together = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  setTimeout(release, HOLD_MS).unref();
  await page.route(held, async (route) => {
    requested.add(new URL(route.request().url()).pathname.slice('/dist/'.length));
    if (files.every((file) => requested.has(file))) {
      together = true;
      release();
    }
    await released;
    await route.continue();
  });
  return () => together;
}

describe.skipIf(!browserAvailable)('no chain of requests', () => {
  const browser = useBrowser();

  it("the loader asks for all of a tag's files at once, without the host's preloads", async () => {
    const { page } = await browser.newPage();
    // A host page that prints no preloads: the loader alone must start them.
    await page.route(`${baseUrl}/__preload/plain`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><title>Plain</title>
<link rel="icon" href="data:,"><meta name="csrf-token" content="t">
<script type="module" src="/dist/fm-widgets.js"></script></head>
<body><main><fm-dashboard-tile data-tile-id="1"></fm-dashboard-tile></main></body></html>`,
      }),
    );
    // The tile's chunk and the runtime it imports: no waiting for one to be parsed to ask for the
    // other. The loader's own two files come first, and are not held.
    expect(loaderFiles).toEqual(['fm-widgets.js', expect.stringMatching(/^chunks\/fm-widgets-/)]);
    const tileFiles = filesFor('fm-dashboard-tile').filter((file) => !loaderFiles.includes(file));
    expect(tileFiles.length).toBeGreaterThanOrEqual(2);
    const together = await requestedTogether(
      page,
      (url) =>
        url.pathname.startsWith('/dist/chunks/') && !loaderFiles.includes(url.pathname.slice(6)),
      tileFiles,
    );

    await page.goto(`${baseUrl}/__preload/plain`);
    await page.locator('fm-dashboard-tile .fm-tile__count').waitFor();

    expect(together()).toBe(true);
  });

  it("the reference host's page starts the loader and every file of its tags while it is parsed", async () => {
    const { page } = await browser.newPage();
    const files = filesFor('fm-dashboard-tile', 'fm-nav');
    // The loader is held too: the chunks must not wait for it.
    const together = await requestedTogether(page, '**/dist/**', files);

    await page.goto('/dashboard');
    await page.locator('fm-dashboard-tile .fm-tile__count').first().waitFor();

    expect(together()).toBe(true);
  });

  it('the first data calls start with the page, and each element takes its answer over', async () => {
    const { page } = await browser.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/dashboards/fetch/')) asked.push(pathname);
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('preload')) warnings.push(message.text());
    });

    await page.goto('/dashboard');
    const counts = page.locator('fm-dashboard-tile .fm-tile__count');
    await expect.poll(() => counts.count()).toBe(4);

    const preloaded = await page.$$eval('link[rel="preload"][as="fetch"]', (found) =>
      found.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    expect(preloaded).toEqual([
      '/dashboards/fetch/1',
      '/dashboards/fetch/2',
      '/dashboards/fetch/3',
      '/dashboards/fetch/4',
    ]);
    // One request per tile: the preload's, taken over by the tile (a second would be its own).
    expect(asked.sort()).toEqual(preloaded);
    expect(warnings).toEqual([]);
  });

  it('an early loader runs React at once, but defines the elements only once the page is styled', async () => {
    const { page } = await browser.newPage();
    const early = loaderFiles[1] ?? '';
    let releaseCss = () => {};
    const cssHeld = new Promise<void>((resolve) => {
      releaseCss = resolve;
    });
    await page.route(`${baseUrl}/__preload/slow.css`, async (route) => {
      await cssHeld;
      await route.fulfill({ contentType: 'text/css', body: 'body { margin: 0 }' });
    });
    await page.route(`${baseUrl}/__preload/styled`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><title>Styled</title>
<link rel="icon" href="data:,"><meta name="csrf-token" content="t">
<link rel="stylesheet" href="/__preload/slow.css">
<script type="application/json" id="fm-config">{}</script>
<script type="module" src="/dist/fm-widgets.js"></script>
<script type="module" async src="/dist/${early}"></script></head>
<body><main><fm-dashboard-tile data-tile-id="1"></fm-dashboard-tile></main></body></html>`,
      }),
    );
    const runtime = page.waitForResponse((response) => /\/chunks\/runtime-/.test(response.url()));

    await page.goto(`${baseUrl}/__preload/styled`, { waitUntil: 'commit' });
    // The runtime (React) is asked for and comes while the stylesheet is still out: the early
    // loader ran before the page was styled. No element is defined meanwhile.
    await runtime;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await page.evaluate(() => customElements.get('fm-dashboard-tile') === undefined)).toBe(
      true,
    );
    releaseCss();
    await page.locator('fm-dashboard-tile .fm-tile__count').waitFor();
  });
});
