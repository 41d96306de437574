import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserAvailable, resetDatabase, runAxe, useBrowser } from './harness';

describe.skipIf(!browserAvailable)('link bridge', () => {
  const browser = useBrowser();
  beforeAll(resetDatabase);

  it('posts each link clicked in the framed client page to the portal', async () => {
    const { page } = await browser.newPage();
    await page.goto('/portal');
    const frame = page.frameLocator('iframe.portal-frame');
    const link = frame.locator('main a[href^="/jobs/edit/"]').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/jobs\/edit\/\d+$/);
    await link.click();

    const posted = page.locator('#posted-links li');
    await expect.poll(() => posted.count()).toBe(1);
    expect(await posted.first().textContent()).toBe(`client ${href}`);
  });

  it('at 360 px the posted path breaks between words, never inside "Briggate"', async () => {
    const { page } = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/portal');
    const frame = page.frameLocator('iframe.portal-frame');
    await frame.locator('main a[href="/sites/index/search:Leeds%20Briggate"]').first().click();
    const posted = page.locator('#posted-links li');
    await expect.poll(() => posted.count()).toBe(1);
    expect(await posted.first().textContent()).toBe('client /sites/index/search:Leeds%20Briggate');
    // The lines each word of the path is laid out on: one word, one line.
    const lines = await posted.first().evaluate((item) => {
      const linesOf = (word: string) => {
        const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent?.indexOf(word) ?? -1;
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }
        return -1;
      };
      return {
        briggate: linesOf('Briggate'),
        all: item.querySelector('code')?.getClientRects().length,
      };
    });
    expect(lines.briggate).toBe(1);
    expect(lines.all).toBeGreaterThanOrEqual(1);
  });

  it('posts nothing from a page that is not in an iframe', async () => {
    const { page } = await browser.newPage();
    // Record every postMessage and message event, across the navigation the click causes.
    await page.addInitScript(() => {
      const record = (what: string) =>
        sessionStorage.setItem('posted', `${sessionStorage.getItem('posted') ?? ''}${what};`);
      const original = window.postMessage.bind(window);
      window.postMessage = ((...args: Parameters<typeof window.postMessage>) => {
        record('postMessage');
        original(...(args as [unknown, string]));
      }) as typeof window.postMessage;
      window.addEventListener('message', () => record('message'));
    });
    await page.goto('/client/jobs/view/1001');
    // The loader has run, so the bridge is installed (it marks the page once started).
    await page.waitForFunction(
      () =>
        (window as unknown as Record<symbol, unknown>)[Symbol.for('fm-widgets.started')] === true,
    );
    const link = page.locator('main a[href^="/jobs/edit/"]').first();
    await Promise.all([page.waitForURL(/\/jobs\/edit\//), link.click()]);
    expect(await page.evaluate(() => sessionStorage.getItem('posted'))).toBeNull();
  });

  it('has no accessibility violations on the portal, the gallery and the server-rendered lists (axe-core)', async () => {
    const { page } = await browser.newPage();
    for (const path of ['/portal', '/', '/assets/index', '/users/index/role:client']) {
      await page.goto(`${baseUrl}${path}`);
      expect(await runAxe(page), path).toEqual([]);
    }
  });
});
