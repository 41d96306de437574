// Tables that fit a desk: every column in the frame at 1280 px, a header search that
// keeps its box in view, a cue on a table wider than its frame, no Tabulator warning, and figures
// and headings that never break inside a word, nor the words of the host's own tables on a phone.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, resetDatabase, useBrowser } from './harness';

const DESK = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** The headings of `grid` that are not wholly inside its visible frame. */
function headingsOutsideFrame(grid: Locator): Promise<string[]> {
  return grid.evaluate((element) => {
    const frame = (
      element.querySelector('.tabulator-tableholder') as HTMLElement
    ).getBoundingClientRect();
    return [...element.querySelectorAll<HTMLElement>('.tabulator-col')]
      .filter((column) => {
        const box = column.getBoundingClientRect();
        return box.left < frame.left - 0.5 || box.right > frame.right + 0.5;
      })
      .map((column) => column.textContent ?? '');
  });
}

/** Whether `frame` draws its scroll shadow on each side (a gradient in ::before / ::after). */
function shadows(frame: Locator): Promise<{ left: string; right: string }> {
  return frame.evaluate((element) => {
    const drawn = (pseudo: string) =>
      getComputedStyle(element, pseudo).backgroundImage.includes('gradient') ? 'drawn' : 'none';
    return { left: drawn('::before'), right: drawn('::after') };
  });
}

/**
 * The words inside `scope`'s cells that are cut: drawn on more than one line ("Quantit / y"), or
 * running past the edge of their cell, which hides the rest ("Planned Maintenanc").
 */
function cutWords(scope: Locator, cells: string): Promise<string[]> {
  return scope.evaluate((element, selector) => {
    const cut: string[] = [];
    for (const cell of element.querySelectorAll(selector)) {
      const edges = cell.getBoundingClientRect();
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()];
          const lines = new Set(rects.map((rect) => Math.round(rect.top)));
          const outside = rects.some(
            (rect) => rect.left < edges.left - 0.5 || rect.right > edges.right + 0.5,
          );
          if (lines.size > 1 || outside) cut.push(match[0]);
        }
      }
    }
    return cut;
  }, cells);
}

/**
 * Where a search box draws, as a user sees it (its screenshot), across its content box: the
 * columns of pixels, from the content box's left edge, that hold its text or placeholder (grey to
 * black), and those that hold its clear × (Chromium draws it blue); and how wide "Search" is in
 * its font.
 */
