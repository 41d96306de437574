// The reference host's colour modes (demo/pages/assets/color-mode.js): the header's switch sets
// Bootstrap 5.3's data-bs-theme on <html> before anything is painted, remembers the choice in
// this browser, and "as the device" follows prefers-color-scheme; host.css draws the host's own
// page dark under it, readable, and so does host-bootstrap.css under Bootstrap 5, also under the
// nonce policy.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchServer, startScratchServer } from '../../demo/server/start';
import { browserAvailable, consoleErrors, useBrowser } from './harness';
import { settle } from './host-pages';

/** Where color-mode.js keeps the choice (none: as the device). */
const STORAGE_KEY = 'fm-host-color-mode';

/** WCAG 2.x AA: text, and the edge of a control. */
const AA_TEXT = 4.5;
const AA_EDGE = 3;

/**
 * Records data-bs-theme as it is when <body> is first in the document: a script that set it
 * later (deferred, or at DOMContentLoaded) would have let the page be painted in the other mode.
 */
async function recordModeAtBody(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (!document.body) return;
      (window as unknown as { __fmModeAtBody: string | null }).__fmModeAtBody =
        document.documentElement.getAttribute('data-bs-theme');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The mode on <html> now, and as it was when <body> came. */
const modes = (page: Page) =>
  page.evaluate(() => ({
    now: document.documentElement.getAttribute('data-bs-theme'),
    atBody: (window as unknown as { __fmModeAtBody: string | null }).__fmModeAtBody,
  }));

/** Parts the host's sheet draws that a page may not have: added to its <main> to be measured. */
const SAMPLES = `<div id="samples">
<p class="text-muted">Muted</p><p><code>code</code> <span class="badge badge-muted">Badge</span></p>
<button class="btn" type="button">Button</button>
<button class="btn btn-primary" type="button">Primary</button>
<input class="form-control" value="Field">
<p class="alert alert-danger">Danger</p><p class="alert alert-success">Success</p>
<p class="alert alert-warning">Warning</p><div class="card">Card</div></div>`;

interface Contrast {
  what: string;
  ratio: number;
}

/**
 * The contrast of the host's own text (its header, headings, text, links, tables, footer and
 * SAMPLES) against what is behind it, and of the edges of its outlined controls (a filled
 * button is told by its fill and text); and the page's background and text luminance.
 */
function hostContrasts(page: Page): Promise<{
  text: Contrast[];
  edges: Contrast[];
  page: { background: number; text: number };
}> {
  return page.evaluate(() => {
    const rgba = (value: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    /** The first opaque background at or above `element` (the host's are opaque). */
    const backgroundOf = (element: Element | null) => {
      for (let at = element; at; at = at.parentElement) {
        const colour = rgba(getComputedStyle(at).backgroundColor);
        if (colour.a > 0.5) return colour;
      }
      return { r: 255, g: 255, b: 255, a: 1 };
    };
    const textOver = (element: Element) => {
      const colour = rgba(getComputedStyle(element).color);
      const behind = backgroundOf(element);
      // Text drawn translucent is blended with what is behind it.
      const blend = (c: 'r' | 'g' | 'b') => colour[c] * colour.a + behind[c] * (1 - colour.a);
      return ratio(luminance({ r: blend('r'), g: blend('g'), b: blend('b') }), luminance(behind));
    };
    const name = (element: Element) =>
      `${element.localName}${element.className ? `.${String(element.className).replace(/ /g, '.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 20)}"`;
    const shown = (element: Element) => element.getClientRects().length > 0;
    const text = [
      ...document.querySelectorAll(
        '.navbar-brand, .color-mode label, #color-mode, main h1, main p, main th, main td, main a, #samples *, .footer p, .footer code',
      ),
    ]
      .filter((element) => shown(element) && !element.closest('[class^="fm-"], [class*=" fm-"]'))
      .map((element) => ({ what: name(element), ratio: textOver(element) }));
    const edges = [
      ...document.querySelectorAll(
        '#samples .btn:not(.btn-primary), #samples .form-control, #color-mode',
      ),
    ]
      .filter(shown)
      .map((element) => ({
        what: name(element),
        ratio: ratio(
          luminance(rgba(getComputedStyle(element).borderTopColor)),
          luminance(backgroundOf(element.parentElement)),
        ),
      }));
    return {
      text,
      edges,
      page: {
        background: luminance(backgroundOf(document.body)),
        text: luminance(rgba(getComputedStyle(document.body).color)),
      },
    };
  });
}

/** The parts below AA: none. */
const belowAA = (contrasts: Contrast[], minimum: number) =>
  contrasts
    .filter((contrast) => contrast.ratio < minimum)
    .map(({ what, ratio }) => `${what}: ${ratio.toFixed(2)}`);

describe.skipIf(!browserAvailable)("the reference host's colour modes", () => {
  const browser = useBrowser();

  it('switches light and dark, remembers it across a reload, and follows the device when asked', async () => {
    const { page } = await browser.newPage({ colorScheme: 'light' });
    const errors = consoleErrors(page);
    await recordModeAtBody(page);
    await page.goto('/users/index');
    const control = page.getByLabel('Colour mode');
    // No choice yet: as the device, which is light.
    expect(await modes(page)).toEqual({ now: 'light', atBody: 'light' });
    expect(await control.inputValue()).toBe('auto');
    await page.locator('main').evaluate((main, samples) => {
      main.insertAdjacentHTML('beforeend', samples);
    }, SAMPLES);
    const light = await hostContrasts(page);
    expect(belowAA(light.text, AA_TEXT)).toEqual([]);
    expect(light.page.background).toBeGreaterThan(0.8);

    await control.selectOption('dark');
    expect(await modes(page)).toMatchObject({ now: 'dark' });
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe('dark');
    const dark = await hostContrasts(page);
    // A dark page with light text, every part of it readable, every control's edge seen.
    expect(dark.page.background).toBeLessThan(0.05);
    expect(dark.page.text).toBeGreaterThan(0.6);
    expect(belowAA(dark.text, AA_TEXT)).toEqual([]);
    expect(belowAA(dark.edges, AA_EDGE)).toEqual([]);

    // Remembered: dark from the first paint on.
    await page.reload();
    expect(await modes(page)).toEqual({ now: 'dark', atBody: 'dark' });
    expect(await control.inputValue()).toBe('dark');

    // From the keyboard: the option above Dark is Light.
    await control.focus();
    await page.keyboard.press('ArrowUp');
    expect(await modes(page)).toMatchObject({ now: 'light' });
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe('light');

    // As the device: nothing stored, and the mode follows the device's as it changes.
    await control.selectOption('auto');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => modes(page).then(({ now }) => now)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => modes(page).then(({ now }) => now)).toBe('light');
    expect(errors).toEqual([]);
  });

  describe('under Bootstrap 5 and the nonce policy', () => {
    let server: ScratchServer | undefined;
    beforeAll(async () => {
      server = await startScratchServer('fm-color-mode', {
        testMode: true,
        quiet: true,
        csp: 'nonce',
        bootstrap: 5,
      });
    });
    afterAll(() => server?.close());

    it("is dark from the first paint on a dark device, the host's frame with it, nothing refused", async () => {
      const { page } = await browser.newPage({ baseURL: server?.url, colorScheme: 'dark' });
      const errors = consoleErrors(page);
      await recordModeAtBody(page);
      const response = await page.goto('/users/password');
      expect(response?.headers()['content-security-policy']).toMatch(/'nonce-/);
      expect(await modes(page)).toEqual({ now: 'dark', atBody: 'dark' });
      await settle(page);
      const dark = await hostContrasts(page);
      expect(dark.page.background).toBeLessThan(0.05);
      expect(dark.page.text).toBeGreaterThan(0.6);
      // The page's card is host-bootstrap.css's, drawn with Bootstrap's dark background.
      const card = await page
        .locator('.card')
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(card).toBe('rgb(33, 37, 41)');

      await page.getByLabel('Colour mode').selectOption('light');
      expect(await modes(page)).toMatchObject({ now: 'light' });
      // Policy violations fail the test on their own (useBrowser).
      expect(errors).toEqual([]);
    });
  });
});
