import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  clearFaults,
  resetDatabase,
  runAxe,
  setFault,
  useBrowser,
  withStoredData,
} from './harness';

/** The server-side table's search delay (DATA_TABLE_SEARCH_DELAY, widgets/data-table/). */
const SEARCH_DELAY = 400;

/** Every rows request the page sends. */
function watchRows(page: Page) {
  const sent: { url: URL }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/jobs/table') sent.push({ url });
  });
  return sent;
}

function storedIds(sql: string, ...values: (string | number)[]): number[] {
  return withStoredData((db) =>
    db
      .prepare(sql)
      .pluck()
      .all(...values),
  ) as number[];
}

const table = (page: Page) => page.locator('fm-data-table');
const shownIds = (page: Page) =>
  table(page)
    .locator('.tabulator-row .tabulator-cell[tabulator-field="id"]')
    .allTextContents()
    .then((ids) => ids.map(Number));

async function openJobs(page: Page) {
  const sent = watchRows(page);
  await page.goto('/client/jobs');
  await page.waitForSelector('fm-data-table .tabulator-row');
  return sent;
}

describe.skipIf(!browserAvailable)('/client/jobs (fm-data-table, 5,000 jobs)', () => {
  const browser = useBrowser();
  let page: Page;
  let sent: { url: URL }[];

  beforeAll(async () => {
    await clearFaults();
    await resetDatabase();
    ({ page } = await browser.newPage({ acceptDownloads: true }));
    // Time flows as ever; the search test stops it to count the delay.
    await page.clock.install();
    sent = await openJobs(page);
  });
  afterAll(clearFaults);

  it('shows the first 100 rows the host sends, newest first, with links to the job view', async () => {
    const all = storedIds('SELECT id FROM jobs ORDER BY id DESC');
    expect(all.length).toBeGreaterThanOrEqual(5000);
    expect(await shownIds(page)).toEqual(all.slice(0, 100));
    const first = sent[0]?.url;
    expect(first?.searchParams.get('page')).toBe('1');
    expect(first?.searchParams.get('size')).toBe('100');
    const link = table(page).locator('.tabulator-row').first().getByRole('link');
    expect(await link.getAttribute('href')).toBe(`/client/jobs/view/${all[0]}`);
    expect(await table(page).locator('.fm-table__counter').textContent()).toContain(
      `Showing 1–100 of ${all.length.toLocaleString('en-GB')} rows`,
    );
  });

  it('pages through the host: page 2 asks for page=2 and shows the next 100', async () => {
    const all = storedIds('SELECT id FROM jobs ORDER BY id DESC');
    const before = sent.length;
    await table(page).getByRole('button', { name: 'Next Page' }).click();
    await expect.poll(() => shownIds(page)).toEqual(all.slice(100, 200));
    expect(sent.slice(before).map(({ url }) => url.searchParams.get('page'))).toEqual(['2']);
  });

  it('sorts on the host by click and from the keyboard, with aria-sort', async () => {
    const header = table(page).locator('.tabulator-col[tabulator-field="site"]');
    const before = sent.length;
    await header.locator('.tabulator-col-title').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => sent.length).toBe(before + 1);
    expect(sent[before]?.url.searchParams.get('sort')).toBe('site:asc');
    expect(sent[before]?.url.searchParams.get('page')).toBe('1');
    const ascending = storedIds(
      'SELECT j.id FROM jobs j JOIN sites s ON s.id = j.site_id ORDER BY s.name ASC, j.id DESC LIMIT 100',
    );
    await expect.poll(() => shownIds(page)).toEqual(ascending);

    await header.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => sent.at(-1)?.url.searchParams.get('sort')).toBe('site:desc');
    const descending = storedIds(
      'SELECT j.id FROM jobs j JOIN sites s ON s.id = j.site_id ORDER BY s.name DESC, j.id DESC LIMIT 100',
    );
    await expect.poll(() => shownIds(page)).toEqual(descending);
  });

  it('searches once per burst of typing, 400 ms after the last key', async () => {
    const before = sent.length;
    const search = table(page).getByRole('searchbox', { name: 'Search Site' });
    // Typed and waited on the page's stopped clock: the delay is counted there, whatever the load.
    await page.clock.pauseAt(Date.now() + 60_000);
    for (const key of 'briggate') {
      await search.press(key);
      await page.clock.runFor(60);
    }
    await page.clock.runFor(SEARCH_DELAY - 60 - 1);
    expect(sent.length).toBe(before);
    await page.clock.runFor(1);
    await expect.poll(() => sent.length).toBe(before + 1);
    await page.clock.runFor(2 * SEARCH_DELAY);
    await page.clock.resume();
    expect(sent.length).toBe(before + 1);
    const request = sent[before];
    expect(request?.url.searchParams.get('filter[site]')).toBe('briggate');
    const leeds = storedIds(
      'SELECT j.id FROM jobs j WHERE j.site_id = 1 ORDER BY j.id DESC LIMIT 100',
    );
    // Still sorted by site (one site now), then newest first.
    await expect.poll(() => shownIds(page)).toEqual(leeds);
    const sites = await table(page)
      .locator('.tabulator-row .tabulator-cell[tabulator-field="site"]')
      .allTextContents();
    expect(new Set(sites)).toEqual(new Set(['Leeds Briggate']));
  });

  it('searches what is pasted into a heading box, with no key pressed', async () => {
    const fresh = (await browser.newPage()).page;
    const freshSent = await openJobs(fresh);
    const before = freshSent.length;
    const search = table(fresh).getByRole('searchbox', { name: 'Search Site' });
    await search.focus();
    // What a paste from the menu does: the text goes in by an input event, and no key is pressed.
    await fresh.keyboard.insertText('briggate');
    await expect.poll(() => freshSent.length).toBe(before + 1);
    expect(freshSent[before]?.url.searchParams.get('filter[site]')).toBe('briggate');
    await expect
      .poll(
        async () =>
          new Set(
            await table(fresh)
              .locator('.tabulator-row .tabulator-cell[tabulator-field="site"]')
              .allTextContents(),
          ),
      )
      .toEqual(new Set(['Leeds Briggate']));
    await fresh.close();
  });

  it('downloads every matching row as CSV, not just the page on show', async () => {
    const expected = storedIds('SELECT id FROM jobs WHERE site_id = 1');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      table(page).getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('jobs.csv');
    const csv = readFileSync((await download.path()) as string, 'utf8')
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toBe(
      'Job,Logged,Site,Asset,Description,Status,Type,Priority,Contractor,Order Number',
    );
    expect(csv).toHaveLength(expected.length + 1);
    expect(new Set(csv.slice(1).map((line) => Number(line.split(',')[0])))).toEqual(
      new Set(expected),
    );
  });

  it('keeps the frozen Job column in place when the table scrolls sideways', async () => {
    await page.setViewportSize({ width: 700, height: 800 });
    const cell = table(page).locator('.tabulator-row').first().locator('[tabulator-field="id"]');
    const description = table(page)
      .locator('.tabulator-row')
      .first()
      .locator('[tabulator-field="description"]');
    const before = await cell.boundingBox();
    const movedBefore = await description.boundingBox();
    await table(page)
      .locator('.tabulator-tableholder')
      .evaluate((holder) => {
        holder.scrollLeft = 400;
        holder.dispatchEvent(new Event('scroll'));
      });
    await expect.poll(async () => (await description.boundingBox())?.x).not.toBe(movedBefore?.x);
    expect((await cell.boundingBox())?.x).toBe(before?.x);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('draws a table built while hidden once it is shown', async () => {
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.id = 'hidden-box';
      box.hidden = true;
      const late = document.createElement('fm-data-table');
      late.setAttribute('data-columns', JSON.stringify([{ field: 'id', title: 'Id' }]));
      late.setAttribute('data-rows', JSON.stringify([{ id: 1 }, { id: 2 }, { id: 3 }]));
      box.append(late);
      document.querySelector('main')?.append(box);
    });
    const late = page.locator('#hidden-box fm-data-table');
    await expect.poll(() => late.locator('.tabulator').count()).toBe(1);
    await page.evaluate(() => {
      (document.getElementById('hidden-box') as HTMLElement).hidden = false;
    });
    await expect
      .poll(() => late.locator('.tabulator-row').allTextContents())
      .toEqual(['1', '2', '3']);
    await page.evaluate(() => document.getElementById('hidden-box')?.remove());
  });

  it('has no accessibility violations (axe-core)', async () => {
    expect(await runAxe(page)).toEqual([]);
  });

  it('shows a failed load with its message and loads again on Retry', async () => {
    await setFault({ path: '/api/jobs/table', fault: '500', times: 1 });
    const fresh = (await browser.newPage()).page;
    await fresh.goto('/client/jobs');
    const alert = table(fresh).getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(/HTTP 500|error/i);
    await table(fresh).getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => shownIds(fresh).then((ids) => ids.length)).toBe(100);
    expect(await table(fresh).getByRole('alert').count()).toBe(0);
  });
});
