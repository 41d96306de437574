import { readFileSync } from 'node:fs';
import type { Page, Response, Route } from 'playwright-core';
import { describe, it } from 'vitest';
import { baseUrl, browserAvailable, useBrowser, usePagePool } from './harness';
import { HOST_PAGES, openPage, settle, VIEWPORTS } from './host-pages';

/*
 * Every word the widgets show comes from the catalog (docs/words.md): every key of
 * dist/messages/en-GB.json is given through the page configuration as its default text between
 * ⟦ and ⟧, in the pseudo-locale, and on every page of the reference host, the cost dialog and the
 * engineer's screen included, at a desk's width and a phone's, every text inside an fm-* element,
 * and every label, placeholder and title there, is either inside those marks or the host's own: a
 * value of a JSON answer the page was given, of an element's data-* attribute or of the page's own
 * markup, or a number, a date or an amount. The same visit lays the page out in words a third
 * longer: nothing scrolls sideways, no text is cut short.
 */

const DEFAULTS: Record<string, string> = JSON.parse(
  readFileSync(new URL('../../dist/messages/en-GB.json', import.meta.url), 'utf8'),
);
const MARKED = Object.fromEntries(
  Object.entries(DEFAULTS).map(([key, text]) => [key, `⟦${text}⟧`]),
);

/** The page's configuration block with every key's marked text added to it. */
const CONFIG = /(<script type="application\/json"[^>]*id="fm-config"[^>]*>)([\s\S]*?)(<\/script>)/;

/**
 * Serves the host's pages with `words` added to their configuration, and keeps the host's
 * strings in `hostStrings`; resolves what stops it.
 */
async function withWords(
  page: Page,
  words: Record<string, unknown>,
  hostStrings = new Set<string>(),
): Promise<() => Promise<void>> {
  const keep = (value: unknown): void => {
    if (typeof value === 'string') hostStrings.add(value.trim());
    else if (typeof value === 'number') hostStrings.add(String(value));
    else if (value && typeof value === 'object') Object.values(value).forEach(keep);
  };
  // The host's own requests only: the analytics service's stay as they are.
  await page.route(`${baseUrl}/**`, async (route: Route) => {
    const request = route.request();
    if (request.resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    const marked = html.replace(CONFIG, (_all, open: string, json: string, close: string) => {
      const config = JSON.parse(json || '{}') as Record<string, unknown>;
      return `${open}${JSON.stringify({ ...config, ...words }).replaceAll('<', '\\u003c')}${close}`;
    });
    for (const [, text] of html.matchAll(/>([^<>]+)</g)) hostStrings.add(decode(text ?? ''));
    for (const [, , value] of html.matchAll(/data-[\w-]+=(["'])([\s\S]*?)\1/g)) {
      const text = decode(value ?? '');
      hostStrings.add(text.trim());
      try {
        keep(JSON.parse(text));
      } catch {
        // Not JSON: kept as it is.
      }
    }
    return route.fulfill({ response, body: marked });
  });
  const answered = async (response: Response) => {
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    try {
      keep(await response.json());
    } catch {
      // A body already gone (a navigation) or not JSON.
    }
  };
  page.on('response', answered);
  return async () => {
    page.off('response', answered);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  };
}

/** The few entities a host's markup writes. */
function decode(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#039;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
    .trim();
}

/** Every text inside the widgets not between ⟦ and ⟧, and every label there without them. */
function unmarked(page: Page): Promise<{ text: string; where: string }[]> {
  return page.evaluate(() => {
    const found: { text: string; where: string }[] = [];
    const where = (element: Element) =>
      `${element.closest('[class]')?.className.toString().split(' ')[0] ?? element.localName}`;
    // The outermost elements of ours: each widget, with everything it draws inside it.
    const roots = [...document.querySelectorAll('*')].filter(
      (element) =>
        element.localName.startsWith('fm-') &&
        ![...document.querySelectorAll('*')].some(
          (other) =>
            other !== element && other.localName.startsWith('fm-') && other.contains(element),
        ),
    );
    for (const root of roots) {
      // What is neither shown nor read out (visibility: hidden, as Dropzone's own file input) is not looked at.
      const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true });
      for (const element of [root, ...root.querySelectorAll('*')]) {
        if (!shown(element)) continue;
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = element.getAttribute(name)?.trim();
          if (value && !value.includes('⟦'))
            found.push({ text: value, where: `${where(element)}[${name}]` });
        }
      }
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let depth = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const before = depth;
        for (const char of text) {
          if (char === '⟦') depth += 1;
          if (char === '⟧') depth = Math.max(0, depth - 1);
        }
        const parent = node.parentElement;
        if (!parent || before > 0 || text.includes('⟦') || text.includes('⟧')) continue;
        if (parent.closest('script, style, template') || !shown(parent)) continue;
        if (text.trim() !== '') found.push({ text: text.trim(), where: where(parent) });
      }
    }
    return found;
  });
}

