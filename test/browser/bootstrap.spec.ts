// Under real Bootstrap: the widgets write Bootstrap's classes in light DOM for the host's
// Bootstrap to style, so every page of the reference host is opened with the host styled by
// Bootstrap 3, 4 and 5 (`--bootstrap=N`, demo/server/bootstrap.ts) and checked as a user would see
// it: nothing scrolls the page sideways, no control clips its text or stands out of line with the
// control it is joined to, text is readable, every widget rendered, and the console stays clean.
// Bootstrap 5.3 is walked on every page, Bootstrap 3 and 4 on the pages of WIDGET_PAGES, each page
// opened at a desk's width and, on the pages of WIDGET_PAGES, checked again at a phone's, made
// narrower in place. Under Bootstrap 5.3 each page is checked for colour contrast too, in the same
// visit (contrastEverywhere).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, type ExpectStatic, it } from 'vitest';
import { BOOTSTRAP_VERSIONS, type BootstrapVersion } from '../../demo/server/bootstrap';
import { type ScratchServer, startScratchServer } from '../../demo/server/start';
import { AXE_SOURCE, COLOUR_MODES, type ContrastFailure, contrastIn } from './contrast';
import { browserAvailable, elementStates, useBrowser, usePagePool } from './harness';
import {
  AT_SITE_1,
  DESK,
  HOST_PAGES,
  type HostPage,
  openPage,
  PHONE,
  settle,
  VIEWPORTS,
  type Viewport,
  WIDGET_HOST_PAGES,
  WIDGET_PAGES,
} from './host-pages';

/** The smallest computed font size of a button, field or label anyone should have to read. */
const MIN_CONTROL_FONT_PX = 12;
/** …and of any other text a widget writes (Bootstrap 3's <small> is 11.9 px). */
const MIN_TEXT_FONT_PX = 11;

/*
 * The widgets wear the host's colours: under real Bootstrap 5.3, in its light and dark modes
 * (`data-bs-theme` on <html>, as a Bootstrap 5.3 layout prints it), at a desk's width and (on the
 * pages of WIDGET_PAGES) a phone's, every text inside the widgets stands out from its background
 * (axe-core's colour-contrast rule, WCAG AA). Each page is checked so in the walk at the desk's
 * width, after the checks of its controls; the phone's width is the same page made narrower (and
 * wide again after), and each mode is the attribute changed in place.
 */
async function contrastEverywhere(
  page: Page,
  path: string,
): Promise<Record<string, ContrastFailure[]>> {
  await page.evaluate(AXE_SOURCE);
  const seen: Record<string, ContrastFailure[]> = {};
  // The colours do not change with the width; what a phone's width shows that a desk's does not
  // (the menu button, a table's frame) is on the pages of WIDGET_PAGES.
  const widths = WIDGET_PAGES.has(path) ? [...VIEWPORTS].reverse() : VIEWPORTS.slice(0, 1);
  for (const viewport of widths) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const mode of COLOUR_MODES) {
      const failures = await page.evaluate(contrastIn, mode);
      if (failures.length > 0) seen[`${viewport.width} px, ${mode}`] = failures;
    }
  }
  return seen;
}

/**
 * What is wrong with the controls of the page as drawn: a button or field whose text (its value
 * or placeholder) does not fit inside it, a control whose text is smaller than `minFont` px, and
 * a control of an input group out of line with the others, and a widget's text smaller than
 * `minText` px.
 */
