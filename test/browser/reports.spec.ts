import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_AND_SPEND } from '../../demo/server/spend';
import { browserAvailable, resetDatabase, runAxe, storedRows, useBrowser } from './harness';

async function downloadCsv(page: Page, scope: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(scope).getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const lines = readFileSync((await download.path()) as string, 'utf8')
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  return { name: download.suggestedFilename(), lines };
}

/** A row of figures: Tabulator's totals row is a `.tabulator-row` too, there before the data. */
const DATA_ROW = '.tabulator-row:not(.tabulator-calcs)';

describe.skipIf(!browserAvailable)('/reports/budget_spend (fm-budget-spend)', () => {
  const browser = useBrowser();
  let page: Page;

  beforeAll(async () => {
    await resetDatabase();
    ({ page } = await browser.newPage({
      acceptDownloads: true,
      viewport: { width: 640, height: 900 },
    }));
    await page.goto('/reports/budget_spend');
    await page.waitForSelector(`fm-budget-spend ${DATA_ROW}`);
  });

  it('shows every row in an 800 px scrolling table with a totals row', async () => {
    const expected = storedRows<{ budget: number }>(
      `SELECT ROUND(SUM(budget), 2) AS budget FROM budget_figures
       GROUP BY site_id, budget_code_id, year_start`,
    );
    const grid = page.locator('fm-budget-spend .tabulator');
    expect((await grid.boundingBox())?.height).toBe(800);
    const total = expected.reduce((sum, row) => sum + row.budget, 0);
    const totals = page.locator(
      'fm-budget-spend .tabulator-calcs-bottom [tabulator-field="budget"]',
    );
    expect(await totals.textContent()).toBe(
      total.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
  });

  it('says which financial years the rows and the totals row cover', async () => {
    const years = storedRows<{ year: number }>(
      `SELECT DISTINCT year_start AS year FROM (${BUDGET_AND_SPEND}) ORDER BY year_start`,
    ).map((row) => row.year);
    expect(years.length).toBeGreaterThan(1);
    const listed = `${years.slice(0, -1).join(', ')} and ${years.at(-1)}`;
    const lead = (await page.locator('p.lead').textContent())?.replace(/\s+/g, ' ');
    expect(lead).toContain(
      `a row for each financial year: the financial years starting in ${years
        .slice(0, -1)
        .map((year) => `April ${year}`)
        .join(', ')} and April ${years.at(-1)}.`,
    );
    expect(lead).not.toContain('for the year');
    const totalsRow = page.locator('fm-budget-spend .tabulator-calcs-bottom');
    expect(await totalsRow.locator('[tabulator-field="site"]').textContent()).toBe('Total');
    expect(await totalsRow.locator('[tabulator-field="year_start"]').textContent()).toBe(listed);
    // Searched down to one budget code's rows, it names only the years still shown.
    const yearCells = page.locator(`fm-budget-spend ${DATA_ROW} [tabulator-field="year_start"]`);
    const allRows = await yearCells.count();
    const search = page.getByRole('searchbox', { name: 'Search Budget code' });
    await search.pressSequentially('HVAC');
    await expect.poll(() => yearCells.count()).toBeLessThan(allRows);
    const shown = [...new Set(await yearCells.allTextContents())].sort();
    expect(shown.length).toBeGreaterThan(0);
    expect(await totalsRow.locator('[tabulator-field="year_start"]').textContent()).toBe(
      `${shown.slice(0, -1).join(', ')}${shown.length > 1 ? ' and ' : ''}${shown.at(-1)}`,
    );
    await search.fill('');
    await search.press('Backspace');
    await expect
      .poll(() => totalsRow.locator('[tabulator-field="year_start"]').textContent())
      .toBe(listed);
  });

  it('keeps the first three columns in place when scrolled sideways', async () => {
    const row = page.locator(`fm-budget-spend ${DATA_ROW}`).first();
    const fields = ['site', 'branch_reference', 'budget_code', 'spend'];
    const before = await Promise.all(
      fields.map((field) => row.locator(`[tabulator-field="${field}"]`).boundingBox()),
    );
    await page.locator('fm-budget-spend .tabulator-tableholder').evaluate((holder) => {
      holder.scrollLeft = 300;
      holder.dispatchEvent(new Event('scroll'));
    });
    await expect
      .poll(async () => (await row.locator('[tabulator-field="spend"]').boundingBox())?.x)
      .toBeLessThan(before[3]?.x ?? 0);
    for (const [index, field] of fields.slice(0, 3).entries()) {
      expect((await row.locator(`[tabulator-field="${field}"]`).boundingBox())?.x).toBe(
        before[index]?.x,
      );
    }
  });

  it('downloads every row as budget-spend.csv', async () => {
    const rows = storedRows(
      'SELECT DISTINCT site_id, budget_code_id, year_start FROM budget_figures',
    );
    const csv = await downloadCsv(page, 'fm-budget-spend');
    expect(csv.name).toBe('budget-spend.csv');
    expect(csv.lines[0]).toBe(
      'Site,Branch,Budget code,Year start,Budget (£),Spend (£),Variance (£)',
    );
    expect(csv.lines).toHaveLength(rows.length + 1);
  });

  it('has no accessibility violations (axe-core)', async () => {
    expect(await runAxe(page)).toEqual([]);
  });
});

describe.skipIf(!browserAvailable)('/reports/budget_records (fm-budget-records)', () => {
  const browser = useBrowser();

  beforeAll(resetDatabase);

  it('says that no rows match the filters, and how to see more, when they leave none', async () => {
    const matching = storedRows(
      `SELECT c.id FROM costs c JOIN jobs j ON j.id = c.job_id
       LEFT JOIN assets a ON a.id = j.asset_id
       WHERE a.asset_category_id = 3 AND c.capex = 1`,
    );
    expect(matching).toHaveLength(0);
    const { page } = await browser.newPage();
    await page.goto('/reports/budget_records/category_id:3/scope:capex');
    const empty = page.locator('fm-budget-records .fm-table__empty');
    await expect
      .poll(() => empty.textContent())
      .toBe(
        'No rows match the filters. To see more, set a filter back to All, or unselect the chosen fascias (tap or Ctrl-click each, Cmd on a Mac), and apply the filters again.',
      );
    expect(await page.locator('fm-budget-records').textContent()).not.toContain(
      'There are no rows to show yet.',
    );
    // On a phone the columns are wider than the frame: the message stays in view.
    await page.setViewportSize({ width: 360, height: 740 });
    const frame = await page.locator('fm-budget-records .tabulator-tableholder').boundingBox();
    const message = await empty.boundingBox();
    expect(message && frame).toBeTruthy();
    if (message && frame) {
      expect(message.x).toBeGreaterThanOrEqual(frame.x);
      expect(message.x + message.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    }
  });

  it('applies filters through the path, reads them back and keeps fascias in the session', async () => {
    const { page } = await browser.newPage({ acceptDownloads: true });
    const rowsSent: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/reports/budget_records') rowsSent.push(url);
    });
    await page.goto('/reports/budget_records');
    const element = page.locator('fm-budget-records');
    await page.waitForSelector('fm-budget-records .tabulator-row');

    await element.getByLabel('Surveyor').selectOption({ label: 'Daniel Wright' });
    await element.getByLabel('Fascias').selectOption(['Briggs & Hart', 'Northway']);
    await element.getByLabel('Category').selectOption({ label: 'HVAC' });
    await element.getByLabel('Scope').selectOption('opex');
    await element.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(
      '**/reports/budget_records/surveyor:7/fascias:Briggs%20%26%20Hart,Northway/category_id:1/scope:opex',
    );
    await page.waitForSelector('fm-budget-records .tabulator-row');
    expect(await element.getByLabel('Surveyor').inputValue()).toBe('7');
    expect(await element.getByLabel('Category').inputValue()).toBe('1');
    expect(await element.getByLabel('Scope').inputValue()).toBe('opex');
    const last = rowsSent.at(-1);
    expect(last?.searchParams.get('filter[surveyor_id]')).toBe('7');
    expect(last?.searchParams.get('filter[fascia]')).toBe('Briggs & Hart,Northway');
    expect(last?.searchParams.get('filter[category_id]')).toBe('1');
    expect(last?.searchParams.get('filter[scope]')).toBe('opex');
    expect(await page.evaluate(() => sessionStorage.getItem('fascias'))).toBe(
      JSON.stringify(['Briggs & Hart', 'Northway']),
    );

    const matching = storedRows<{ id: number }>(
      `SELECT c.id FROM costs c JOIN jobs j ON j.id = c.job_id
       JOIN site_profiles sp ON sp.site_id = j.site_id
       LEFT JOIN assets a ON a.id = j.asset_id
       WHERE sp.surveyor_id = 7 AND sp.fascia IN ('Briggs & Hart', 'Northway')
         AND a.asset_category_id = 1 AND c.capex = 0`,
    );
    expect(matching.length).toBeGreaterThan(0);
    const csv = await downloadCsv(page, 'fm-budget-records');
    const yearStart = storedRows<{ y: number }>(
      'SELECT MAX(year_start) AS y FROM budget_figures',
    )[0]?.y;
    expect(csv.name).toBe(`budget-records_spend_annual_${yearStart}.csv`);
    expect(csv.lines).toHaveLength(matching.length + 1);

    // Back on the bare report, the session's fascias still apply.
    await page.goto('/reports/budget_records');
    await page.waitForSelector('fm-budget-records .tabulator-row');
    expect(
      await element
        .getByLabel('Fascias')
        .evaluate((select: HTMLSelectElement) =>
          [...select.selectedOptions].map((option) => option.value),
        ),
    ).toEqual(['Briggs & Hart', 'Northway']);
    expect(rowsSent.at(-1)?.searchParams.get('filter[fascia]')).toBe('Briggs & Hart,Northway');
    expect(rowsSent.at(-1)?.searchParams.get('filter[surveyor_id]')).toBeNull();
    expect(await runAxe(page)).toEqual([]);
  });
});

