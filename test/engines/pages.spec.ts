import { afterAll, describe, expect, it } from 'vitest';
import { startScratchServer } from '../../demo/server/start';
import { AXE_SOURCE, COLOUR_MODES, type ContrastFailure, contrastIn } from '../browser/contrast';
import { HOST_PAGES, VIEWPORTS, type Viewport, WIDGET_HOST_PAGES } from '../browser/host-pages';
import {
  ENGINES,
  type EngineName,
  type EnginePage,
  engineAvailable,
  problemsOf,
  settle,
  useEngine,
} from './engines';

/** Each fm-* element of the page that is not defined, or defined but empty. */
function unrendered(page: EnginePage): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((element) => element.localName.startsWith('fm-'))
      .flatMap((element) => {
        if (!customElements.get(element.localName)) return [`${element.localName}: not defined`];
        const box = element.getBoundingClientRect();
        const shown = element.childElementCount > 0 || (element.textContent ?? '').trim() !== '';
        return shown || box.height > 0 ? [] : [`${element.localName}: rendered nothing`];
      }),
  );
}

/**
 * The host of this walk runs on real Bootstrap 5.3, the host most integrators have, so each page
 * is also checked in its light and dark modes (the host's own sheet is walked in Chromium).
 */
const bootstrap5 = await startScratchServer('fm-engines-bootstrap5', {
  testMode: true,
  quiet: true,
  bootstrap: 5,
});
afterAll(() => bootstrap5.close());

/** What axe-core's colour-contrast rule finds inside the widgets, in each mode. */
async function contrastFailures(page: EnginePage): Promise<Record<string, ContrastFailure[]>> {
  await page.run(AXE_SOURCE);
  const seen: Record<string, ContrastFailure[]> = {};
  for (const mode of COLOUR_MODES) {
    const failures = await page.evaluate(contrastIn, mode);
    if (failures.length > 0) seen[mode] = failures;
  }
  return seen;
}

/**
 * The widths each engine walks at: WebKit at both, as it is on an engineer's iPhone and a Mac on
 * a desk; Firefox at the desk's, where it is used (Chromium walks both widths, and what a phone's
 * width changes is the host's and the widgets' media queries, read alike by every engine). At
 * the phone's width WebKit walks the pages of each widget with a form, a table or a dialog, the
 * engineer's among them (WIDGET_PAGES): the other pages are lists and reports of the same widgets.
 */
const WIDTHS: Record<EngineName, readonly Viewport[]> = {
  Firefox: VIEWPORTS.filter((viewport) => viewport.name === 'desk'),
  WebKit: VIEWPORTS,
};

// Firefox and WebKit side by side, each in its own window: the waits of one page (its files,
// its quiet time) are spent on the other engine's. Within an engine, one window walks the pages
// in turn, one viewport after the other. The colours do not change with the width, so each
// engine reads the contrast at the desk's only: that was half of this walk's CPU (124 of 256
// CPU-seconds), and Chromium reads it at both widths (test/browser/bootstrap.spec.ts).
describe.concurrent.each(ENGINES)('%s', (engine) => {
  describe.skipIf(!engineAvailable(engine))('every page of the reference host', () => {
    describe.sequential.each(WIDTHS[engine])('at $width px', (viewport) => {
      const open = useEngine(engine, viewport);
      const readable = viewport.name === 'desk';

      const pages = viewport.name === 'desk' ? HOST_PAGES : WIDGET_HOST_PAGES;
      it.sequential.each(pages)(
        `$path: each element defined and rendered, no error, no CSP violation, no sideways scroll${readable ? ', readable light and dark' : ''}`,
        async ({ path }) => {
          const page = open();
          await page.goto(`${bootstrap5.url}${path}`);
          await settle(page, { rendered: true });
          // Wider than the viewport (its scrollbar aside) is a page that scrolls sideways.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect({
            elements: await unrendered(page),
            problems: await problemsOf(page),
            overflow: Math.max(0, overflow),
            contrast: readable ? await contrastFailures(page) : {},
          }).toEqual({ elements: [], problems: [], overflow: 0, contrast: {} });
        },
      );
    });
  });
});
