import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  clearFaults,
  resetDatabase,
  runAxe,
  setFault,
  storedRow,
  storedRows,
  useBrowser,
} from './harness';

interface StoredLink {
  id: number;
  priority_id: number;
  contractor_id: number;
  not_to_exceed: number;
  time_to_fix: number;
  include_non_working: number;
  active: number;
}

function storedLinks(siteId: number): StoredLink[] {
  return storedRows<StoredLink>(
    `SELECT id, priority_id, contractor_id, not_to_exceed, time_to_fix, include_non_working,
       active FROM linkings WHERE model = 'Site' AND site_id = ? ORDER BY id`,
    siteId,
  );
}

const linking = (page: Page) => page.locator('fm-linking-table');
const rowCount = (page: Page) => linking(page).locator('.tabulator-row').count();

/** Waits for the site's four links (the page asks three calls first: seconds on a busy machine). */
/** The linking table's search delay (LINKING_SEARCH_DELAY, widgets/linking-table/). */
const LINKING_SEARCH_DELAY = 1000;

async function openSite(page: Page) {
  await page.goto('/linking/sites/1');
  await linking(page).locator('.tabulator-row').nth(3).waitFor();
  expect(await rowCount(page)).toBe(4);
}

describe.skipIf(!browserAvailable)('/linking/sites/1 (fm-linking-table)', () => {
  const browser = useBrowser();

  beforeEach(async () => {
    await clearFaults();
    await resetDatabase();
  });
  afterEach(clearFaults);

  it('saves exactly the edited rows (edit, add, remove) and reloads the page', async () => {
    const { page } = await browser.newPage();
    await openSite(page);
    const before = storedLinks(1);
    const table = linking(page);

    await table.getByRole('textbox', { name: 'Not to exceed, link 1' }).fill('999.5');
    await table.getByRole('textbox', { name: 'Not to exceed, link 1' }).blur();
    await table.getByRole('checkbox', { name: 'Active, link 2' }).uncheck();
    await table.getByRole('button', { name: 'Remove, link 4' }).click();
    await expect.poll(() => rowCount(page)).toBe(3);
    await table.getByRole('button', { name: 'Add link' }).click();
    await expect.poll(() => rowCount(page)).toBe(4);
    // P4 with Pennine: link 3 has P3 with Pennine already, and one link is one row.
    await table.getByRole('combobox', { name: 'Priority, link 4' }).selectOption('4');
    await table.getByRole('combobox', { name: 'Contractor, link 4' }).selectOption('21');
    await table.getByRole('textbox', { name: 'Not to exceed, link 4' }).fill('1250');
    await table.getByRole('spinbutton', { name: 'Time to fix in hours, link 4' }).fill('48');
    await table.getByRole('spinbutton', { name: 'Time to fix in hours, link 4' }).blur();
    expect(await table.getByRole('status').first().textContent()).toBe('Unsaved changes');
    expect(await table.getByRole('textbox', { name: 'Not to exceed, link 1' }).inputValue()).toBe(
      '999.50',
    );
    expect(await table.getByRole('textbox', { name: 'Not to exceed, link 4' }).inputValue()).toBe(
      '1,250.00',
    );

    const reloaded = page.waitForEvent('load');
    await table.getByRole('button', { name: 'Save' }).click();
    await reloaded;
    await linking(page).locator('.tabulator-row').nth(3).waitFor();

    const [first, second, third] = before;
    expect(storedLinks(1)).toEqual([
      { ...first, not_to_exceed: 999.5 },
      { ...second, active: 0 },
      third,
      {
        id: expect.any(Number),
        priority_id: 4,
        contractor_id: 21,
        not_to_exceed: 1250,
        time_to_fix: 48,
        include_non_working: 0,
        active: 1,
      },
    ]);
    // Three rows edited or added and one removed: the reloaded page says so.
    await expect
      .poll(() => linking(page).getByRole('status').first().textContent())
      .toBe('4 changes saved');
    // Said once: the next visit is quiet.
    await page.reload();
    await linking(page).locator('.tabulator-row').nth(3).waitFor();
    expect(await linking(page).getByRole('status').first().textContent()).toBe('');
  });

  it('shows amounts in en-GB money, edited as plain numbers, and says why a negative one is refused', async () => {
    const { page } = await browser.newPage();
    await openSite(page);
    const before = storedLinks(1);
    const table = linking(page);
    const amounts = await table
      .getByRole('textbox', { name: /^Not to exceed, link / })
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
    expect(amounts).toEqual(['500.00', '750.00', '1,000.00', '1,500.00']);
    const thousand = table.getByRole('textbox', { name: 'Not to exceed, link 3' });
    await thousand.focus();
    expect(await thousand.inputValue()).toBe('1000.00');
    await thousand.blur();
    expect(await thousand.inputValue()).toBe('1,000.00');

    const amount = table.getByRole('textbox', { name: 'Not to exceed, link 2' });
    await amount.fill('-40');
    await amount.blur();
    // Kept as typed, with why beside it, not put back.
    expect(await amount.inputValue()).toBe('-40');
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    const why = table.getByRole('alert').filter({ hasText: "Can't be negative" });
    expect(await why.textContent()).toBe("Can't be negative: enter 0.00 or more");
    expect(await amount.getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
    expect(await runAxe(page)).toEqual([]);
    // Shown whole in its row, under the box.
    const [boxArea, whyArea, cellArea] = await Promise.all([
      amount.boundingBox(),
      why.boundingBox(),
      amount.locator('xpath=ancestor::*[contains(@class, "tabulator-cell")]').boundingBox(),
    ]);
    expect(whyArea && boxArea && whyArea.y >= boxArea.y + boxArea.height).toBe(true);
    expect(
      whyArea && cellArea && whyArea.y + whyArea.height <= cellArea.y + cellArea.height + 1,
    ).toBe(true);
    // The table grows with the row: the last row stays whole in view below it.
    const [lastRow, rowsBox] = await Promise.all([
      table.locator('.tabulator-row').last().boundingBox(),
      table.locator('.tabulator-tableholder').boundingBox(),
    ]);
    expect(lastRow && rowsBox && lastRow.y + lastRow.height <= rowsBox.y + rowsBox.height + 1).toBe(
      true,
    );
    const hours = table.getByRole('spinbutton', { name: 'Time to fix in hours, link 3' });
    await hours.fill('-2');
    expect(await table.getByRole('alert').filter({ hasText: 'hours' }).textContent()).toBe(
      "Can't be negative: enter 0 or more hours",
    );

    // Nothing is saved while they stand.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    expect(await table.getByRole('status').first().textContent()).toBe('Unsaved changes');
    await table.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => table.locator('.fm-save-bar__error').textContent())
      .toBe('Nothing was saved: correct the values marked in the table first.');
    expect(posts).toEqual([]);

    // Put right, the messages go and the save goes through.
    await amount.fill('40');
    await hours.fill('12');
    expect(await table.getByRole('alert').count()).toBe(0);
    expect(await amount.getAttribute('aria-invalid')).toBeNull();
    const reloaded = page.waitForEvent('load');
    await table.getByRole('button', { name: 'Save' }).click();
    await reloaded;
    const [first, second, third, fourth] = before;
    expect(storedLinks(1)).toEqual([
      first,
      { ...second, not_to_exceed: 40 },
      { ...third, time_to_fix: 12 },
      fourth,
    ]);
  });

  it('starts a new link with no priority or contractor, and saves it only once both are chosen and new', async () => {
    const { page } = await browser.newPage();
    await openSite(page);
    const before = storedLinks(1);
    const table = linking(page);
    await table.getByRole('button', { name: 'Add link' }).click();
    await expect.poll(() => rowCount(page)).toBe(5);
    const priority = table.getByRole('combobox', { name: 'Priority, link 5' });
    const contractor = table.getByRole('combobox', { name: 'Contractor, link 5' });
    // Nothing chosen for it, and nothing said yet.
    expect(
      await priority.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
    ).toBe('Choose a priority');
    expect(
      await contractor.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
    ).toBe('Choose a contractor');
    expect(await table.getByRole('alert').count()).toBe(0);

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await table.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => table.locator('.fm-save-bar__error').textContent())
      .toBe('Nothing was saved: correct the values marked in the table first.');
    const noPriority = table.getByRole('alert').filter({ hasText: 'needs a priority' });
    const noContractor = table.getByRole('alert').filter({ hasText: 'needs a contractor' });
    expect(await noPriority.textContent()).toBe('A link needs a priority: choose one');
    expect(await noContractor.textContent()).toBe('A link needs a contractor: choose one');
    expect(await priority.getAttribute('aria-invalid')).toBe('true');
    expect(await priority.getAttribute('aria-describedby')).toBe(
      await noPriority.getAttribute('id'),
    );
    expect(await contractor.getAttribute('aria-describedby')).toBe(
      await noContractor.getAttribute('id'),
    );
    // Under its box, and in view: the table grows with the row.
    const grid = table.locator('.tabulator-tableholder');
    const [boxArea, whyArea, gridArea] = await Promise.all([
      priority.boundingBox(),
      noPriority.boundingBox(),
      grid.boundingBox(),
    ]);
    expect(whyArea && boxArea && whyArea.y >= boxArea.y + boxArea.height).toBe(true);
    expect(whyArea && gridArea && whyArea.y + whyArea.height <= gridArea.y + gridArea.height).toBe(
      true,
    );
    expect(await runAxe(page)).toEqual([]);
    expect(posts).toEqual([]);
    expect(storedLinks(1)).toEqual(before);

    // Link 1's own priority and contractor: a second row of one link is refused at once.
    await priority.selectOption('1');
    await contractor.focus();
    await contractor.selectOption('20');
    expect(await table.locator('.fm-field-error').allTextContents()).toEqual([
      'Link 1 already has this priority and contractor: choose others or remove this row',
    ]);
    // The box just chosen keeps the focus while the row grows for the message.
    expect(await contractor.evaluate((select) => select === document.activeElement)).toBe(true);
    await table.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => table.locator('.fm-save-bar__error').textContent())
      .toBe('Nothing was saved: correct the values marked in the table first.');
    expect(posts).toEqual([]);

    await contractor.selectOption('21');
    await expect.poll(() => table.getByRole('alert').count()).toBe(0);
    const reloaded = page.waitForEvent('load');
    await table.getByRole('button', { name: 'Save' }).click();
    await reloaded;
    expect(storedLinks(1)).toEqual([
      ...before,
      {
        id: expect.any(Number),
        priority_id: 1,
        contractor_id: 21,
        not_to_exceed: 0,
        time_to_fix: 0,
        include_non_working: 0,
        active: 1,
      },
    ]);
  });

  it('puts the focus on a new link, and after Remove on the link in its place, or on Add link', async () => {
    const { page } = await browser.newPage();
    await openSite(page);
    const table = linking(page);
    /** The name of the control that has the focus. */
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element?.getAttribute('aria-label') ?? element?.textContent ?? '';
      });
    const add = table.getByRole('button', { name: 'Add link' });
    await add.click();
    await expect.poll(focused).toBe('Priority, link 5');
    // Chosen from the keyboard straight away.
    await page.keyboard.press('ArrowDown');
    expect(await table.getByRole('combobox', { name: 'Priority, link 5' }).inputValue()).not.toBe(
      '',
    );

    // A search that hides every stored link still shows a new one, with the focus in it.
    const search = table.getByRole('searchbox', { name: 'Search links' });
    await search.fill('no such link');
    await expect.poll(() => rowCount(page)).toBe(1);
    await add.click();
    await expect.poll(() => rowCount(page)).toBe(2);
    await expect.poll(focused).toBe('Priority, link 6');
    await search.fill('');
    await expect.poll(() => rowCount(page)).toBe(6);

    // Remove: the focus goes to the link that takes its place...
    const third = await table.getByRole('combobox', { name: 'Priority, link 3' }).inputValue();
    await table.getByRole('button', { name: 'Remove, link 2' }).click();
    await expect.poll(focused).toBe('Priority, link 2');
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).value)).toBe(
      third,
    );
    // ...to the one before when the last goes...
    await table.getByRole('button', { name: 'Remove, link 5' }).click();
    await expect.poll(focused).toBe('Priority, link 4');
    // ...and to Add link when none is left.
    for (let left = 4; left > 0; left -= 1) {
      await table.getByRole('button', { name: 'Remove, link 1' }).press('Enter');
      await expect.poll(() => rowCount(page)).toBe(left - 1);
    }
    await expect.poll(focused).toBe('Add link');
  });

  it('shows every priority and contractor name whole on a phone, the table scrolling sideways', async () => {
    const { page } = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await openSite(page);
    const table = linking(page);
    await table.getByRole('button', { name: 'Add link' }).click();
    await expect.poll(() => rowCount(page)).toBe(5);
    // Each select against a copy of itself as wide as its longest option needs.
    const clipped = await table
      .getByRole('combobox', { name: /^(Priority|Contractor), link / })
      .evaluateAll((selects) =>
        selects.flatMap((select) => {
          const copy = select.cloneNode(true) as HTMLSelectElement;
          copy.style.width = 'auto';
          select.after(copy);
          const needs = copy.getBoundingClientRect().width;
          copy.remove();
          const has = select.getBoundingClientRect().width;
          return has + 0.5 < needs
            ? [`${select.getAttribute('aria-label')}: ${has} < ${needs}`]
            : [];
        }),
      );
    expect(clipped).toEqual([]);
    // The page stays put; the table scrolls inside its frame, its shadow saying so.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await table.locator('.fm-table__grid').getAttribute('data-more')).toBe('right');
    const holder = table.locator('.tabulator-tableholder');
    const contractor = table.getByRole('combobox', { name: 'Contractor, link 3' });
    await contractor.scrollIntoViewIfNeeded();
    const [shown, frame] = await Promise.all([contractor.boundingBox(), holder.boundingBox()]);
    expect(
      shown && frame && shown.x >= frame.x && shown.x + shown.width <= frame.x + frame.width,
    ).toBe(true);
    // Editing a figure far to the right, its link's priority and contractor out of view: the
    // line above the table, in view, says whose it is; it does not move the table.
    const edited = table.locator('.fm-linking__edited');
    const tableTop = (await holder.boundingBox())?.y;
    const amount = table.getByRole('textbox', { name: 'Not to exceed, link 2' });
    await amount.focus();
    await amount.scrollIntoViewIfNeeded();
    const [priority, contractorOfTwo] = await Promise.all(
      ['Priority, link 2', 'Contractor, link 2'].map((name) =>
        table
          .getByRole('combobox', { name })
          .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? ''),
      ),
    );
    expect(await edited.textContent()).toBe(`Link 2: ${priority}, ${contractorOfTwo}`);
    expect(await edited.isVisible()).toBe(true);
    expect(await table.getByRole('combobox', { name: 'Priority, link 2' }).isVisible()).toBe(true);
    const priorityBox = await table
      .getByRole('combobox', { name: 'Priority, link 2' })
      .boundingBox();
    const frameNow = await holder.boundingBox();
    expect(priorityBox && frameNow && priorityBox.x + priorityBox.width).toBeLessThan(
      frameNow?.x ?? 0,
    );
    expect((await holder.boundingBox())?.y).toBe(tableTop);
  });

  it('keeps every edit on screen with the message when the save fails', async () => {
    const { page } = await browser.newPage();
    await openSite(page);
    await setFault({ path: '/api/linking/save', fault: '500', times: 1 });
    const table = linking(page);
    await table.getByRole('spinbutton', { name: 'Time to fix in hours, link 2' }).fill('30');
    await table.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => table.getByRole('alert').textContent()).toMatch(/.+/);
    expect(
      await table.getByRole('spinbutton', { name: 'Time to fix in hours, link 2' }).inputValue(),
    ).toBe('30');
    expect(await table.getByRole('status').first().textContent()).toBe('Unsaved changes');
    expect(storedLinks(1)[1]?.time_to_fix).toBe(24);
  });

  it('asks before leaving with unsaved changes, and not without', async () => {
    const { page } = await browser.newPage();
    await openSite(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await linking(page).getByRole('checkbox', { name: 'Active, link 1' }).uncheck();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    expect(new URL(page.url()).pathname).toBe('/linking/sites/1');

    const { page: clean } = await browser.newPage();
    await openSite(clean);
    await clean.getByRole('link', { name: 'Dashboard' }).click();
    await clean.waitForURL('**/dashboard');
  });

  it('searches 1000 ms after the last keystroke', async () => {
    const { page } = await browser.newPage();
    await page.clock.install();
    await openSite(page);
    const search = linking(page).getByRole('searchbox', { name: 'Search links' });
    // Typed and waited on the page's stopped clock: the delay is counted there, whatever the load.
    await page.clock.pauseAt(Date.now() + 60_000);
    for (const key of 'Pennine') {
      await search.press(key);
      await page.clock.runFor(50);
    }
    await page.clock.runFor(LINKING_SEARCH_DELAY - 50 - 1);
    expect(await rowCount(page)).toBe(4);
    await page.clock.runFor(1);
    await page.clock.resume();
    await expect.poll(() => rowCount(page)).toBe(1);
    expect(
      await linking(page)
        .getByRole('combobox', { name: /^Contractor, link / })
        .inputValue(),
    ).toBe('21');
  });

  it('has no accessibility violations (axe-core)', async () => {
    const { page } = await browser.newPage();
    await openSite(page);
    expect(await runAxe(page)).toEqual([]);
  });
});

describe.skipIf(!browserAvailable)('/linking/asset_categories (fm-asset-category-linking)', () => {
  const browser = useBrowser();

  beforeEach(async () => {
    await clearFaults();
    await resetDatabase();
  });

  it('offers primary categories first and saves the chosen category', async () => {
    const { page } = await browser.newPage();
    await page.goto('/linking/asset_categories');
    const element = page.locator('fm-asset-category-linking');
    const select = element.getByRole('combobox', {
      name: 'Asset category of Heatrae Sadia Multipoint water heater',
    });
    await select.waitFor();
    const options = await select.locator('option').allTextContents();
    expect(options.slice(0, 4)).toEqual(['None', 'Electrical', 'Fire Safety', 'HVAC']);
    expect(await select.inputValue()).toBe('');
    await select.selectOption({ label: 'Plumbing' });
    await element.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => element.getByRole('status').first().textContent())
      .toBe('1 change saved');
    expect(
      storedRow(
        "SELECT asset_category_id FROM asset_category_links WHERE model = 'Model' AND foreign_id = 5",
      ),
    ).toEqual({ asset_category_id: 3 });
    expect(await runAxe(page)).toEqual([]);
  });
});
