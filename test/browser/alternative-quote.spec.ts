import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  clearFaults,
  resetDatabase,
  runAxe,
  setFault,
  storedRows,
  useBrowser,
} from './harness';
import { STEP_LIMIT_MS } from './harness-constants';

type QuoteJob = {
  status_id: number;
  type_id: number;
  priority_id: number;
  contractor_id: number;
  description: string;
};

function quoteJobsOf(jobId: number): QuoteJob[] {
  return storedRows<QuoteJob>(
    `SELECT status_id, type_id, priority_id, contractor_id, description FROM jobs
     WHERE parent_job_id = ? ORDER BY id`,
    jobId,
  );
}

describe.skipIf(!browserAvailable)('fm-alternative-quote on /client/jobs/view/1002', () => {
  const browser = useBrowser();

  beforeEach(async () => {
    await clearFaults();
    await resetDatabase();
  });
  afterEach(clearFaults);

  it('creates one contractor quote job per contractor', async () => {
    const { page } = await browser.newPage();
    page.setDefaultTimeout(STEP_LIMIT_MS);
    await page.goto('/client/jobs/view/1002');
    const form = page.locator('fm-alternative-quote');
    await form.getByLabel('Description').fill('Replace the fan motor, alternative price');
    await form.getByLabel('Contractor 1', { exact: true }).selectOption('20');
    await form.getByRole('button', { name: 'Add contractor' }).click();
    await form.getByLabel('Contractor 2', { exact: true }).selectOption('26');
    expect(await runAxe(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create alternative quotes' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toBe('Alternative Quote(s) Created');
    const description = 'Replace the fan motor, alternative price';
    expect(quoteJobsOf(1002)).toEqual([
      { status_id: 3, type_id: 1, priority_id: 5, contractor_id: 20, description },
      { status_id: 3, type_id: 1, priority_id: 5, contractor_id: 26, description },
    ]);
    // The job's summary says which quotes were asked for, at once and after a reload.
    const asked = () => page.locator('#job-summary .job-quotes').textContent();
    const listed = /^Quotes asked for: job \d+ \([^)]+\), job \d+ \([^)]+\)\.$/;
    await expect.poll(asked).toMatch(listed);
    await page.reload();
    expect(await asked()).toMatch(listed);
  });

  it('puts Remove beside the select at 1280 px and under it at 360 px, the select showing whole names', async () => {
    const { page } = await browser.newPage();
    page.setDefaultTimeout(STEP_LIMIT_MS);
    await page.goto('/client/jobs/view/1002');
    const form = page.locator('fm-alternative-quote');
    await form.getByRole('button', { name: 'Add contractor' }).click();
    await form.getByRole('button', { name: 'Create alternative quotes' }).click();
    await expect.poll(() => form.locator('.fm-field-error').count()).toBe(2);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      for (const n of [1, 2]) {
        const select = form.getByLabel(`Contractor ${n}`, { exact: true });
        const place = await select.boundingBox();
        const remove = await form
          .getByRole('button', { name: `Remove contractor ${n}` })
          .boundingBox();
        const error = await form
          .locator('.fm-field-error')
          .nth(n - 1)
          .boundingBox();
        if (!place || !remove || !error) throw new Error(`contractor ${n} is not on screen`);
        if (width === 1280) {
          // Same row: their vertical centres within 2 px, Remove to the right of the select.
          expect(
            Math.abs(place.y + place.height / 2 - (remove.y + remove.height / 2)),
          ).toBeLessThan(2);
          expect(remove.x).toBeGreaterThanOrEqual(place.x + place.width);
          // Right beside it, as narrow as its word, however wide the row.
          expect(remove.x - (place.x + place.width)).toBeLessThan(16);
          expect(remove.width).toBeLessThan(120);
        } else {
          // Under the select and its error, the select as wide as the row.
          expect(remove.y).toBeGreaterThanOrEqual(error.y + error.height);
          expect(remove.x + remove.width).toBeLessThanOrEqual(360);
        }
        // Every contractor's name (and the empty choice) fits in the select's text box.
        const clipped = await select.evaluate((control: HTMLSelectElement) => {
          const style = getComputedStyle(control);
          // Chromium draws the menu arrow inside the padding box: 24 px are kept for it.
          const arrow = 24;
          const room =
            control.clientWidth -
            parseFloat(style.paddingLeft) -
            parseFloat(style.paddingRight) -
            arrow;
          const pen = document.createElement('canvas').getContext('2d');
          if (!pen) return ['no canvas'];
          pen.font = style.font;
          return [...control.options]
            .map((option) => option.text)
            .filter((name) => pen.measureText(name).width > room);
        });
        expect(clipped).toEqual([]);
      }
    }
  });

  it('names the contractor whose quote failed and retries only that one', async () => {
    const { page } = await browser.newPage();
    page.setDefaultTimeout(STEP_LIMIT_MS);
    await page.goto('/client/jobs/view/1002');
    const form = page.locator('fm-alternative-quote');
    await form.getByLabel('Contractor 1', { exact: true }).selectOption('20');
    await form.getByRole('button', { name: 'Add contractor' }).click();
    await form.getByLabel('Contractor 2', { exact: true }).selectOption('22');
    // The first contractor's request meets the fault; the second goes through.
    await setFault({ path: '/api/jobs/duplicate/1002', fault: '500', times: 1 });
    await form.getByRole('button', { name: 'Create alternative quotes' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toMatch(/^No quote for Northern Mechanical Ltd: .+/);
    expect(quoteJobsOf(1002).map((job) => job.contractor_id)).toEqual([22]);
    await form.getByRole('button', { name: 'Retry the failed quotes' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toBe('Alternative Quote(s) Created');
    expect(quoteJobsOf(1002).map((job) => job.contractor_id)).toEqual([22, 20]);
  });
});