describe.skipIf(!browserAvailable)('/reports/compliance (fm-compliance)', () => {
  const browser = useBrowser();

  beforeAll(resetDatabase);

  it('draws a doughnut per category in the four colours, named in words, with a table of the same figures', async () => {
    const { page } = await browser.newPage();
    await page.goto('/reports/compliance');
    const charts = page.locator('fm-compliance canvas[role="img"]');
    const groups = storedRows<{
      name: string;
      compliant: number;
      remedial: number;
      overdue: number;
      not_compliant: number;
    }>(
      `SELECT ac.name, SUM(compliant) AS compliant, SUM(remedial) AS remedial,
         SUM(overdue) AS overdue, SUM(not_compliant) AS not_compliant
       FROM compliance_figures f JOIN asset_categories ac ON ac.id = f.asset_category_id
       GROUP BY ac.id ORDER BY ac.name`,
    );
    await expect.poll(() => charts.count()).toBe(groups.length);
    const percent = (value: number, total: number) => `${((100 * value) / total).toFixed(1)}%`;
    const figures = page.locator('fm-compliance table.fm-compliance__figures');
    for (const group of groups) {
      const total = group.compliant + group.remedial + group.overdue + group.not_compliant;
      const summary =
        `${group.name}: ${percent(group.compliant, total)} compliant, ` +
        `${percent(group.remedial, total)} remedial, ${percent(group.overdue, total)} overdue, ` +
        `${percent(group.not_compliant, total)} not compliant`;
      expect(await page.getByRole('img', { name: summary }).count()).toBe(1);
      const row = figures.getByRole('row', { name: new RegExp(`^${group.name} `) });
      expect(await row.textContent()).toContain(
        `${percent(group.compliant, total)} (${group.compliant})`,
      );
      expect(await row.textContent()).toContain(
        `${percent(group.not_compliant, total)} (${group.not_compliant})`,
      );
    }

    // The pixels of every chart hold the palette: green, amber, orange and red.
    const colours = await charts.evaluateAll((canvases) =>
      canvases.map((canvas) => {
        const { data } = (canvas as HTMLCanvasElement)
          .getContext('2d')
          ?.getImageData(
            0,
            0,
            (canvas as HTMLCanvasElement).width,
            (canvas as HTMLCanvasElement).height,
          ) ?? { data: [] as unknown as Uint8ClampedArray };
        const seen = new Set<string>();
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3] === 255) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
        }
        return [...seen];
      }),
    );
    for (const [index, seen] of colours.entries()) {
      const group = groups[index];
      for (const [rgb, count] of [
        ['25,135,84', group?.compliant],
        ['255,193,7', group?.remedial],
        ['253,126,20', group?.overdue],
        ['220,53,69', group?.not_compliant],
      ] as const) {
        if (count) expect(seen).toContain(rgb);
      }
    }
    expect(await runAxe(page)).toEqual([]);
  });
});