function controlProblems(page: Page, minFont: number, minText: number): Promise<string[]> {
  return page.evaluate(
    ({ minFont, minText }) => {
      const problems: string[] = [];
      const visible = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      };
      const name = (element: Element) => {
        const owner = element.parentElement?.closest('[id], [class^="fm-"]');
        const text =
          (element as HTMLInputElement).placeholder ||
          element.getAttribute('aria-label') ||
          element.textContent?.trim().slice(0, 30) ||
          (element as HTMLInputElement).name;
        const where = owner
          ? ` in ${owner.localName}${owner.id ? `#${owner.id}` : `.${owner.classList[0]}`}`
          : '';
        return `${element.localName}${element.classList.length ? `.${[...element.classList].join('.')}` : ''} "${text}"${where}`;
      };
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      const textWidth = (text: string, style: CSSStyleDeclaration) => {
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return context.measureText(text).width;
      };
      const TEXT_FIELDS =
        'input:not([type]), input[type="text"], input[type="search"], input[type="email"], input[type="password"], input[type="number"], input[type="tel"], input[type="url"]';
      const controls = [
        ...document.querySelectorAll(`button, .btn, select, textarea, label, ${TEXT_FIELDS}`),
      ].filter(visible);
      for (const control of controls) {
        const style = getComputedStyle(control);
        const fontSize = Number.parseFloat(style.fontSize);
        if (fontSize < minFont) problems.push(`${name(control)}: text ${fontSize}px`);
        if (control.localName === 'label') continue;
        const html = control as HTMLElement;
        if (control.matches(TEXT_FIELDS)) {
          const field = control as HTMLInputElement;
          const room =
            field.clientWidth -
            Number.parseFloat(style.paddingLeft) -
            Number.parseFloat(style.paddingRight);
          const text = field.value || field.placeholder;
          // The placeholder is no part of scrollWidth: measured as drawn in the field's font.
          if (text && textWidth(text, style) > room + 1) {
            problems.push(
              `${name(control)}: "${text}" is wider than its field (${Math.round(room)}px)`,
            );
          }
          if (field.scrollHeight > field.clientHeight + 1) {
            problems.push(`${name(control)}: text taller than its field`);
          }
        } else if (control.localName !== 'select' && control.localName !== 'textarea') {
          if (
            html.scrollWidth > html.clientWidth + 1 ||
            html.scrollHeight > html.clientHeight + 1
          ) {
            problems.push(
              `${name(control)}: text overflows (${html.scrollWidth}×${html.scrollHeight} in ${html.clientWidth}×${html.clientHeight})`,
            );
          }
        }
      }
      // An input group's field and buttons are one bar: same top, same bottom.
      for (const group of document.querySelectorAll('.input-group, .fm-input-group')) {
        const parts = [...group.children]
          .filter(visible)
          .map((part) => part.getBoundingClientRect());
        const tops = parts.map((box) => Math.round(box.top));
        const bottoms = parts.map((box) => Math.round(box.bottom));
        if (
          Math.max(...tops) - Math.min(...tops) > 1 ||
          Math.max(...bottoms) - Math.min(...bottoms) > 1
        ) {
          problems.push(
            `${name(group)}: out of line (tops ${tops.join(', ')}; bottoms ${bottoms.join(', ')})`,
          );
        }
      }
      // A row of filters: its button as tall as the one-line selects beside it, and in line.
      for (const row of document.querySelectorAll('.fm-report-filters')) {
        const button = row.querySelector('button[type="submit"]');
        if (!button || !visible(button)) continue;
        const box = button.getBoundingClientRect();
        for (const select of row.querySelectorAll('select:not([multiple])')) {
          const other = select.getBoundingClientRect();
          if (other.bottom <= box.top || other.top >= box.bottom) continue;
          if (
            Math.abs(other.top - box.top) > 1 ||
            Math.abs(other.bottom - box.bottom) > 1 ||
            getComputedStyle(select).fontSize !== getComputedStyle(button).fontSize
          ) {
            problems.push(
              `${name(button)}: out of line with ${name(select)} (${Math.round(box.top)}–${Math.round(box.bottom)}, ${getComputedStyle(button).fontSize}; ${Math.round(other.top)}–${Math.round(other.bottom)}, ${getComputedStyle(select).fontSize})`,
            );
          }
        }
      }
      // The host's own fields are Bootstrap's (.form-control, .form-select under 5): a bare
      // field is drawn by the browser, a white box on a dark page.
      for (const field of document.querySelectorAll(`select, textarea, ${TEXT_FIELDS}`)) {
        if (!visible(field) || field.closest('[class^="fm-"], header')) continue;
        if (!field.matches('.form-control, .form-select')) {
          problems.push(`${name(field)}: a bare field on a Bootstrap page`);
        }
      }
      // A one-line select shows its arrow: the browser's, or Bootstrap 5's .form-select image
      // (.form-control alone takes the arrow away, and the select reads as a text box).
      for (const select of document.querySelectorAll('select:not([multiple])')) {
        const style = getComputedStyle(select);
        if (visible(select) && style.appearance === 'none' && style.backgroundImage === 'none') {
          problems.push(`${name(select)}: a select with no arrow`);
        }
      }
      // A table of ours is titled above it (Bootstrap's reboot puts a caption below), and a
      // table in a box of its own fills the box, its rules from edge to edge.
      for (const caption of document.querySelectorAll('[class^="fm-"] caption')) {
        const firstRow = caption.parentElement?.querySelector('tr');
        if (
          visible(caption) &&
          firstRow &&
          caption.getBoundingClientRect().top > firstRow.getBoundingClientRect().top
        ) {
          problems.push(`${name(caption)}: a caption under its table`);
        }
      }
      for (const box of document.querySelectorAll('.fm-compliance__scroll')) {
        const table = box.querySelector('table');
        if (visible(box) && table && table.getBoundingClientRect().width < box.clientWidth - 1) {
          problems.push(
            `${name(table)}: ${Math.round(table.getBoundingClientRect().width)} px in a box of ${box.clientWidth}`,
          );
        }
      }
      // A table's page buttons (First, Prev, Next, Last) on one line: "Last" alone below read
      // as something else.
      for (const pager of document.querySelectorAll('.fm-table__pager')) {
        const tops = new Set(
          [...pager.querySelectorAll('button.tabulator-page')]
            .filter(visible)
            .map((button) => Math.round(button.getBoundingClientRect().top)),
        );
        if (tops.size > 1) problems.push(`${name(pager)}: page buttons on ${tops.size} lines`);
      }
      // A line of filters: each control (the Fascias list too) starts at one height, under a
      // label on one line.
      for (const row of document.querySelectorAll('.fm-report-filters')) {
        const fields = [...row.children].filter(visible).map((field) => ({
          field: field.getBoundingClientRect(),
          control: field.querySelector('select, input, button'),
        }));
        for (const one of fields) {
          for (const other of fields) {
            if (!one.control || !other.control || one === other) continue;
            if (one.field.bottom <= other.field.top || one.field.top >= other.field.bottom)
              continue;
            const [top, otherTop] = [one.control, other.control].map((control) =>
              Math.round(control.getBoundingClientRect().top),
            );
            if (Math.abs((top ?? 0) - (otherTop ?? 0)) > 1) {
              problems.push(
                `${name(one.control)} starts at ${top}, ${name(other.control)} beside it at ${otherTop}`,
              );
            }
          }
        }
      }
      // Any other text the widgets write.
      for (const element of document.querySelectorAll('[class^="fm-"], [class^="fm-"] *')) {
        const ownText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        );
        const fontSize = Number.parseFloat(getComputedStyle(element).fontSize);
        if (ownText && visible(element) && fontSize < minText) {
          problems.push(`${name(element)}: text ${fontSize}px`);
        }
      }
      return [...new Set(problems)];
    },
    { minFont, minText },
  );
}

