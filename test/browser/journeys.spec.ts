import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/server/routes/forms';
import { browserAvailable, resetDatabase, useBrowser } from './harness';

// Each role's work to the end, at a desk and on a phone: the engineer, the client, the contractor
// and the user changing a password. After every action each place on the page that shows the same
// fact is checked, then again after a reload (one lifecycle, every screen truthful after
// every action).

const WIDTHS = [
  { name: 'desk', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
] as const;

/** Site 1 (docs/reference-host.md), about 22 m from its coordinates. */
const NEAR_SITE_1 = { latitude: 53.7962, longitude: -1.5471, accuracy: 15 };

/** The job summary's Status, as the host page prints it. */
const summaryStatus = (page: Page) =>
  page
    .locator('#job-summary dt', { hasText: /^Status$/ })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();

const engineerButtons = (page: Page) =>
  page.locator('fm-engineer-job .fm-engineer__actions button').allTextContents();

/** The job summary's costs awaiting approval, as listed (the names before ", added on"). */
const summaryAwaiting = (page: Page) =>
  page
    .locator('#job-summary .job-awaiting li')
    .allTextContents()
    .then((items) =>
      items.map((item) => item.replace(/, added on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/, '')),
    );

/** The photos the job view lists as stored: each name and where its link goes. */
const storedPhotos = (page: Page) =>
  page.$$eval('#job-photos a', (links) =>
    links.map((link) => ({ name: link.textContent, href: link.getAttribute('href') })),
  );

/** The host's success flash (a status line), or null when none shows. */
const successFlash = async (page: Page) => {
  const flash = page.locator('main > .alert-success[role="status"]');
  return (await flash.count()) === 0 ? null : flash.textContent();
};

/** Clicks `button`, which posts a form natively, and waits for the page the host redirects to. */
const submitNatively = async (page: Page, button: string) => {
  await Promise.all([
    page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() }),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  await page.waitForLoadState();
};

/**
 * The password checklist: each rule and whether it is ticked, its icon saying the same as its
 * look (met, failed, or not yet met while a field it reads is empty).
 */
const checklist = (page: Page) =>
  page.$$eval('fm-password-form .fm-password-rule', (rules) =>
    rules.map((rule) => {
      const met = rule.classList.contains('is-met');
      const said = rule.querySelector('[role="img"]')?.getAttribute('aria-label');
      const look = met ? 'Met' : rule.classList.contains('is-unmet') ? 'Not met' : 'Not yet met';
      return { rule: rule.getAttribute('data-rule'), met, agrees: said === look };
    }),
  );

describe.skipIf(!browserAvailable)('journeys', () => {
  const browser = useBrowser();

  beforeEach(resetDatabase);

  for (const { name, viewport } of WIDTHS) {
    // Four actions, each with the required 2 s spinner, and a reload after each.
    it(`engineer (${name}): signs on, off and completes job 1004; every screen agrees`, async () => {
      const { page } = await browser.newPage({
        viewport,
        geolocation: NEAR_SITE_1,
        permissions: ['geolocation'],
      });
      const atStatus = async (status: string, buttons: string[]) => {
        // The buttons switch after the required 2 s spinner.
        await expect.poll(() => summaryStatus(page)).toBe(status);
        await expect.poll(() => engineerButtons(page)).toEqual(buttons);
        await page.reload();
        await expect.poll(() => engineerButtons(page)).toEqual(buttons);
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
      await expect.poll(() => engineerButtons(page)).toEqual(['Sign Off', 'Sign Off Complete']);
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
      // The host knows the job is finished and says so itself: no sign-on screen keeping room for
      // buttons that will not come (only the list of what waits on the device, empty), and no
      // form to add a site time.
      expect(
        await page.getByRole('region', { name: 'Attendance' }).locator('p').first().textContent(),
      ).toBe('This job is Complete: there is nothing more to record on it.');
      expect(await page.locator('fm-engineer-job:not([data-device-only])').count()).toBe(0);
      expect(await page.locator('fm-engineer-job .fm-engineer__queue').count()).toBe(0);
      expect(await page.locator('fm-site-time-form').count()).toBe(0);
    });

    it(`client (${name}): approves job 1002's quote; the job is released and says who said yes`, async () => {
      const { page } = await browser.newPage({ viewport });
      await page.goto('/client/jobs/view/1002');
      expect(await summaryStatus(page)).toBe('Quote Required');
      const [waiting] = await summaryAwaiting(page);
      expect(waiting).toMatch(/^Quote of £[\d,]+\.\d{2}$/);
      await page.getByRole('button', { name: 'Cost approval' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cost approval: job 1002' });
      await expect
        .poll(() => dialog.locator('.fm-cost__title').allTextContents())
        .toEqual([waiting]);
      await dialog.getByRole('combobox', { name: 'Authoriser' }).fill('Pri');
      await dialog.getByRole('option', { name: 'Priya Patel' }).click();
      await dialog.getByLabel('Authorised via').selectOption('telephone');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'detached' });

      const decided =
        /Quote of £[\d,]+\.\d{2}, added on \d{2}\/\d{2}\/\d{4}: approved by Priya Patel by telephone on/;
      const agrees = async () => {
        await expect.poll(() => summaryStatus(page)).toBe('Released');
        await expect.poll(() => page.locator('#job-summary').textContent()).toMatch(decided);
        expect(await summaryAwaiting(page)).toEqual([]);
      };
      await agrees();
      expect(await page.locator('.fm-cost-approval__outcome').textContent()).toBe(
        `${waiting} approved. Job 1002 is now released to Northern Mechanical Ltd. No more costs await approval.`,
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

    it(`contractor (${name}): adds a photo and invoiced costs to job 1004; the client sees them waiting`, async () => {
      const { page } = await browser.newPage({ viewport });
      const invoice = page.getByLabel('Invoice number');
      /** Every place on the contractor's page, then again after a reload (the flash shows once). */
      const agrees = async (
        awaiting: string[],
        photos: { name: string; href: string }[],
        flash: string | null,
      ) => {
        expect(page.url()).toMatch(/\/contractor\/jobs\/view\/1004$/);
        expect(await successFlash(page)).toBe(flash);
        for (const reloaded of [false, true]) {
          if (reloaded) await page.reload();
          expect(await summaryStatus(page)).toBe('Released');
          expect(await summaryAwaiting(page)).toEqual(awaiting);
          expect(await page.locator('#job-summary .job-awaiting__heading').count()).toBe(
            awaiting.length > 0 ? 1 : 0,
          );
          expect(await storedPhotos(page)).toEqual(photos);
          expect(await page.locator('#job-photos').getByText('No photos yet.').count()).toBe(
            photos.length > 0 ? 0 : 1,
          );
          // A contractor decides nothing: no cost approval, no edit or delete.
          expect(await page.locator('fm-cost-approval').count()).toBe(0);
          expect(await page.getByRole('link', { name: /^(Edit|Delete) job$/ }).count()).toBe(0);
        }
        expect(await successFlash(page)).toBeNull();
      };

      await page.goto('/contractor/jobs/view/1004');
      await agrees([], [], null);

      // A photo: the drop zone's row and the page's stored photos name the same file.
      await page.locator('fm-upload input[type="file"]').setInputFiles({
        name: 'condenser.png',
        mimeType: 'image/png',
        buffer: Buffer.from('png'),
      });
      const uploaded = page.locator('fm-upload .fm-upload__file.is-done');
      await expect
        .poll(() => uploaded.locator('.fm-upload__name').textContent())
        .toBe('condenser.png');
      const href = (await uploaded.locator('.fm-upload__link').getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/uploads\/[\w-]+\.png$/);
      await expect.poll(() => storedPhotos(page)).toEqual([{ name: 'condenser.png', href }]);
      expect(await page.locator('fm-upload [role="status"]').textContent()).toBe(
        'condenser.png uploaded',
      );
      const photos = [{ name: 'condenser.png', href }];
      await agrees([], photos, null);
      expect(await page.locator('fm-upload .fm-upload__file').count()).toBe(0);

      // A cost with an invoice number: amounts written with 2 decimals, the invoice checked.
      await invoice.fill('INV-2040');
      await page.getByLabel('Description').fill('Condenser fan capacitor replaced');
      await page.getByLabel('Labour (£)').fill('120');
      await page.getByLabel('Materials (£)').fill('38.5');
      await page.getByLabel('Materials (£)').blur();
      expect(await page.getByLabel('Labour (£)').inputValue()).toBe('120.00');
      expect(await page.getByLabel('Materials (£)').inputValue()).toBe('38.50');
      expect(await invoice.getAttribute('aria-invalid')).toBeNull();
      await submitNatively(page, 'Save cost');
      await agrees(['Invoice INV-2040 (£158.50)'], photos, 'The cost has been saved.');

      // The same invoice again (in other capitals) is held back where it is typed.
      await invoice.fill('inv-2040');
      await page.getByLabel('Description').fill('Second visit');
      await page.getByLabel('Other (£)').fill('45');
      await page.getByLabel('Other (£)').blur();
      const invoiceError = page.locator('fm-cost-form [role="alert"]');
      await expect.poll(() => invoiceError.textContent()).toBe('Duplicate Invoice Number');
      expect(await invoice.getAttribute('aria-invalid')).toBe('true');
      await page.getByRole('button', { name: 'Save cost', exact: true }).click();
      await expect
        .poll(() => invoice.evaluate((input) => input === document.activeElement))
        .toBe(true);
      expect(await summaryAwaiting(page)).toEqual(['Invoice INV-2040 (£158.50)']);

      await invoice.fill('INV-2041');
      await invoice.blur();
      await expect.poll(() => invoiceError.count()).toBe(0);
      expect(await invoice.getAttribute('aria-invalid')).toBeNull();
      await submitNatively(page, 'Save cost');
      const both = ['Invoice INV-2040 (£158.50)', 'Invoice INV-2041 (£45.00)'];
      await agrees(both, photos, 'The cost has been saved.');

      // The client's view of the job: the same costs wait, in its summary and in the modal.
      await page.goto('/client/jobs/view/1004');
      expect(await summaryAwaiting(page)).toEqual(both);
      expect(await storedPhotos(page)).toEqual(photos);
      await page.getByRole('button', { name: 'Cost approval' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cost approval: job 1004' });
      await expect.poll(() => dialog.locator('.fm-cost__title').allTextContents()).toEqual(both);

      // The client approves the first; both portals then say it by the same name.
      await dialog
        .getByRole('article', { name: both[0] })
        .getByRole('button', { name: 'Approve' })
        .click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.locator('.fm-cost-approval__outcome').textContent()).toBe(
        'Invoice INV-2040 (£158.50) approved. 1 more awaits approval.',
      );
      const decided = page.locator('#job-summary .job-decisions li');
      const approved =
        /^Invoice INV-2040 \(£158\.50\), added on \d{2}\/\d{2}\/\d{4}: approved .*\.$/;
      for (const path of ['/client/jobs/view/1004', null, '/contractor/jobs/view/1004']) {
        if (path) await page.goto(path);
        await expect.poll(() => summaryAwaiting(page)).toEqual([both[1]]);
        expect(await decided.allTextContents()).toEqual([expect.stringMatching(approved)]);
      }
    });

    it(`password (${name}): Jane Smith changes hers, watching the checklist; only the new one works`, async () => {
      const { page } = await browser.newPage({ viewport });
      const form = page.locator('fm-password-form');
      const submit = form.locator('button[type="submit"]');
      const oldField = page.getByLabel('Old password');
      const newField = page.getByLabel('New password', { exact: true });
      const confirmField = page.getByLabel('Confirm new password');
      const demoNote = page.getByText(`the current password is ${DEMO_PASSWORD}`);
      const changedOn = page.locator('#password-changed');
      const danger = page.locator('fm-flash [role="alert"]');
      /**
       * What each field says under it (the words of docs/requirements.md §5), the unmet rules, and
       * the button.
       */
      const formSays = async () => ({
        errors: await form.locator('.invalid-feedback, .fm-field__error').allTextContents(),
        unmet: (await checklist(page)).filter((rule) => !rule.met).map((rule) => rule.rule),
        iconsAgree: (await checklist(page)).every((rule) => rule.agrees),
        disabled: await submit.isDisabled(),
        hint: await form
          .getByText('The button is enabled once every requirement above is met.')
          .count(),
      });
      const EVERY_RULE = [
        'minLength',
        'digits',
        'lowercase',
        'uppercase',
        'special',
        'letters',
        'maxConsecutive',
        'personal',
        'blacklist',
        'differsFromOld',
        'matches',
      ];
      const untouched = {
        errors: [],
        unmet: EVERY_RULE,
        iconsAgree: true,
        disabled: true,
        hint: 1,
      };
      const spoken = form.locator('[role="status"]');

      await page.goto('/users/password');
      await expect.poll(formSays).toEqual(untouched);
      expect(await demoNote.count()).toBe(1);
      expect(await changedOn.count()).toBe(0);
      // A password manager learns whose password changes; the user sees no extra field.
      const account = form.locator('input[autocomplete="username"]');
      expect(await account.inputValue()).toBe('jane.smith');
      expect(await account.isHidden()).toBe(true);

      // The checklist follows the typing; a field left with a rule unmet says the required message.
      await oldField.fill(DEMO_PASSWORD);
      await newField.fill('harbour');
      await newField.blur();
      await expect.poll(formSays).toEqual({
        errors: ['Password must be at least 10 characters'],
        unmet: ['minLength', 'digits', 'uppercase', 'special', 'matches'],
        iconsAgree: true,
        disabled: true,
        hint: 1,
      });
      await expect
        .poll(() => spoken.textContent())
        .toBe(
          '5 of 11 password requirements not met yet: At least 10 characters; At least 1 digit; At least 1 uppercase letter; At least 1 special character; Both new passwords match.',
        );
      await newField.fill('Harbour-Smith-74');
      await expect.poll(formSays).toEqual({
        errors: ["Password can't contain part of your name or username"],
        unmet: ['personal', 'matches'],
        iconsAgree: true,
        disabled: true,
        hint: 1,
      });
      await newField.fill('Harbour-Lamp-74');
      await confirmField.fill('Harbour-Lamp-7');
      await confirmField.blur();
      await expect.poll(formSays).toEqual({
        errors: ["Passwords don't match"],
        unmet: ['matches'],
        iconsAgree: true,
        disabled: true,
        hint: 1,
      });
      await confirmField.fill('Harbour-Lamp-74');
      await expect
        .poll(formSays)
        .toEqual({ errors: [], unmet: [], iconsAgree: true, disabled: false, hint: 0 });
      await expect.poll(() => spoken.textContent()).toBe('All password requirements are met.');

      await submitNatively(page, 'Change password');
      expect(await successFlash(page)).toBe('Your password has been changed.');
      const changed = /^Your password was last changed on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/;
      for (const reloaded of [false, true]) {
        if (reloaded) await page.reload();
        expect(await changedOn.textContent()).toMatch(changed);
        expect(await demoNote.count()).toBe(0);
        await expect.poll(formSays).toEqual(untouched);
        expect(await oldField.inputValue()).toBe('');
      }
      expect(await successFlash(page)).toBeNull();
      const when = await changedOn.textContent();

      // The old password no longer works: the host refuses it and nothing changes.
      await oldField.fill(DEMO_PASSWORD);
      await newField.fill('Quarry-Bell-39');
      await confirmField.fill('Quarry-Bell-39');
      await submitNatively(page, 'Change password');
      expect(await danger.textContent()).toBe('Your old password is not correct.');
      expect(await successFlash(page)).toBeNull();
      expect(await changedOn.textContent()).toBe(when);
      await page.reload();
      expect(await danger.count()).toBe(0);
      expect(await changedOn.textContent()).toBe(when);
      expect(await demoNote.count()).toBe(0);

      // The new one does.
      await oldField.fill('Harbour-Lamp-74');
      await newField.fill('Quarry-Bell-39');
      await confirmField.fill('Quarry-Bell-39');
      await submitNatively(page, 'Change password');
      expect(await successFlash(page)).toBe('Your password has been changed.');
      expect(await danger.count()).toBe(0);
      expect(await changedOn.textContent()).toMatch(changed);
    });
  }
});
