// The portal's frame in Firefox and WebKit at 360 × 740, as test/browser/portal.spec.ts does in
// Chromium (docs/portal.md): the frame as tall as its page, and the cost dialog opened far down
// it on screen however the portal is scrolled.
import { describe, expect, it } from 'vitest';
import { STEP_LIMIT_MS } from '../browser/harness-constants';
import { ENGINES, engineAvailable, problemsOf, settle, useEngine, waitUntil } from './engines';

const PHONE = { width: 360, height: 740 };

/** The frame's inner height against its page's <html> height (the frame's own CSS px). */
const frameFitsItsPage = () => {
  const frame = document.querySelector<HTMLIFrameElement>('iframe.portal-frame');
  const root = frame?.contentDocument?.documentElement;
  return (
    root !== undefined &&
    root.getBoundingClientRect().height > 740 &&
    frame?.clientHeight === Math.ceil(root.getBoundingClientRect().height)
  );
};

/**
 * True when the framed cost dialog, its × and `also` (a selector in the frame) lie within the
 * portal's screen: the frame's offset plus each box in the frame, to a rounding pixel.
 */
const dialogOnScreen = (also: string) => {
  const frame = document.querySelector<HTMLIFrameElement>('iframe.portal-frame');
  const framed = frame?.contentDocument;
  if (!frame || !framed) return false;
  const origin = frame.getBoundingClientRect();
  return ['[role="dialog"]', '.fm-dialog__close', also].every((selector) => {
    const box = framed.querySelector(selector)?.getBoundingClientRect();
    if (!box) return false;
    const top = origin.top + frame.clientTop + box.top;
    const left = origin.left + frame.clientLeft + box.left;
    return (
      top >= -1 &&
      top + box.height <= window.innerHeight + 1 &&
      left >= -1 &&
      left + box.width <= window.innerWidth + 1
    );
  });
};

describe.each(ENGINES)('%s', (engine) => {
  describe.skipIf(!engineAvailable(engine))('the portal at 360 × 740', () => {
    const open = useEngine(engine, PHONE);

    it('sizes the frame to its page; the cost dialog opened far down it lies on screen, and follows the scroll', async () => {
      const page = open();
      await page.goto('/portal');
      await settle(page);
      await waitUntil(page, frameFitsItsPage, 'the frame as tall as its page');

      // Scroll the portal to the Cost approval button, far down the frame, and press it at once,
      // before the frame has heard where it now is: the dialog must not jump the portal back.
      const scrolledTo = await page.evaluate(() => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe.portal-frame');
        const button = frame?.contentDocument?.querySelector<HTMLElement>(
          'fm-cost-approval .fm-cost-approval__open',
        );
        if (!frame || !button) throw new Error('no Cost approval button in the frame');
        const top = frame.getBoundingClientRect().top + button.getBoundingClientRect().top;
        window.scrollTo(0, window.scrollY + top - 500);
        button.click();
        return window.scrollY;
      });
      await waitUntil(
        page,
        () =>
          document
            .querySelector<HTMLIFrameElement>('iframe.portal-frame')
            ?.contentDocument?.querySelector('[role="dialog"] .fm-cost__approve') != null,
        'the cost dialog with Approve',
      );
      await waitUntil(
        page,
        dialogOnScreen,
        'the dialog on screen',
        STEP_LIMIT_MS,
        '.fm-dialog__body',
      );
      expect(scrolledTo).toBeGreaterThan(700);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);

      // Approve is reached by scrolling the dialog's body alone: the portal stays where it is.
      await page.evaluate(() =>
        document
          .querySelector<HTMLIFrameElement>('iframe.portal-frame')
          ?.contentDocument?.querySelector('.fm-cost__approve')
          ?.scrollIntoView({ block: 'nearest' }),
      );
      await waitUntil(
        page,
        dialogOnScreen,
        'Approve on screen',
        STEP_LIMIT_MS,
        '.fm-cost__approve',
      );
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);

      for (const by of [-400, 600]) {
        await page.evaluate((pixels: number) => window.scrollBy(0, pixels), by);
        await waitUntil(
          page,
          dialogOnScreen,
          `scrolled by ${by}`,
          STEP_LIMIT_MS,
          '.fm-dialog__body',
        );
      }
      expect(await problemsOf(page)).toEqual([]);
    });
  });
});