/** A computed colour (`rgb(…)`, `rgba(…)` or `color(srgb …)`, as Chromium gives a color-mix()) as 0–255 channels and alpha. */
function channels(colour: string): { rgb: number[]; alpha: number } {
  const srgb = colour.match(/^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)$/);
  if (srgb) {
    return {
      rgb: srgb.slice(1, 4).map((part) => Number(part) * 255),
      alpha: srgb[4] === undefined ? 1 : Number(srgb[4]),
    };
  }
  const rgb = colour.match(/^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/);
  if (!rgb) throw new Error(`not a colour: ${colour}`);
  return { rgb: rgb.slice(1, 4).map(Number), alpha: rgb[4] === undefined ? 1 : Number(rgb[4]) };
}

/** WCAG's relative luminance, 0 (black) to 1 (white). */
function luminance(colour: string): number {
  const [r = 0, g = 0, b = 0] = channels(colour).rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The colours (as computed) of what `selector` matches first: its text and the background it is drawn on. */
function drawnColours(page: Page, selector: string): Promise<{ text: string; background: string }> {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (!element) throw new Error(`no ${selector}`);
    let painted: Element | null = element;
    while (painted) {
      const background = getComputedStyle(painted).backgroundColor;
      if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') {
        return { text: getComputedStyle(element).color, background };
      }
      painted = painted.parentElement;
    }
    return { text: getComputedStyle(element).color, background: 'rgb(255, 255, 255)' };
  }, selector);
}