/** The pickers' formats (docs/words.md: formats, not words). */
const FORMATS = /\b(YYYY-MM-DD|DD\/MM\/YYYY HH:mm)\b/g;

/** Words, not figures: two letters in a row once formats, numbers, dates and amounts are out. */
const isWords = (text: string) =>
  /\p{L}{2}/u.test(text.replace(FORMATS, '').replace(/\d[\d,./:£%–-]*/g, ''));

/** The texts a page shows that no key made and the host did not give. */
function missed(found: { text: string; where: string }[], host: Set<string>): string[] {
  return [
    ...new Set(
      found
        .filter(({ text }) => isWords(text))
        .filter(({ text }) => !host.has(text))
        .map(({ text, where }) => `${text}  (${where})`),
    ),
  ];
}

/** The pages of the host that show widgets (the engineer's screen among them). */
const PAGES = HOST_PAGES.filter(({ status }) => status === undefined);

/**
 * Text cut short inside the widgets: an element that hides what overflows it (overflow hidden or
 * clip, or an ellipsis) and whose own text is wider or taller than its box.
 */
function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[class*="fm-"] *, [class*="fm-"]')]
      .filter((element) => {
        const style = getComputedStyle(element);
        const hides =
          /hidden|clip/.test(style.overflowX + style.overflowY) ||
          style.textOverflow === 'ellipsis';
        const ownText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        );
        const cut =
          element.scrollWidth > element.clientWidth + 1 ||
          element.scrollHeight > element.clientHeight + 1;
        return (
          hides &&
          ownText &&
          cut &&
          !element.closest('.fm-visually-hidden') &&
          element.checkVisibility()
        );
      })
      .map((element) => `${element.className}: ${(element.textContent ?? '').trim().slice(0, 60)}`),
  );
}

/**
 * What the page shows in the pseudo-locale with every key marked: the texts no key made, whether
 * it scrolls sideways, the texts cut short, and whether the pseudo-locale took (the menu's own
 * words accented and bracketed).
 */
async function readPage(page: Page, host: Set<string>) {
  const found = await unmarked(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  const pseudo = await page.evaluate(() =>
    /\[[^\]]*[àáâãäåèéêëìíîïòóôõöùúûü]/.test(document.querySelector('fm-nav')?.innerHTML ?? ''),
  );
  return {
    missed: missed(found, host),
    overflow: Math.max(0, overflow),
    clipped: await clippedText(page),
    pseudo,
  };
}

const AS_IT_SHOULD = { missed: [], overflow: 0, clipped: [], pseudo: true };

/** Every key marked, in the pseudo-locale (about a third longer): one visit checks both. */
const WORDS = { messages: MARKED, locale: 'en-XA' };

describe.skipIf(!browserAvailable)(
  'every word shown comes from the catalog, and every page takes words a third longer',
  () => {
    const browser = useBrowser();
    describe.each(VIEWPORTS)('at $width px', (viewport) => {
      // Every page read as the host sends it: the engineer's offline worker would answer a page
      // it keeps from its own copy, which the marked words never reach.
      const pool = usePagePool(browser, () => ({
        viewport: { width: viewport.width, height: viewport.height },
        serviceWorkers: 'block',
      }));
      it.concurrent.for(PAGES)(
        '$path: no word but the catalog’s or the host’s, no sideways scroll, no text cut short',
        (hostPage, { expect }) =>
          pool.walk(async ({ page }) => {
            const host = new Set<string>();
            const stop = await withWords(page, WORDS, host);
            await openPage(page, hostPage.path);
            await settle(page);
            const read = await readPage(page, host);
            await stop();
            expect(read).toEqual(AS_IT_SHOULD);
          }),
      );

      it('the cost dialog of job 1001, as every page', ({ expect }) =>
        pool.walk(async ({ page }) => {
          const host = new Set<string>();
          const stop = await withWords(page, WORDS, host);
          await openPage(page, '/client/jobs/view/1001');
          await settle(page);
          await page.locator('fm-cost-approval button').first().click();
          await page.getByRole('dialog').locator('.fm-cost-summary').waitFor();
          await settle(page);
          const read = await readPage(page, host);
          await stop();
          expect(read).toEqual(AS_IT_SHOULD);
        }));
    });
  },
);
