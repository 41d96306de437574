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
