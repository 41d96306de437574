import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { browserAvailable, useBrowser, usePagePool } from './harness';
import { HOST_PAGES, openPage, settle, VIEWPORTS } from './host-pages';
import { readWords, speakMarkedWords, WORDS_AS_THEY_SHOULD } from './words';

/*
 * Every word the widgets show comes from the catalog, and every page takes words a third longer
 * (words.ts): on every page of the reference host, the cost dialog and the engineer's screen
 * included, at a desk's width and a phone's, with every key marked in the pseudo-locale.
 */

/** The pages of the host that show widgets (the engineer's screen among them). */
const PAGES = HOST_PAGES.filter(({ status }) => status === undefined);

/** What the page shows: its words (readWords), and whether it scrolls sideways. */
async function readPage(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  return { overflow: Math.max(0, overflow), ...(await readWords(page)) };
}

const AS_IT_SHOULD = { overflow: 0, ...WORDS_AS_THEY_SHOULD };

describe.skipIf(!browserAvailable)(
  'every word shown comes from the catalog, and every page takes words a third longer',
  () => {
    const browser = useBrowser();
    describe.each(VIEWPORTS)('at $width px', (viewport) => {
      // Every page read as the host sends it: the engineer's offline worker would answer a page
      // it keeps from its own copy (offline.spec.ts reads it).
      const pool = usePagePool(
        browser,
        () => ({
          viewport: { width: viewport.width, height: viewport.height },
          serviceWorkers: 'block',
        }),
        speakMarkedWords,
      );
      it.concurrent.for(PAGES)(
        '$path: no word but the catalog’s or the host’s, no sideways scroll, no text cut short',
        (hostPage, { expect }) =>
          pool.walk(async ({ page }) => {
            await openPage(page, hostPage.path);
            await settle(page);
            expect(await readPage(page)).toEqual(AS_IT_SHOULD);
          }),
      );

      it('the cost dialog of job 1001, as every page', ({ expect }) =>
        pool.walk(async ({ page }) => {
          await openPage(page, '/client/jobs/view/1001');
          await settle(page);
          await page.locator('fm-cost-approval button').first().click();
          await page.getByRole('dialog').locator('.fm-cost-summary').waitFor();
          await settle(page);
          expect(await readPage(page)).toEqual(AS_IT_SHOULD);
        }));
    });
  },
);