describe.skipIf(!browserAvailable)('the reference host under real Bootstrap', () => {
  const browser = useBrowser();

  describe.each(BOOTSTRAP_VERSIONS)('Bootstrap %i', (version: BootstrapVersion) => {
    let server: ScratchServer;
    beforeAll(async () => {
      server = await startScratchServer(`fm-bootstrap${version}`, {
        testMode: true,
        quiet: true,
        bootstrap: version,
      });
    });
    afterAll(() => server?.close());

    // The host's colours (docs/theming.md), on one page going from page to page: Bootstrap 5.3's
    // variables, so under 5 only (under 3 and 4 nothing is declared, rather than skipped).
    if (version === 5) {
      describe("in the host's colours", () => {
        // Opened before the tests: a page opened in a test is closed after it (harness.ts).
        let opened: Page;
        beforeAll(async () => {
          opened = (await browser.newPage({ baseURL: server.url })).page;
        });

        it('takes the accent from --bs-primary on <html>, and --fm-accent on <html> or an element over it', async ({
          expect,
        }) => {
          const page = opened;
          await openPage(page, '/dashboard');
          await settle(page);
          const accents = () =>
            page.evaluate(() => {
              const tile = document.querySelector('fm-dashboard-tile .fm-tile') as HTMLElement;
              // The spinner turns while a count loads: one is drawn to read its colours.
              const spinner = document.createElement('span');
              spinner.className = 'fm-spinner';
              tile.append(spinner);
              const refresh = tile.querySelector('.fm-tile__refresh') as HTMLElement;
              refresh.focus({ focusVisible: true } as FocusOptions);
              const current = document.querySelector('fm-nav .fm-nav__link[aria-current="page"]');
              const found = {
                count: getComputedStyle(tile.querySelector('.fm-tile__count') as Element).color,
                spinner: getComputedStyle(spinner).borderTopColor,
                focus: refresh.matches(':focus-visible')
                  ? getComputedStyle(refresh).outlineColor
                  : 'not focus-visible',
                current: current
                  ? getComputedStyle(current).textDecorationColor
                  : 'no current link',
              };
              spinner.remove();
              refresh.blur();
              return found;
            });
          const all = (colour: string) => ({
            count: colour,
            spinner: colour,
            focus: colour,
            current: colour,
          });

          expect(await accents()).toEqual(all('rgb(13, 110, 253)'));
          await page.evaluate(() =>
            document.documentElement.style.setProperty('--bs-primary', '#7a1fa2'),
          );
          expect(await accents()).toEqual(all('rgb(122, 31, 162)'));
          await page.evaluate(() =>
            document.documentElement.style.setProperty('--fm-accent', '#146c43'),
          );
          expect(await accents()).toEqual(all('rgb(20, 108, 67)'));
          await page.evaluate(() =>
            (document.querySelector('fm-nav') as HTMLElement).style.setProperty(
              '--fm-accent',
              '#b02a37',
            ),
          );
          const mixed = await accents();
          expect(mixed.current).toBe('rgb(176, 42, 55)');
          expect(mixed.count).toBe('rgb(20, 108, 67)');
        });

        it.for([
          { path: '/dashboard', selector: 'fm-dashboard-tile .fm-tile__title' },
          { path: '/users/edit/2', selector: 'fm-user-form .fm-label' },
          { path: '/client/jobs', selector: 'fm-data-table .tabulator-row .tabulator-cell' },
          { path: '/reports/compliance', selector: 'fm-compliance .fm-compliance__legend li' },
          { path: '/reports/compliance', selector: 'fm-compliance .fm-compliance__figures td' },
        ])(
          'draws $selector light on dark under data-bs-theme="dark"',
          async ({ path, selector }, { expect }) => {
            const page = opened;
            await openPage(page, path);
            await settle(page);
            await page.evaluate(() => {
              document.documentElement.dataset.bsTheme = 'dark';
              // The reference host's own sheet paints its page and cards light in either mode.
              for (const element of document.querySelectorAll<HTMLElement>('body, .card')) {
                element.style.background = 'var(--bs-body-bg)';
              }
            });
            const { text, background } = await drawnColours(page, selector);
            expect({
              selector,
              text: luminance(text) > 0.5,
              background: luminance(background) < 0.05,
            }).toEqual({
              selector,
              text: true,
              background: true,
            });
          },
        );
      });
    }

    // Each page is opened at the desk's width and, on the pages of WIDGET_PAGES, read again at a
    // phone's: the page made narrower in place, as a phone turned or a window narrowed does it.
    // Opening each page again at the phone's width cost a visit each (39 of them) for what the
    // same page, laid out again, shows; a page opened at a phone's width is walked by pages.spec.ts
    // and by WebKit (test/engines/pages.spec.ts).
    describe(`at ${DESK.width} px, and ${PHONE.width} px on the widget pages`, () => {
      // A few pages at once (PAGES_AT_ONCE), going from page to page as a user does.
      const pool = usePagePool(browser, () => ({
        baseURL: server.url,
        viewport: { width: DESK.width, height: DESK.height },
        geolocation: AT_SITE_1,
        permissions: ['geolocation'],
      }));

      const pages = version === 5 ? HOST_PAGES : WIDGET_HOST_PAGES;
      /** Bootstrap 5.3: each page's colour contrast, light and dark, too. */
      const contrast = version === 5;
      it.concurrent.for(pages)(
        contrast ? '$path, and the contrast of its widgets light and dark' : '$path',
        (hostPage, { expect }) =>
          pool.walk(async ({ page, errors }) => {
            await open(expect, page, hostPage);
            await check(expect, page, errors, hostPage, DESK);
            if (WIDGET_PAGES.has(hostPage.path)) {
              await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
              await settle(page);
              await check(expect, page, errors, hostPage, PHONE);
            }
            if (contrast) expect(await contrastEverywhere(page, hostPage.path)).toEqual({});
            // The next page opens at the desk's width (contrastEverywhere ends there too).
            await page.setViewportSize({ width: DESK.width, height: DESK.height });
          }),
      );

      if (contrast) {
        it('the cost dialog of job 1001: the contrast of its text light and dark', ({ expect }) =>
          pool.walk(async ({ page }) => {
            await openPage(page, '/client/jobs/view/1001');
            await settle(page);
            await page
              .locator('fm-cost-approval')
              .getByRole('button', { name: 'Cost approval' })
              .click();
            await page.getByRole('dialog').locator('.fm-cost-summary').waitFor();
            expect(await contrastEverywhere(page, '/client/jobs/view/1001')).toEqual({});
          }));
      }

      async function open(expect: ExpectStatic, page: Page, hostPage: HostPage): Promise<void> {
        const response = await openPage(page, hostPage.path);
        expect(response?.status()).toBe(hostPage.status ?? 200);
        expect(await page.locator('html').getAttribute('data-bootstrap')).toBe(String(version));
        await settle(page);
      }

      /** What is wrong with the page as drawn at `viewport`'s width. */
      async function check(
        expect: ExpectStatic,
        page: Page,
        errors: string[],
        hostPage: HostPage,
        viewport: Viewport,
      ): Promise<void> {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        const unrendered = (await elementStates(page))
          .filter((state) => !state.defined || !state.content || state.busy)
          .map((state) => state.tag);
        expect({
          width: viewport.width,
          overflow: Math.max(0, overflow),
          unrendered,
          controls: await controlProblems(page, MIN_CONTROL_FONT_PX, MIN_TEXT_FONT_PX),
          // A 404 page's own answer is logged as an error by Chromium: that one is expected.
          // A page answered with its own error status (404, 403) logs that status, as it should.
          console: errors.filter(
            (error) =>
              !(hostPage.status !== undefined && error.includes(`status of ${hostPage.status}`)),
          ),
        }).toEqual({
          width: viewport.width,
          overflow: 0,
          unrendered: [],
          controls: [],
          console: [],
        });
      }
    });
  });
});
