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
    page.setDefaultTimeout(8000);
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

  it('keeps each Remove button beside its select, with or without an error, at 1280 and 360 px', async () => {
    const { page } = await browser.newPage();
    page.setDefaultTimeout(8000);
    await page.goto('/client/jobs/view/1002');
    const form = page.locator('fm-alternative-quote');
    await form.getByRole('button', { name: 'Add contractor' }).click();
    await form.getByRole('button', { name: 'Create alternative quotes' }).click();
    await expect.poll(() => form.locator('.fm-field-error').count()).toBe(2);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      for (const n of [1, 2]) {
        const select = await form.getByLabel(`Contractor ${n}`, { exact: true }).boundingBox();
        const remove = await form
          .getByRole('button', { name: `Remove contractor ${n}` })
          .boundingBox();
        if (!select || !remove) throw new Error(`contractor ${n} is not on screen`);
        // Same row: their vertical centres within 2 px, Remove to the right of the select.
        expect(
          Math.abs(select.y + select.height / 2 - (remove.y + remove.height / 2)),
        ).toBeLessThan(2);
        expect(remove.x).toBeGreaterThanOrEqual(select.x + select.width);
      }
    }
  });

  it('names the contractor whose quote failed and retries only that one', async () => {
    const { page } = await browser.newPage();
    page.setDefaultTimeout(8000);
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
