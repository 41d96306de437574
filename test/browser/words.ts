import { readFileSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { givePageConfig } from './host-pages';

/*
 * The words of every page, read in the walk of words.spec.ts: every key of
 * dist/messages/en-GB.json is given through the page configuration as its default text between
 * ⟦ and ⟧, in the pseudo-locale, and every text inside an fm-* element, and every label,
 * placeholder and title there, must be either inside those marks or the host's own: a value of a
 * JSON answer the page was given, of an element's data-* attribute or of the page's own markup,
 * or a number, a date or an amount (docs/words.md). The same visit lays the page out in words a
 * third longer: nothing may scroll sideways, no text may be cut short.
 */

const DEFAULTS: Record<string, string> = JSON.parse(
  readFileSync(new URL('../../dist/messages/en-GB.json', import.meta.url), 'utf8'),
);
const MARKED = Object.fromEntries(
  Object.entries(DEFAULTS).map(([key, text]) => [key, `⟦${text}⟧`]),
);

/** Every key marked, in the pseudo-locale (about a third longer): one visit checks both. */
const WORDS = { messages: MARKED, locale: 'en-XA' };

/**
 * From now on, every page `page` opens (its frames too) takes WORDS into its configuration
 * (givePageConfig), and what the host sent it (its markup, its data-* attributes, its JSON
 * answers) is kept for readWords().
 */
export async function speakMarkedWords(page: Page): Promise<void> {
  await givePageConfig(page, WORDS);
  const host = new Set<string>();
  const readings: Promise<void>[] = [];
  sent.set(page, { strings: host, readings });
  const keep = (value: unknown): void => {
    if (typeof value === 'string') host.add(value.trim());
    else if (typeof value === 'number') host.add(String(value));
    else if (value && typeof value === 'object') Object.values(value).forEach(keep);
  };
  const read = async (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() === 'document' && type.includes('html')) {
      const html = await response.text();
      for (const [, text] of html.matchAll(/>([^<>]+)</g)) host.add(decode(text ?? ''));
      for (const [, , value] of html.matchAll(/data-[\w-]+=(["'])([\s\S]*?)\1/g)) {
        const text = decode(value ?? '');
        host.add(text.trim());
        try {
          keep(JSON.parse(text));
        } catch {
          // Not JSON: kept as it is.
        }
      }
    } else if (type.includes('json')) keep(await response.json());
  };
  page.on('response', (response) => {
    const reading = read(response).catch(() => {
      // A body already gone (the page left) or not what it said it was.
    });
    readings.push(reading);
  });
}

/**
 * For each page given the marked words: the host's strings it was sent, and the readings of its
 * answers' bodies, awaited before the page is read.
 */
const sent = new WeakMap<Page, { strings: Set<string>; readings: Promise<void>[] }>();

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
 * What the page shows in the pseudo-locale with every key marked (speakMarkedWords): the texts
 * no key made, the texts cut short, and whether the pseudo-locale took (the menu's own words
 * accented and bracketed).
 */
export async function readWords(page: Page) {
  const given = sent.get(page);
  if (!given)
    throw new Error('readWords: the page was not given the marked words (speakMarkedWords)');
  await Promise.all(given.readings.splice(0));
  const host = given.strings;
  const found = await unmarked(page);
  const pseudo = await page.evaluate(() =>
    /\[[^\]]*[àáâãäåèéêëìíîïòóôõöùúûü]/.test(document.querySelector('fm-nav')?.innerHTML ?? ''),
  );
  const read = { missed: missed(found, host), clipped: await clippedText(page), pseudo };
  // The next page of the walk is read against what the host sends it.
  host.clear();
  return read;
}

/** What readWords() gives for a page whose every word is the catalog's. */
export const WORDS_AS_THEY_SHOULD = { missed: [], clipped: [], pseudo: true };
