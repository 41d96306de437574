import { readFileSync } from 'node:fs';
import type { Page, Response, Route } from 'playwright-core';
import { describe, it } from 'vitest';
import { baseUrl, browserAvailable, useBrowser, usePagePool } from './harness';
import { HOST_PAGES, openPage, settle, VIEWPORTS } from './host-pages';

/*
 * Every word the widgets show comes from the catalog (docs/words.md): every key of
 * dist/messages/en-GB.json is given through the page configuration as its default text between
 * ⟦ and ⟧, and on every page of the reference host, the cost dialog and the engineer's screen
 * included, at a desk's width and a phone's, every text inside an fm-* element, and every label,
 * placeholder and title there, is either inside those marks or the host's own: a value of a JSON
 * answer the page was given, of an element's data-* attribute or of the page's own markup, or a
 * number, a date or an amount.
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

describe.skipIf(!browserAvailable)('every word shown comes from the catalog', () => {
  const browser = useBrowser();
  describe.each(VIEWPORTS)('at $width px', (viewport) => {
    const pool = usePagePool(browser, () => ({
      viewport: { width: viewport.width, height: viewport.height },
    }));
    it.concurrent.for(PAGES)('$path', (hostPage, { expect }) =>
      pool.walk(async ({ page }) => {
        const host = new Set<string>();
        const stop = await withWords(page, { messages: MARKED }, host);
        await openPage(page, hostPage.path);
        await settle(page);
        const found = await unmarked(page);
        await stop();
        expect(missed(found, host)).toEqual([]);
      }),
    );

    it('the cost dialog of job 1001', ({ expect }) =>
      pool.walk(async ({ page }) => {
        const host = new Set<string>();
        const stop = await withWords(page, { messages: MARKED }, host);
        await openPage(page, '/client/jobs/view/1001');
        await settle(page);
        await page
          .getByRole('button', { name: /Cost approval/ })
          .first()
          .click();
        await page.getByRole('dialog').locator('.fm-cost-summary').waitFor();
        await settle(page);
        const found = await unmarked(page);
        await stop();
        expect(missed(found, host)).toEqual([]);
      }));
  });
});

describe.skipIf(!browserAvailable)(
  'the pseudo-locale: a third longer, every page laid out as in en-GB',
  () => {
    const browser = useBrowser();
    describe.each(VIEWPORTS)('at $width px', (viewport) => {
      const pool = usePagePool(browser, () => ({
        viewport: { width: viewport.width, height: viewport.height },
      }));
      it.concurrent.for(PAGES)(
        '$path: no sideways scroll, no text cut short',
        (hostPage, { expect }) =>
          pool.walk(async ({ page }) => {
            const stop = await withWords(page, { locale: 'en-XA' });
            await openPage(page, hostPage.path);
            await settle(page);
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            const clipped = await clippedText(page);
            // The pseudo-locale took: the menu's own words are accented and bracketed.
            const pseudo = await page.evaluate(() =>
              /\[[^\]]*[àáâãäåèéêëìíîïòóôõöùúûü]/.test(
                document.querySelector('fm-nav')?.innerHTML ?? '',
              ),
            );
            await stop();
            expect({ overflow: Math.max(0, overflow), clipped, pseudo }).toEqual({
              pseudo: true,
              overflow: 0,
              clipped: [],
            });
          }),
      );
    });
  },
);
