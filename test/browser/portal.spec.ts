import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserAvailable, resetDatabase, runAxe, useBrowser } from './harness';
import { jobWidgetsDrawn } from './host-pages';

/** The framed page's <html> height and the frame's inner height, in the portal's CSS px. */
function frameAndContent(page: Page) {
  return page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe.portal-frame');
    const root = frame?.contentDocument?.documentElement;
    return {
      frame: frame?.clientHeight,
      content: root && Math.ceil(root.getBoundingClientRect().height),
    };
  });
}

/**
 * The framed cost dialog's box, its × and its first Approve and Decline, in the portal's viewport
 * (the frame's offset plus each box in the frame), and the screen they must lie within.
 */
function dialogOnScreen(page: Page) {
  return page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe.portal-frame');
    const framed = frame?.contentDocument;
    if (!frame || !framed) return null;
    const origin = frame.getBoundingClientRect();
    const inPortal = (selector: string) => {
      const box = framed.querySelector(selector)?.getBoundingClientRect();
      if (!box) return null;
      const top = origin.top + frame.clientTop + box.top;
      const left = origin.left + frame.clientLeft + box.left;
      return { top, bottom: top + box.height, left, right: left + box.width };
    };
    return {
      screen: { width: window.innerWidth, height: window.innerHeight },
      dialog: inPortal('[role="dialog"]'),
      body: inPortal('.fm-dialog__body'),
      close: inPortal('.fm-dialog__close'),
      approve: inPortal('.fm-cost__approve'),
      decline: inPortal('.fm-cost__decline'),
    };
  });
}

type Box = { top: number; bottom: number; left: number; right: number };

/** True when `box` lies within `outer` (to a rounding pixel). */
const within = (box: Box | null | undefined, outer: Box) =>
  box != null &&
  box.top >= outer.top - 1 &&
  box.bottom <= outer.bottom + 1 &&
  box.left >= outer.left - 1 &&
  box.right <= outer.right + 1;

/** The dialog's box and its × on screen. */
async function dialogFitsScreen(page: Page) {
  const boxes = await dialogOnScreen(page);
  if (!boxes) return false;
  const screen = { top: 0, bottom: boxes.screen.height, left: 0, right: boxes.screen.width };
  return within(boxes.dialog, screen) && within(boxes.close, screen);
}

/**
 * Waits until the framed page is as a user sees it before clicking: the bridge is listening (it
 * has told the portal its height, and the portal sized the frame), the framed job's widgets have
 * drawn, nothing in the page is loading, and the frame is as tall as its content.
 */
async function framedPageSettled(page: Page) {
  const frame = page.frameLocator('iframe.portal-frame');
  await jobWidgetsDrawn(frame, { alternativeQuote: true });
  await expect
    .poll(async () => {
      const { frame: height, content } = await frameAndContent(page);
      const busy = await frame.locator('[aria-busy="true"]').count();
      return height !== undefined && height > 0 && height === content && busy === 0;
    })
    .toBe(true);
}

describe.skipIf(!browserAvailable)('link bridge', () => {
  const browser = useBrowser();
  beforeAll(resetDatabase);

  it('posts each link clicked in the framed client page to the portal', async () => {
    const { page } = await browser.newPage();
    await page.goto('/portal');
    await framedPageSettled(page);
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
    await framedPageSettled(page);
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

  it('at 360 × 740 the frame is as tall as its page, and follows it', async () => {
    const { page } = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/portal');
    const frame = page.frameLocator('iframe.portal-frame');
    await frame.locator('fm-cost-approval button').first().waitFor();
    await expect
      .poll(async () => {
        const { frame, content } = await frameAndContent(page);
        return frame === content && (content ?? 0) > 740;
      })
      .toBe(true);
    // Content added to the framed page makes the frame taller by as much, and removed, shorter.
    const { frame: before = 0 } = await frameAndContent(page);
    await frame.locator('body').evaluate((body) => {
      const block = document.createElement('div');
      block.id = 'added';
      block.style.height = '500px';
      body.append(block);
    });
    await expect.poll(async () => (await frameAndContent(page)).frame).toBe(before + 500);
    await frame.locator('#added').evaluate((block) => block.remove());
    await expect.poll(async () => (await frameAndContent(page)).frame).toBe(before);
  });

  it('at 360 × 740 the cost dialog in the frame opens on screen, and stays there as the portal scrolls', async () => {
    const { page } = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/portal');
    const frame = page.frameLocator('iframe.portal-frame');
    const opener = frame.locator('fm-cost-approval button').first();
    // The frame is as tall as its page: the Cost approval button is far below the first screen.
    await expect.poll(async () => (await frameAndContent(page)).frame).toBeGreaterThan(1480);
    await opener.click();
    const approve = frame.locator('[role="dialog"] .fm-cost__approve').first();
    await approve.waitFor();
    await expect.poll(() => dialogFitsScreen(page)).toBe(true);

    // Approve and Decline are reached by scrolling the dialog's body alone: the portal stays put.
    const scrolled = await page.evaluate(() => window.scrollY);
    await approve.evaluate((button) => button.scrollIntoView({ block: 'nearest' }));
    const boxes = await dialogOnScreen(page);
    expect(boxes?.dialog).toBeTruthy();
    for (const button of [boxes?.approve, boxes?.decline]) {
      expect(within(button, boxes?.body as Box)).toBe(true);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await dialogFitsScreen(page)).toBe(true);

    // The portal scrolled up or down, the dialog moves into what is on screen again.
    for (const by of [-400, 600]) {
      await page.evaluate((by) => window.scrollBy(0, by), by);
      await expect.poll(() => dialogFitsScreen(page)).toBe(true);
    }
  });

  it('pressed the moment the portal has scrolled, the cost dialog never jumps the portal back', async () => {
    const { page } = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/portal');
    const frame = page.frameLocator('iframe.portal-frame');
    await frame.locator('fm-cost-approval button').first().waitFor();
    await expect.poll(async () => (await frameAndContent(page)).frame).toBeGreaterThan(1480);
    // Scrolled and pressed in one task: the frame has not yet heard where it now is.
    const scrolledTo = await page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe.portal-frame');
      const button = frame?.contentDocument?.querySelector<HTMLElement>('fm-cost-approval button');
      if (!frame || !button) throw new Error('no Cost approval button in the frame');
      const top = frame.getBoundingClientRect().top + button.getBoundingClientRect().top;
      window.scrollTo(0, window.scrollY + top - 500);
      button.click();
      return window.scrollY;
    });
    await frame.locator('[role="dialog"] .fm-cost__approve').first().waitFor();
    await expect.poll(() => dialogFitsScreen(page)).toBe(true);
    expect(scrolledTo).toBeGreaterThan(700);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  });
});