async function searchBoxInk(
  box: Locator,
): Promise<{ text: number[]; clear: number[]; searchWidth: number }> {
  const picture = (await box.screenshot()).toString('base64');
  return box.evaluate(async (input, picture) => {
    const style = getComputedStyle(input);
    const side = (name: string) => Number.parseFloat(style.getPropertyValue(name));
    const image = new Image();
    image.src = `data:image/png;base64,${picture}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    const scale = width / input.getBoundingClientRect().width;
    const left = side('border-left-width') + side('padding-left');
    const right = side('border-right-width') + side('padding-right');
    // Inside the padding too: a focus outline may be drawn inside the border.
    const top = side('border-top-width') + side('padding-top');
    const bottom = side('border-bottom-width') + side('padding-bottom');
    const text = new Set<number>();
    const clear = new Set<number>();
    for (let x = Math.ceil(left * scale); x < width - right * scale; x += 1) {
      for (let y = Math.ceil(top * scale); y < height - bottom * scale; y += 1) {
        const at = (y * width + x) * 4;
        const [red, green, blue] = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
        const column = Math.floor(x / scale - left);
        if (blue - red > 20) clear.add(column);
        else if (Math.max(red, green, blue) < 200) text.add(column);
      }
    }
    context.font = style.font;
    return {
      text: [...text].sort((a, b) => a - b),
      clear: [...clear].sort((a, b) => a - b),
      searchWidth: context.measureText('Search').width,
    };
  }, picture);
}

/** The empty search boxes of `grid` whose "Search" placeholder is cut, with how much of it shows. */
async function placeholdersCut(grid: Locator): Promise<string[]> {
  const cut: string[] = [];
  for (const box of await grid.getByRole('searchbox').all()) {
    if ((await box.inputValue()) !== '') continue;
    const { text, searchWidth } = await searchBoxInk(box);
    const drawn = text.length > 0 ? (text.at(-1) ?? 0) - (text[0] ?? 0) + 1 : 0;
    // A glyph's ink stops a pixel or so inside its advance: "Searc" is an "h" short.
    if (drawn < searchWidth - 3) cut.push(`${await box.getAttribute('aria-label')}: ${drawn}px`);
  }
  return cut;
}

const verticalCentre = async (locator: Locator) => {
  const box = await locator.boundingBox();
  return box ? box.y + box.height / 2 : Number.NaN;
};

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Waits for `count` frames to be drawn: a change of size has been answered by then. */
const frames = (page: Page, count = 3) =>
  page.evaluate(async (count) => {
    for (let frame = 0; frame < count; frame += 1) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, count);

describe.skipIf(!browserAvailable)('tables that fit a desk', () => {
  const browser = useBrowser();
  beforeAll(resetDatabase);

  it('shows every column of the jobs table at 1280 px, and no scroll cue', async () => {
    const { page } = await browser.newPage({ viewport: DESK });
    await page.goto('/client/jobs');
    const grid = page.locator('fm-data-table .fm-table__grid');
    await grid.locator('.tabulator-row').first().waitFor();
    expect(await grid.locator('.tabulator-col').count()).toBe(10);
    expect(await headingsOutsideFrame(grid)).toEqual([]);
    expect(await grid.getAttribute('data-more')).toBeNull();
    expect(await cutWords(grid, '.tabulator-col-title, .tabulator-cell')).toEqual([]);
  });

  it('sets the header search boxes level, however many lines each heading takes', async () => {
    for (const viewport of [DESK, PHONE]) {
      const { page } = await browser.newPage({ viewport });
      await page.goto('/client/jobs');
      const grid = page.locator('fm-data-table .fm-table__grid');
      await grid.locator('.tabulator-row').first().waitFor();
      const tops = await grid
        .getByRole('searchbox')
        .evaluateAll((boxes) => boxes.map((box) => box.getBoundingClientRect().top));
      expect(tops).toHaveLength(9);
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1);
      // Each box wholly under its own heading, never over it.
      const overlaps = await grid.locator('.tabulator-col').evaluateAll((columns) =>
        columns.filter((column) => {
          const title = column.querySelector('.tabulator-col-title')?.getBoundingClientRect();
          const box = column.querySelector('input')?.getBoundingClientRect();
          return title && box && box.top < title.bottom;
        }),
      );
      expect(overlaps).toHaveLength(0);
      await page.close();
    }
  });

  it('shows a header search up to its clear ×, with the focus or without, at 1280 and 360 px', async () => {
    for (const viewport of [DESK, PHONE]) {
      const { page } = await browser.newPage({ viewport });
      await page.goto('/client/jobs');
      const grid = page.locator('fm-data-table .fm-table__grid');
      await grid.locator('.tabulator-row').first().waitFor();
      const status = grid.getByRole('searchbox', { name: 'Search Status' });
      await status.click();
      const searched = page.waitForResponse(
        (response) =>
          new URL(response.url()).searchParams.get('filter[status]') === 'Awaiting Release',
      );
      await status.pressSequentially('Awaiting Release');
      await searched;
      for (const focused of [true, false]) {
        if (!focused) {
          // Neither the focus nor the pointer on it.
          await status.evaluate((input) => (input as HTMLInputElement).blur());
          await page.mouse.move(0, 0);
        }
        const { text, clear } = await searchBoxInk(status);
        const where = { viewport: viewport.width, focused };
        // The × shows, and the text (longer than the box) runs up to it, never under it.
        expect({ ...where, clear: clear.length > 0 }).toEqual({ ...where, clear: true });
        const gap = (clear[0] ?? 0) - (text.at(-1) ?? 0);
        expect({ ...where, gap: gap > 0 && gap <= 10 }).toEqual({ ...where, gap: true });
      }
      // An empty box has no ×.
      expect(
        (await searchBoxInk(grid.getByRole('searchbox', { name: 'Search Type' }))).clear,
      ).toEqual([]);
      await page.close();
    }
  });

  it('shows "Search" whole in a search box only as wide as it, on a phone', async () => {
    const { page } = await browser.newPage({ viewport: PHONE });
    await page.goto('/client/jobs');
    await page.locator('fm-data-table .tabulator-row').first().waitFor();
    // A frozen text column of short words beside figures: on a phone, it is narrowed to its
    // heading and search box (columns.ts).
    await page.evaluate(() => {
      const columns = [
        { field: 'code', title: 'Code', frozen: true, filter: true },
        { field: 'budget', title: 'Budget', kind: 'money' },
        { field: 'spend', title: 'Spend', kind: 'money' },
        { field: 'variance', title: 'Variance', kind: 'money' },
      ];
      const table = document.createElement('fm-data-table');
      table.id = 'codes';
      table.dataset.label = 'Codes';
      table.dataset.columns = JSON.stringify(columns);
      table.dataset.rows = JSON.stringify([{ code: 'A1', budget: 10, spend: 5, variance: 5 }]);
      document.querySelector('fm-data-table')?.before(table);
    });
    const grid = page.locator('#codes .fm-table__grid');
    await grid.locator('.tabulator-row').first().waitFor();
    const box = grid.getByRole('searchbox', { name: 'Search Code' });
    expect((await box.boundingBox())?.width).toBeLessThan(80);
    expect(await placeholdersCut(grid)).toEqual([]);
    // On a desk it is built again with the column at its usual width, and one pager.
    await page.setViewportSize(DESK);
    await expect.poll(async () => (await box.boundingBox())?.width ?? 0).toBeGreaterThan(80);
    expect(await page.locator('#codes').getByRole('button', { name: 'First Page' }).count()).toBe(
      1,
    );
  });

  it('keeps the pager on one line at 1280 px, and at 360 px in two lines that say which page of how many', async () => {
    /**
     * The pager of `table`: its visible buttons, where it says the page is, whether the buttons
     * and that share one line, how many lines all of it takes, and its right edge.
     */
    const pagerLines = (page: Page, table = 'fm-data-table') =>
      page.locator(`${table} .fm-table__pager`).evaluate((pager) => {
        const shown = (element: Element) => element.getClientRects().length > 0;
        // On one line: some height that every one of them spans.
        const oneLine = (elements: Element[]) => {
          const boxes = elements.map((element) => element.getBoundingClientRect());
          return (
            Math.max(...boxes.map((box) => box.top)) < Math.min(...boxes.map((box) => box.bottom))
          );
        };
        const buttons = [...pager.querySelectorAll('button')].filter(shown);
        const position = [...pager.querySelectorAll('.fm-table__page-position')].filter(shown);
        const parts = [...pager.querySelectorAll('label, select, button')].filter(shown);
        const boxes = [...parts, ...position].map((part) => part.getBoundingClientRect());
        // A line starts at each part wholly below every part above it.
        let lines = 0;
        let bottom = Number.NEGATIVE_INFINITY;
        for (const box of boxes.sort((a, b) => a.top - b.top)) {
          if (box.top >= bottom) lines += 1;
          bottom = Math.max(bottom, box.bottom);
        }
        return {
          buttons: buttons.map((button) => button.textContent),
          position: position.map((part) => part.textContent).join(''),
          buttonsOnOneLine: oneLine([...buttons, ...position]),
          allOnOneLine: oneLine(parts),
          lines,
          right: Math.max(...boxes.map((box) => box.right)),
        };
      });

    // A desk shows the page buttons, as before.
    const { page: desk } = await browser.newPage({ viewport: DESK });
    await desk.goto('/client/jobs');
    await desk.locator('fm-data-table .tabulator-row').first().waitFor();
    expect(await pagerLines(desk)).toMatchObject({
      buttons: ['First', 'Prev', '1', '2', '3', '4', '5', 'Next', 'Last'],
      position: '',
      allOnOneLine: true,
    });
    await desk.close();

    const { page } = await browser.newPage({ viewport: PHONE });
    await page.goto('/client/jobs');
    await page.locator('fm-data-table .tabulator-row').first().waitFor();
    const first = await pagerLines(page);
    expect(first).toMatchObject({
      buttons: ['First', 'Prev', 'Next', 'Last'],
      position: 'Page 1 of 53',
      buttonsOnOneLine: true,
      lines: 2,
    });
    expect(first.right).toBeLessThanOrEqual(PHONE.width);
    // The last page has the longest number: still one line.
    await page.getByRole('button', { name: 'Last Page' }).click();
    await expect
      .poll(() => pagerLines(page).then(({ position }) => position))
      .toBe('Page 53 of 53');
    const last = await pagerLines(page);
    expect(last).toMatchObject({ buttonsOnOneLine: true, lines: 2 });
    expect(last.right).toBeLessThanOrEqual(PHONE.width);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    // 101 budget records, 100 a page: the pager says there is a second.
    await page.goto('/reports/budget_records');
    await page.locator('fm-budget-records .tabulator-row').first().waitFor();
    const records = await pagerLines(page, 'fm-budget-records');
    expect(records).toMatchObject({ position: 'Page 1 of 2', buttonsOnOneLine: true, lines: 2 });
    expect(records.right).toBeLessThanOrEqual(PHONE.width);
  });

  it('keeps the search box in view and focused while the table reloads from it', async () => {
    const { page } = await browser.newPage({ viewport: { width: 700, height: 800 } });
    await page.goto('/client/jobs');
    const grid = page.locator('fm-data-table .fm-table__grid');
    await grid.locator('.tabulator-row').first().waitFor();
    // Narrower than its columns: it shows that more are to the right.
    expect(await grid.getAttribute('data-more')).toBe('right');
    const rows = grid.locator('.tabulator-tableholder');
    await rows.evaluate((box) => {
      box.scrollLeft = 350;
    });
    await expect.poll(() => grid.getAttribute('data-more')).toBe('left right');
    const search = page.getByRole('searchbox', { name: 'Search Status' });
    await search.click();
    const loaded = page.waitForResponse((response) =>
      response.url().includes('filter%5Bstatus%5D=closed'),
    );
    await search.pressSequentially('closed', { delay: 40 });
    await loaded;
    await expect
      .poll(() => grid.locator('.tabulator-cell[tabulator-field="status"]').first().textContent())
      .toBe('Closed');
    // Two frames drawn after the rows came: a scroll that would be lost is lost by then.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await rows.evaluate((box) => box.scrollLeft)).toBe(350);
    expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);
    const frame = await rows.boundingBox();
    const box = await search.boundingBox();
    expect(box && frame && box.x >= frame.x && box.x + box.width <= frame.x + frame.width).toBe(
      true,
    );
  });

  it('keeps each heading over its column when the keyboard brings one into view on a phone', async () => {
    const { page } = await browser.newPage({ viewport: PHONE });
    await page.goto('/client/jobs');
    const grid = page.locator('fm-data-table .fm-table__grid');
    await grid.locator('.tabulator-row').first().waitFor();
    // Tab from the first search box to the Status heading (headings sort from the keyboard).
    const heading = grid.locator('.tabulator-col[tabulator-field="status"]');
    await grid.getByRole('searchbox', { name: 'Search Job' }).focus();
    for (let presses = 0; presses < 20; presses += 1) {
      if (await heading.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await frames(page);
    const [headingBox, cellBox] = await Promise.all([
      heading.boundingBox(),
      grid
        .locator('.tabulator-row .tabulator-cell[tabulator-field="status"]')
        .first()
        .boundingBox(),
    ]);
    // In view, and over its own column's cells.
    expect((headingBox?.x ?? 0) + (headingBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(Math.abs((headingBox?.x ?? 0) - (cellBox?.x ?? Number.NaN))).toBeLessThanOrEqual(1);
  });

  it('scrolls the jobs table inside its frame on a phone, with the cue, not the page', async () => {
    const { page } = await browser.newPage({ viewport: PHONE });
    await page.goto('/client/jobs');
    const grid = page.locator('fm-data-table .fm-table__grid');
    await grid.locator('.tabulator-row').first().waitFor();
    expect(await grid.getAttribute('data-more')).toBe('right');
    expect(await shadows(grid)).toEqual({ left: 'none', right: 'drawn' });
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  it("keeps every word of the host's own tables whole on a phone: the table scrolls in its frame", async () => {
    const { page } = await browser.newPage({ viewport: PHONE });
    for (const path of ['/users/index', '/sites/index', '/assets/index']) {
      await page.goto(path);
      const cut = await cutWords(page.locator('main'), '.table-scroll th, .table-scroll td');
      // A frame that scrolls shows it: its shadows (the frame's background) are not hidden under
      // an opaque table or cell.
      const cue = await page.locator('main .table-scroll').evaluate((frame) => {
        if (frame.scrollWidth <= frame.clientWidth) return 'fits';
        const painted = [frame.querySelector('table'), ...frame.querySelectorAll('th, td')].filter(
          (element) => element && getComputedStyle(element).backgroundColor !== 'rgba(0, 0, 0, 0)',
        );
        const shadows = getComputedStyle(frame).backgroundImage.match(/radial-gradient/g) ?? [];
        return painted.length === 0 && shadows.length === 2 ? 'shadowed' : 'no shadow';
      });
      expect({ path, cut, overflow: await pageOverflow(page), cue }).toEqual({
        path,
        cut: [],
        overflow: 0,
        // The users' usernames and the sites' references are wider than a phone.
        cue: path === '/assets/index' ? expect.stringMatching(/^(fits|shadowed)$/) : 'shadowed',
      });
    }
    await page.close();
  });

  it('logs no "Table Not Initialized" warning on any table page', async () => {
    const { page } = await browser.newPage({ viewport: DESK });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Table Not Initialized')) warnings.push(page.url());
    });
    for (const path of [
      '/client/jobs',
      '/contractor/jobs',
      '/reports/budget_spend',
      '/reports/budget_records',
      '/reports/compliance',
      '/linking/sites/1',
      '/linking/asset_categories',
    ]) {
      await page.goto(path);
      await page.locator('.tabulator-row').first().waitFor();
    }
    expect(warnings).toEqual([]);
  });

  it("keeps each figure and heading of job 1003's cost modal whole at 1280 px", async () => {
    const { page } = await browser.newPage({ viewport: DESK });
    await page.goto('/client/jobs/view/1003');
    await page.getByRole('button', { name: 'Cost approval' }).click();
    const table = page.getByRole('dialog').locator('.fm-cost__table').first();
    await table.waitFor();
    expect(await cutWords(table, 'th, td')).toEqual([]);
    // A figure is one line: its cell is no taller than a one-word cell of the same row.
    const heights = await table.evaluate((element) =>
      [...element.querySelectorAll<HTMLElement>('.fm-num')].map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    expect(heights.length).toBeGreaterThan(0);
    expect(heights.every((lines) => lines <= 1)).toBe(true);
  });

  it('fits the linking table at 1280 px, its controls level, its search box styled', async () => {
    const { page } = await browser.newPage({ viewport: DESK });
    await page.goto('/linking/sites/1');
    const element = page.locator('fm-linking-table');
    const grid = element.locator('.fm-table__grid');
    await grid.locator('.tabulator-row').first().waitFor();
    expect(await headingsOutsideFrame(grid)).toEqual([]);
    const row = grid.locator('.tabulator-row').first();
    const select = await verticalCentre(row.getByRole('combobox').first());
    for (const name of ['Include non-working, link 1', 'Active, link 1', 'Remove, link 1']) {
      const control = row.getByRole(name.startsWith('Remove') ? 'button' : 'checkbox', { name });
      expect(Math.abs((await verticalCentre(control)) - select)).toBeLessThanOrEqual(2);
    }
    const search = element.getByRole('searchbox', { name: 'Search links' });
    // A field's edge, as the host's Bootstrap 5.3 variable gives it (else the token's own grey).
    const [border, fieldEdge] = await search.evaluate((input) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--bs-border-color, #ced4da)';
      document.body.append(probe);
      const edge = getComputedStyle(probe).color;
      probe.remove();
      return [getComputedStyle(input).borderTopColor, edge];
    });
    expect(border).toBe(fieldEdge);
    const add = element.getByRole('button', { name: 'Add link' });
    expect(Math.abs((await verticalCentre(search)) - (await verticalCentre(add)))).toBeLessThan(2);
    const label = element.getByText('Search links', { exact: true });
    expect(Math.abs((await verticalCentre(label)) - (await verticalCentre(search)))).toBeLessThan(
      2,
    );
  });

  it('puts each model name level with its select', async () => {
    const { page } = await browser.newPage({ viewport: DESK });
    await page.goto('/linking/asset_categories');
    const grid = page.locator('fm-asset-category-linking .fm-table__grid');
    await grid.locator('.tabulator-row').first().waitFor();
    expect(await headingsOutsideFrame(grid)).toEqual([]);
    const row = grid.locator('.tabulator-row').first();
    const name = row.locator('.tabulator-cell[tabulator-field="name"]');
    const nameText = await name.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const box = range.getBoundingClientRect();
      return box.y + box.height / 2;
    });
    expect(Math.abs(nameText - (await verticalCentre(row.getByRole('combobox'))))).toBeLessThan(2);
  });

  it('keeps budget versus spend readable on a phone: the site frozen, room for figures, one text size', async () => {
    const { page: desk } = await browser.newPage({ viewport: DESK });
    await desk.goto('/reports/budget_spend');
    const deskGrid = desk.locator('fm-budget-spend .fm-table__grid');
    await deskGrid.locator('.tabulator-row:not(.tabulator-calcs)').first().waitFor();
    // docs/requirements.md §2: three fixed left columns, on a desk.
    expect(
      await deskGrid
        .locator('.tabulator-col.tabulator-frozen')
        .evaluateAll((columns) => columns.map((column) => column.getAttribute('tabulator-field'))),
    ).toEqual(['site', 'branch_reference', 'budget_code']);
    await desk.close();

    const { page } = await browser.newPage({ viewport: PHONE });
    await page.goto('/reports/budget_spend');
    const grid = page.locator('fm-budget-spend .fm-table__grid');
    await grid.locator('.tabulator-row:not(.tabulator-calcs)').first().waitFor();
    expect(await cutWords(grid, '.tabulator-col-title, .tabulator-cell')).toEqual([]);
    const layout = await grid.evaluate((element) => {
      const holder = element.querySelector('.tabulator-tableholder') as HTMLElement;
      const frozen = [...element.querySelectorAll('.tabulator-col.tabulator-frozen')];
      const frozenRight = Math.max(...frozen.map((column) => column.getBoundingClientRect().right));
      const left = holder.getBoundingClientRect().left;
      const budget = element.querySelector('.tabulator-col[tabulator-field="budget"]') as Element;
      const sizes = [
        ...element.querySelectorAll('.tabulator-cell, .tabulator-col-title, .tabulator-col input'),
      ].map((part) => getComputedStyle(part).fontSize);
      return {
        frozen: frozen.map((column) => column.getAttribute('tabulator-field')),
        frozenWidth: frozenRight - left,
        frame: holder.clientWidth,
        besideFrozen: left + holder.clientWidth - frozenRight,
        budgetColumn: budget.getBoundingClientRect().width,
        sizes: [...new Set(sizes)],
      };
    });
    // Only the site stays put, and takes at most a third of the frame.
    expect(layout.frozen).toEqual(['site']);
    expect(layout.frozenWidth).toBeLessThanOrEqual(layout.frame / 3);
    // Beside it, a whole figure column and more.
    expect(layout.besideFrozen).toBeGreaterThan(layout.budgetColumn);
    // One text size in every cell, heading and search box: the frozen cells' too.
    expect(layout.sizes).toEqual(['14px']);
    // Scrolled to the figures, the site still shows beside them.
    await grid.locator('.tabulator-tableholder').evaluate((holder) => {
      holder.scrollLeft = holder.scrollWidth;
    });
    const site = grid
      .locator('.tabulator-row:not(.tabulator-calcs)')
      .first()
      .locator('[tabulator-field="site"]');
    const variance = grid
      .locator('.tabulator-row:not(.tabulator-calcs)')
      .first()
      .locator('[tabulator-field="variance"]');
    await expect.poll(async () => (await variance.boundingBox())?.x ?? 0).toBeLessThan(PHONE.width);
    expect((await site.boundingBox())?.x).toBeGreaterThanOrEqual(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('keeps every word of budget versus spend whole through searches, a sort and changes of width', async () => {
    const { page } = await browser.newPage({ viewport: PHONE });
    await page.goto('/reports/budget_spend');
    const grid = page.locator('fm-budget-spend .fm-table__grid');
    const rows = grid.locator('.tabulator-row:not(.tabulator-calcs)');
    await rows.first().waitFor();
    const frozen = () =>
      grid
        .locator('.tabulator-col.tabulator-frozen')
        .evaluateAll((columns) => columns.map((column) => column.getAttribute('tabulator-field')));
    const whole = async (when: string) => {
      const cut = await cutWords(grid, '.tabulator-col-title, .tabulator-cell');
      expect({ when, cut }).toEqual({ when, cut: [] });
      expect({ when, cut: await placeholdersCut(grid) }).toEqual({ when, cut: [] });
    };
    await whole('built at 360 px');
    const all = await rows.count();
    const site = grid.getByRole('searchbox', { name: 'Search Site' });
    await site.fill('Leeds');
    await expect.poll(() => rows.count()).toBeLessThan(all);
    const leeds = await rows.count();
    await whole('searched');
    await site.fill('');
    await expect.poll(() => rows.count()).toBe(all);
    await whole('search cleared');
    const budgetCode = grid.locator('.tabulator-col[tabulator-field="budget_code"]');
    await budgetCode.locator('.tabulator-col-title').click();
    await expect.poll(() => budgetCode.getAttribute('aria-sort')).toBe('ascending');
    await whole('sorted');
    // A wider phone: the same columns, fitted to the frame again.
    await page.setViewportSize({ width: 380, height: 740 });
    await frames(page);
    await whole('at 380 px');

    // To a desk and back, with a search and the sort: each width has its own layout (three
    // frozen columns on a desk, docs/requirements.md §2; the site alone on a phone), and the search
    // and sort stay.
    await site.fill('Leeds');
    await expect.poll(() => rows.count()).toBe(leeds);
    await page.setViewportSize(DESK);
    await expect.poll(frozen).toEqual(['site', 'branch_reference', 'budget_code']);
    await expect.poll(() => rows.count()).toBe(leeds);
    expect(await site.inputValue()).toBe('Leeds');
    expect(await budgetCode.getAttribute('aria-sort')).toBe('ascending');
    expect(await cutWords(grid, '.tabulator-col-title, .tabulator-cell')).toEqual([]);
    await page.setViewportSize(PHONE);
    await expect.poll(frozen).toEqual(['site']);
    await expect.poll(() => rows.count()).toBe(leeds);
    expect(await site.inputValue()).toBe('Leeds');
    await whole('back at 360 px');
    await site.fill('');
    await expect.poll(() => rows.count()).toBe(all);
    await whole('back at 360 px, search cleared');
  });

  it('keeps the compliance figures whole and the doughnuts in a grid on a phone', async () => {
    const { page } = await browser.newPage({ viewport: PHONE });
    await page.goto('/reports/compliance');
    const element = page.locator('fm-compliance');
    await element.locator('.tabulator-row').first().waitFor();
    const figures = element.locator('table.fm-compliance__figures');
    expect(await cutWords(figures, 'caption, th, td')).toEqual([]);
    expect(await cutWords(element, 'figcaption')).toEqual([]);
    // A figure and its count are one line: "75.2% (124)".
    const lines = await figures.evaluate((table) =>
      [...table.querySelectorAll('td')].map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((count) => count === 1)).toBe(true);
    // Wider than the phone, the figures scroll inside their region, with the cue on the right.
    const scroll = element.locator('.fm-compliance__scroll');
    const overflows = await scroll.evaluate((box) => box.scrollWidth > box.clientWidth);
    expect(overflows).toBe(true);
    const frame = element.locator('.fm-compliance__frame');
    expect(await frame.getAttribute('data-more')).toContain('right');
    expect((await shadows(frame)).right).toBe('drawn');
    // The shadow falls on a white box with an edge, as the sites table's does, not on the page's
    // grey, where the figures only looked cut off at the last whole column.
    const box = await scroll.evaluate((region) => {
      const style = getComputedStyle(region);
      return { background: style.backgroundColor, edge: style.borderRightWidth };
    });
    expect(box.background).toBe('rgb(255, 255, 255)');
    expect(Number.parseFloat(box.edge)).toBeGreaterThanOrEqual(1);
    // Two round charts a row, of one size, in line.
    const charts = await element
      .locator('canvas.fm-doughnut')
      .evaluateAll((canvases) => canvases.map((canvas) => canvas.getBoundingClientRect().toJSON()));
    expect(charts).toHaveLength(4);
    const [first, second, third, fourth] = charts as DOMRect[];
    for (const chart of charts as DOMRect[]) {
      expect(Math.abs(chart.width - chart.height)).toBeLessThanOrEqual(1);
      expect(Math.abs(chart.width - (first as DOMRect).width)).toBeLessThanOrEqual(1);
      expect(chart.right).toBeLessThanOrEqual(PHONE.width);
    }
    expect(Math.abs((first as DOMRect).top - (second as DOMRect).top)).toBeLessThanOrEqual(1);
    expect(Math.abs((third as DOMRect).top - (fourth as DOMRect).top)).toBeLessThanOrEqual(1);
    expect(Math.abs((first as DOMRect).left - (third as DOMRect).left)).toBeLessThanOrEqual(1);
    expect(Math.abs((second as DOMRect).left - (fourth as DOMRect).left)).toBeLessThanOrEqual(1);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('keeps the linking pages from scrolling sideways on a phone', async () => {
    const { page } = await browser.newPage({ viewport: PHONE });
    for (const path of ['/linking/sites/1', '/linking/asset_categories']) {
      await page.goto(path);
      await page.locator('.tabulator-row').first().waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    }
  });
});
