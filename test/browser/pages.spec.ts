import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchServer, startScratchServer } from '../../demo/server/start';
import {
  baseUrl,
  browserAvailable,
  expectRunsUnderNoncePolicy,
  runAxe,
  useBrowser,
  usePagePool,
} from './harness';
import {
  AT_SITE_1,
  DESK,
  HOST_PAGES,
  layoutShift,
  MAX_LAYOUT_SHIFT,
  openPage,
  PHONE,
  settle,
  VIEWPORTS,
  watchLayoutShift,
} from './host-pages';

/** Every distinct same-origin link the page shows (not its own fragment links). */
function sameOriginLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hrefs = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .map((anchor) => new URL(anchor.href, location.href))
      .filter((url) => url.origin === location.origin)
      .filter((url) => !(url.pathname === location.pathname && url.hash !== ''))
      .map((url) => url.pathname + url.search);
    return [...new Set(hrefs)];
  });
}

/** Links that do not answer a page: HEAD, and GET where HEAD is not answered. */
async function deadLinks(hrefs: readonly string[]): Promise<string[]> {
  const dead: string[] = [];
  for (const href of hrefs) {
    let response = await fetch(`${baseUrl}${href}`, { method: 'HEAD', redirect: 'manual' });
    if (response.status === 404 || response.status === 405) {
      response = await fetch(`${baseUrl}${href}`, { redirect: 'manual' });
    }
    if (response.status >= 400) dead.push(`${href} → ${response.status}`);
  }
  return dead;
}

/*
 * Every page of the reference host, as a user goes from page to page, at a desk's width and a
 * phone's: nothing scrolls sideways, nothing moves once painted, every same-origin link answers.
 * At the desk's width the host sends the nonce policy (`--nonce-csp`, demo/server/csp.ts:
 * script-src 'self' 'nonce-…' 'strict-dynamic', as CakePHP's CspMiddleware sends it): each fm-*
 * element is defined and rendered, no script or chunk is refused and no modulepreload is passed
 * over (expectRunsUnderNoncePolicy), and axe-core finds nothing. At the phone's width the host
 * sends its own policy; axe reads the page as it is at the desk (the same elements, only laid out
 * narrower), and the phone's own state, the menu opened, is read in 'the navigation on a phone'
 * below. The PHP example host's pages: php-host.spec.ts.
 */
describe.skipIf(!browserAvailable)('every page of the reference host', () => {
  const browser = useBrowser();
  const checkedLinks = new Map<string, string[]>();
  let nonceHost: ScratchServer | undefined;
  beforeAll(async () => {
    nonceHost = await startScratchServer('fm-nonce', { testMode: true, quiet: true, csp: 'nonce' });
  });
  afterAll(() => nonceHost?.close());

  describe.each(VIEWPORTS)('at $width px', (viewport) => {
    const desk = viewport.name === 'desk';
    // A few pages at once (PAGES_AT_ONCE), each summing its layout shifts from its first paint.
    const pool = usePagePool(
      browser,
      () => ({
        baseURL: desk ? nonceHost?.url : baseUrl,
        viewport: { width: viewport.width, height: viewport.height },
      }),
      watchLayoutShift,
    );
    it.concurrent.for(HOST_PAGES)(
      desk
        ? '$path under the nonce policy: every element rendered, nothing refused, no sideways scroll, no layout shift, axe clean, no dead link'
        : '$path: no sideways scroll, no layout shift, no dead link',
      (hostPage, { expect }) =>
        pool.walk(async ({ page }) => {
          if (desk) {
            const elements = await expectRunsUnderNoncePolicy(
              browser,
              page,
              hostPage.path,
              hostPage.status,
              expect,
            );
            expect(elements.map((element) => element.tag)).toContain('fm-nav');
          } else {
            const response = await openPage(page, hostPage.path);
            expect(response?.status()).toBe(hostPage.status ?? 200);
            await settle(page);
          }

          const shift = await layoutShift(page);
          // Wider than the viewport (its scrollbar aside) is a page that scrolls sideways.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          const violations = desk ? await runAxe(page) : [];
          const links = await sameOriginLinks(page);
          const unchecked = links.filter((href) => !checkedLinks.has(href));
          const dead = await deadLinks(unchecked);
          for (const href of unchecked)
            checkedLinks.set(
              href,
              dead.filter((d) => d.startsWith(`${href} `)),
            );
          const deadHere = links.flatMap((href) => checkedLinks.get(href) ?? []);

          expect({
            overflow: Math.max(0, overflow),
            shift: shift.total <= MAX_LAYOUT_SHIFT ? 'ok' : shift,
            axe: violations.map(
              ({ id, nodes }) => `${id}: ${nodes.map((n) => n.target.join(' ')).join(', ')}`,
            ),
            dead: deadHere,
          }).toEqual({ overflow: 0, shift: 'ok', axe: [], dead: [] });
        }),
    );
  });

  it('/portal under the nonce policy: the frame as tall as its page, and told what of it is on screen', async () => {
    const { page } = await browser.newPage({
      baseURL: nonceHost?.url,
      viewport: { width: 360, height: 740 },
    });
    await expectRunsUnderNoncePolicy(browser, page, '/portal');
    const sizes = () =>
      page.evaluate(() => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe.portal-frame');
        const root = frame?.contentDocument?.documentElement;
        return {
          fits: frame?.clientHeight === Math.ceil(root?.getBoundingClientRect().height ?? -1),
          visible: root?.style.getPropertyValue('--fm-visible-height'),
        };
      });
    await expect.poll(sizes).toEqual({ fits: true, visible: expect.stringMatching(/px$/) });
  });
});

describe.skipIf(!browserAvailable)('the navigation on a phone', () => {
  const browser = useBrowser();

  it("is one Menu button, leaving the engineer's Sign On above the fold of 360 × 740", async () => {
    const { page } = await browser.newPage({
      viewport: { width: PHONE.width, height: PHONE.height },
      geolocation: AT_SITE_1,
      permissions: ['geolocation'],
      hasTouch: true,
    });
    await page.goto('/engineer/jobs/1004');
    await settle(page);
    const header = await page.locator('header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(72);
    const signOn = await page.getByRole('button', { name: 'Sign On', exact: true }).boundingBox();
    expect((signOn?.y ?? Infinity) + (signOn?.height ?? 0)).toBeLessThanOrEqual(740);

    const menu = page.getByRole('button', { name: 'Menu' });
    const bar = page.locator(`[id="${await menu.getAttribute('aria-controls')}"]`);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await bar.isVisible()).toBe(false);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Engineer', exact: true }).click();
    const myJobs = page.getByRole('menuitem', { name: 'My jobs' });
    expect(await myJobs.isVisible()).toBe(true);
    // Open, the panel stays inside the page: nothing scrolls sideways, nothing fails axe.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    expect(await runAxe(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await bar.isVisible()).toBe(false);

    await menu.click();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('leaves the desk bar as it was: every entry in one row, no Menu button', async () => {
    const { page } = await browser.newPage({
      viewport: { width: DESK.width, height: DESK.height },
    });
    await page.goto('/dashboard');
    await settle(page);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect((await page.locator('header').boundingBox())?.height).toBe(64);
    const tops = await page
      .locator('.fm-nav__bar > li')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(tops).toHaveLength(7);
    expect(new Set(tops).size).toBe(1);
  });
});
