import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserAvailable, resetDatabase, useBrowser } from './harness';

// Each role's work to the end, at a desk and on a phone. After every action each place on the
// page that shows the job's state is checked, then again after a reload (issue 27: one lifecycle,
// every screen truthful after every action).

const WIDTHS = [
  { name: 'desk', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
] as const;

/** Site 1 (DESIGN §5), about 22 m from its coordinates. */
const NEAR_SITE_1 = { latitude: 53.7962, longitude: -1.5471, accuracy: 15 };

/** The job summary's Status, as the host page prints it. */
const summaryStatus = (page: Page) =>
  page
    .locator('#job-summary dt', { hasText: /^Status$/ })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();

const engineerButtons = (page: Page) =>
  page.locator('fm-engineer-job .fm-engineer__actions button').allTextContents();

describe.skipIf(!browserAvailable)('journeys', () => {
  const browser = useBrowser();

  beforeEach(resetDatabase);

  for (const { name, viewport } of WIDTHS) {
    // Four actions, each with SPEC's 2 s spinner, and a reload after each.
    it(`engineer (${name}): signs on, off and completes job 1004; every screen agrees`, {
      timeout: 90_000,
    }, async () => {
      const { page } = await browser.newPage({
        viewport,
        geolocation: NEAR_SITE_1,
        permissions: ['geolocation'],
      });
      page.setDefaultTimeout(8000);
      const atStatus = async (status: string, buttons: string[]) => {
        // The buttons switch after SPEC's 2 s spinner.
        await expect.poll(() => summaryStatus(page), { timeout: 5000 }).toBe(status);
        await expect.poll(() => engineerButtons(page), { timeout: 5000 }).toEqual(buttons);
        await page.reload();
        await expect.poll(() => engineerButtons(page), { timeout: 5000 }).toEqual(buttons);
        expect(await summaryStatus(page)).toBe(status);
      };
      const act = async (label: string) => {
        await page.getByLabel('Notes').fill(`${label}: checked the plant room`);
        await page.getByRole('button', { name: label, exact: true }).click();
      };

      await page.goto('/engineer/jobs/1004');
      await atStatus('Released', ['Sign On', 'Remote Fix']);

      await act('Sign On');
      await atStatus('On Site', ['Sign Off', 'Sign Off Complete']);
      await page.goto('/engineer/jobs');
      expect(await page.locator('main a[href="/engineer/jobs/1004"]').textContent()).toContain(
        'On Site',
      );

      await page.goto('/engineer/jobs/1004');
      await act('Sign Off');
      await atStatus('Released', ['Sign On', 'Remote Fix']);

      await act('Sign On');
      await expect
        .poll(() => engineerButtons(page), { timeout: 5000 })
        .toEqual(['Sign Off', 'Sign Off Complete']);
      await act('Sign Off Complete');
      await page.waitForURL('**/engineer/jobs');
      // The list says what was recorded, and the job has left it.
      expect(await page.locator('main [role="status"]').first().textContent()).toMatch(
        /^Job 1004 \(Sales floor cassette not cooling\) is complete: you signed off at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/,
      );
      expect(await page.locator('main a[href="/engineer/jobs/1004"]').count()).toBe(0);
      await page.reload();
      expect(await page.locator('main').textContent()).not.toContain('is complete: you signed off');

      await page.goto('/engineer/jobs/1004');
      expect(await summaryStatus(page)).toBe('Complete');
      await expect
        .poll(() => page.locator('fm-engineer-job .fm-engineer__finished').textContent(), {
          timeout: 5000,
        })
        .toBe('This job is Complete: there is nothing more to record on it.');
      expect(await engineerButtons(page)).toEqual([]);
    });

    it(`client (${name}): approves job 1002's quote; the job is released and says who said yes`, {
      timeout: 60_000,
    }, async () => {
      const { page } = await browser.newPage({ viewport });
      page.setDefaultTimeout(8000);
      await page.goto('/client/jobs/view/1002');
      expect(await summaryStatus(page)).toBe('Quote Required');
      await page.getByRole('button', { name: 'Cost approval' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cost approval: job 1002' });
      await dialog.getByRole('combobox', { name: 'Authoriser' }).fill('Pri');
      await dialog.getByRole('option', { name: 'Priya Patel' }).click();
      await dialog.getByLabel('Authorised via').selectOption('telephone');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'detached' });

      const decided =
        /Quote of \d{2}\/\d{2}\/\d{4} \(£[\d,]+\.\d{2}\): approved by Priya Patel by telephone on/;
      const agrees = async () => {
        await expect.poll(() => summaryStatus(page)).toBe('Released');
        await expect.poll(() => page.locator('#job-summary').textContent()).toMatch(decided);
      };
      await agrees();
      expect(await page.locator('.fm-cost-approval__outcome').textContent()).toMatch(
        /^Quote of £[\d,]+\.\d{2} approved\. No more costs await approval\.$/,
      );
      await page.reload();
      await agrees();
      await page.getByRole('button', { name: 'Cost approval' }).click();
      const again = page.getByRole('dialog', { name: 'Cost approval: job 1002' });
      await expect
        .poll(() => again.locator('.fm-cost-summary').textContent())
        .toContain('Released');
      expect(await again.textContent()).toContain('No costs are awaiting approval.');
    });
  }
});
