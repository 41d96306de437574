import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchServer, startScratchServer } from '../../demo/server/start';
import { AXE_SOURCE, COLOUR_MODES, type ContrastFailure, contrastIn } from './contrast';
import { browserAvailable, useBrowser, usePagePool } from './harness';
import { AT_SITE_1, HOST_PAGES, openPage, settle, VIEWPORTS } from './host-pages';

/*
 * The widgets wear the host's colours: under real Bootstrap 5.3, in its light and dark modes
 * (`data-bs-theme` on <html>, as a Bootstrap 5.3 layout prints it), at a desk's width and a
 * phone's, every text inside the widgets stands out from its background (axe-core's
 * colour-contrast rule, WCAG AA). Each page is opened once at the desk's width; the phone's width
 * is the same page made narrower, and each mode is the attribute changed in place.
 */

/** Every width and mode of a page as it stands: the failures of each, by where they were seen. */
async function contrastEverywhere(page: Page): Promise<Record<string, ContrastFailure[]>> {
  const seen: Record<string, ContrastFailure[]> = {};
  for (const viewport of [...VIEWPORTS].reverse()) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const mode of COLOUR_MODES) {
      const failures = await page.evaluate(contrastIn, mode);
      if (failures.length > 0) seen[`${viewport.width} px, ${mode}`] = failures;
    }
  }
  return seen;
}

describe.skipIf(!browserAvailable)('colour contrast inside the widgets, light and dark', () => {
  const browser = useBrowser();
  let server: ScratchServer;
  beforeAll(async () => {
    server = await startScratchServer('fm-colour-modes', {
      testMode: true,
      quiet: true,
      bootstrap: 5,
    });
  });
  afterAll(() => server?.close());

  const [desk] = VIEWPORTS;
  const pool = usePagePool(browser, () => ({
    baseURL: server.url,
    viewport: { width: desk?.width ?? 1280, height: desk?.height ?? 800 },
    geolocation: AT_SITE_1,
    permissions: ['geolocation'],
  }));

  it.concurrent.for(HOST_PAGES)('$path', (hostPage, { expect }) =>
    pool.walk(async ({ page }) => {
      await openPage(page, hostPage.path);
      await settle(page);
      await page.evaluate(AXE_SOURCE);
      expect(await contrastEverywhere(page)).toEqual({});
    }),
  );

  it('the cost dialog of job 1001', () =>
    pool.walk(async ({ page }) => {
      await openPage(page, '/client/jobs/view/1001');
      await settle(page);
      await page.locator('fm-cost-approval').getByRole('button', { name: 'Cost approval' }).click();
      await page.getByRole('dialog').locator('.fm-cost-summary').waitFor();
      await page.evaluate(AXE_SOURCE);
      expect(await contrastEverywhere(page)).toEqual({});
    }));
});
