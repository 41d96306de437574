import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, SIGNED_IN_USER_ID } from '../../demo/server/routes/forms';
import { SETTINGS } from '../../demo/server/seed/reference';
import { HIDE_DELAY_MS, SHOW_DELAY_MS } from '../../widgets/nav/menu';
import { browserAvailable, resetDatabase, runAxe, storedRow, useBrowser } from './harness';
import { AT_SITE_1 } from './host-pages';

const GOOD_PASSWORD = 'Brisk-Lake-42';

/** The checklist as a user sees it: each rule and whether it is ticked. */
const checklist = (page: Page) =>
  page.$$eval('fm-password-form .fm-password-rule', (rules) =>
    rules.map((rule) => ({
      rule: rule.getAttribute('data-rule'),
      met: rule.classList.contains('is-met'),
    })),
  );

describe.skipIf(!browserAvailable)('forms', () => {
  const browser = useBrowser();

  beforeEach(resetDatabase);

  it('password: the checklist follows the typing, submit waits for every rule, the host stores it', async () => {
    const { page } = await browser.newPage();
    await page.goto('/users/password');
    const submit = page.locator('fm-password-form button[type="submit"]');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    expect((await checklist(page)).every((rule) => !rule.met)).toBe(true);

    await page.getByLabel('Old password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('smith');
    const afterName = await checklist(page);
    expect(afterName.find((rule) => rule.rule === 'lowercase')?.met).toBe(true);
    expect(afterName.find((rule) => rule.rule === 'personal')?.met).toBe(false);
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel('New password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${GOOD_PASSWORD}x`);
    expect((await checklist(page)).filter((rule) => !rule.met).map((rule) => rule.rule)).toEqual([
      'matches',
    ]);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Confirm new password').fill(GOOD_PASSWORD);
    await expect.poll(() => submit.isDisabled()).toBe(false);
    expect(await runAxe(page)).toEqual([]);

    await Promise.all([page.waitForURL('**/users/password'), submit.click()]);
    await expect
      .poll(() => page.locator('main .alert-success').textContent())
      .toBe('Your password has been changed.');
    expect(
      storedRow('SELECT user_id FROM user_passwords WHERE user_id = ?', SIGNED_IN_USER_ID),
    ).toEqual({ user_id: SIGNED_IN_USER_ID });
  });

  it("flash: the host's refusal shows as a dismissible danger alert", async () => {
    const { page } = await browser.newPage();
    await page.goto('/users/password');
    await page.getByLabel('Old password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByLabel('Confirm new password').fill(GOOD_PASSWORD);
    await Promise.all([
      page.waitForURL('**/users/password'),
      page.locator('fm-password-form button[type="submit"]').click(),
    ]);
    const alert = page.locator('fm-flash [role="alert"]');
    await expect.poll(() => alert.textContent()).toContain('Your old password is not correct.');
    expect(await alert.getAttribute('class')).toContain('alert-danger');
    expect(await runAxe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Dismiss message' }).click();
    await expect.poll(() => alert.count()).toBe(0);
  });

  it('user form: the capex box follows the authorisation value and the host stores both', async () => {
    const { page } = await browser.newPage();
    await page.goto('/users/edit/3');
    const capex = page.getByLabel('Capex approver');
    const quote = page.getByLabel('Quote authorisation (£)');
    await expect.poll(() => quote.inputValue()).toBe('2500.00');
    expect(await capex.isDisabled()).toBe(false);
    await capex.check();
    // Emptied on the way to a new value, the box is disabled but keeps its tick.
    await quote.fill('');
    await expect.poll(() => capex.isDisabled()).toBe(true);
    expect(await capex.isChecked()).toBe(true);
    // A 0 left in the field clears it.
    await quote.fill('0');
    await quote.blur();
    await expect.poll(() => capex.isChecked()).toBe(false);
    expect(await capex.isDisabled()).toBe(true);
    await quote.fill('7500');
    await quote.blur();
    await expect.poll(() => quote.inputValue()).toBe('7500.00');
    await capex.check();
    expect(await runAxe(page)).toEqual([]);
    await Promise.all([
      page.waitForURL('**/users/edit/3'),
      page.getByRole('button', { name: 'Save user' }).click(),
    ]);
    expect(storedRow('SELECT authorisation_quote, capex_approver FROM users WHERE id = 3')).toEqual(
      {
        authorisation_quote: 7500,
        capex_approver: 1,
      },
    );
  });

  it("cost form: 'Duplicate Invoice Number' for INV-1001 on job 1006, 2 decimals, Saving..., stored", async () => {
    const { page } = await browser.newPage();
    await page.goto('/client/jobs/view/1006');
    const invoice = page.locator('fm-cost-form').getByLabel('Invoice number');
    await invoice.fill('INV-1001');
    await invoice.blur();
    const message = page.locator('fm-cost-form [role="alert"]');
    await expect.poll(() => message.textContent()).toBe('Duplicate Invoice Number');
    expect(await invoice.evaluate((input) => getComputedStyle(input).borderTopColor)).toBe(
      'rgb(220, 53, 69)',
    );

    await invoice.fill('INV-3003');
    await invoice.blur();
    await expect.poll(() => message.count()).toBe(0);
    await page
      .locator('fm-cost-form')
      .getByLabel('Description')
      .fill('Replaced the circulation pump');
    const labour = page.locator('fm-cost-form').getByLabel('Labour (£)');
    await labour.fill('1,250.5');
    await labour.blur();
    await expect.poll(() => labour.inputValue()).toBe('1250.50');

    // The page is gone once the host answers: keep what the button said in sessionStorage.
    await page.evaluate(() => {
      const button = document.querySelector(
        'fm-cost-form button[type="submit"]',
      ) as HTMLButtonElement;
      new MutationObserver(() => {
        sessionStorage.setItem('submit', `${button.textContent} ${button.disabled}`);
      }).observe(button, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.locator('fm-cost-form').getByRole('button', { name: 'Save cost' }).click();
    await page.waitForURL('**/client/jobs/view/1006');
    await expect
      .poll(() => page.locator('main .alert-success').textContent())
      .toBe('The cost has been saved.');
    expect(
      storedRow(
        'SELECT total, approved FROM costs WHERE job_id = 1006 AND invoice_number = ?',
        'INV-3003',
      ),
    ).toEqual({ total: 1250.5, approved: null });
  });

  it('cost form: our own field errors, never the browser bubble; a negative amount is refused before it is sent', async () => {
    const { page } = await browser.newPage();
    await page.goto('/client/jobs/view/1006');
    const form = page.locator('fm-cost-form');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    // The browser's own check would stop the submit event: a bubble and nothing of ours.
    expect(
      await form.locator('form').evaluate((element) => (element as HTMLFormElement).noValidate),
    ).toBe(true);
    await form.getByRole('button', { name: 'Save cost' }).click();
    const description = form.getByLabel('Description');
    await expect
      .poll(() => form.locator('.fm-field-error').allTextContents())
      .toEqual(['Enter a description of the cost', 'Enter at least one amount above 0']);
    expect(await description.getAttribute('aria-invalid')).toBe('true');
    expect(await description.evaluate((element) => element === document.activeElement)).toBe(true);

    await description.fill('Replaced the circulation pump');
    await form.getByLabel('Labour (£)').fill('100');
    const other = form.getByLabel('Other (£)');
    await other.fill('-20');
    await other.blur();
    await expect
      .poll(() => form.locator('.fm-field-error').allTextContents())
      .toEqual(['An amount cannot be negative: enter 0 or more, for example 120.50']);
    await form.getByRole('button', { name: 'Save cost' }).click();
    await expect
      .poll(() => other.evaluate((element) => element === document.activeElement))
      .toBe(true);
    expect(await other.inputValue()).toBe('-20');
    expect(await form.getByRole('button', { name: 'Save cost' }).isEnabled()).toBe(true);
    expect(posts).toEqual([]);
    expect(await runAxe(page)).toEqual([]);
  });

  it('password: after a refused post the host says why above the form, and no rule shows as failed', async () => {
    const { page } = await browser.newPage();
    await page.goto('/users/password');
    await page.getByLabel('Old password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByLabel('Confirm new password').fill(GOOD_PASSWORD);
    expect((await checklist(page)).every((rule) => rule.met)).toBe(true);
    await Promise.all([
      page.waitForURL('**/users/password'),
      page.locator('fm-password-form button[type="submit"]').click(),
    ]);
    const alert = page.locator('fm-flash [role="alert"]');
    await expect.poll(() => alert.textContent()).toBe('Your old password is not correct.');
    const rules = page.locator('fm-password-form .fm-password-rule');
    await expect.poll(() => rules.count()).toBeGreaterThan(5);
    // The emptied fields judge nothing: every rule is not yet met, grey, none crossed in red.
    expect(await page.locator('fm-password-form .fm-password-rule.is-unmet').count()).toBe(0);
    expect(await page.locator('fm-password-form .fm-password-rule.is-pending').count()).toBe(
      await rules.count(),
    );
    // Grey: the host's secondary text colour (the token --fm-secondary-color, as resolved: --_fm-secondary-color), not red.
    const [ruleColour, grey] = await rules.first().evaluate((rule) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--_fm-secondary-color)';
      rule.append(probe);
      const secondary = getComputedStyle(probe).color;
      probe.remove();
      return [getComputedStyle(rule).color, secondary];
    });
    expect(ruleColour).toBe(grey);
    const [flashBox, formBox] = await Promise.all([
      alert.boundingBox(),
      page.locator('fm-password-form').boundingBox(),
    ]);
    expect((flashBox?.y ?? 0) + (flashBox?.height ?? 0)).toBeLessThan(formBox?.y ?? 0);
    expect(await runAxe(page)).toEqual([]);
  });

  it.each([
    [1280, 800],
    [360, 740],
  ])(
    'users at %i px: a name opens the edit form, headed with the name, and ← Users goes back',
    async (width, height) => {
      const { page } = await browser.newPage({ viewport: { width, height } });
      await page.goto('/users/index');
      await page
        .getByRole('table', { name: 'Users' })
        .getByRole('link', { name: 'Jane Smith' })
        .click();
      await page.waitForURL('**/users/edit/2');
      const heading = page.getByRole('heading', { level: 1 });
      expect(await heading.textContent()).toBe('Edit user: Jane Smith');
      const back = page.getByRole('link', { name: '← Users' });
      // Seen without scrolling, above the heading, inside the width, and a finger's height.
      const [backBox, headingBox] = [await back.boundingBox(), await heading.boundingBox()];
      expect(backBox && headingBox && backBox.y + backBox.height <= headingBox.y).toBe(true);
      expect(
        (headingBox?.x ?? -1) >= 0 && (headingBox?.x ?? 0) + (headingBox?.width ?? 0) <= width,
      ).toBe(true);
      expect(backBox?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      await back.click();
      await page.waitForURL('**/users/index');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Users');
    },
  );

  it('user form: a negative authorisation is refused under the field, the capex box left ticked, nothing sent', async () => {
    const { page } = await browser.newPage();
    await page.goto('/users/edit/2');
    const quote = page.getByLabel('Quote authorisation (£)');
    const capex = page.getByLabel('Capex approver');
    await expect.poll(() => quote.inputValue()).toBe('10000.00');
    expect(await capex.isChecked()).toBe(true);
    await quote.fill('-500');
    await quote.blur();
    await expect
      .poll(() => page.locator('fm-user-form .fm-field-error').textContent())
      .toBe('An amount cannot be negative: enter 0 or more, for example 120.50');
    expect(await quote.inputValue()).toBe('-500');
    expect(await capex.isChecked()).toBe(true);
    expect(await capex.isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Save user' }).click();
    await expect
      .poll(() => quote.evaluate((element) => element === document.activeElement))
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/users/edit/2');
    expect(storedRow('SELECT authorisation_quote, capex_approver FROM users WHERE id = 2')).toEqual(
      {
        authorisation_quote: 10000,
        capex_approver: 1,
      },
    );
  });

  it('upload: a real file is stored and listed; a too-big one is refused with our message', async () => {
    const { page } = await browser.newPage();
    await page.goto('/client/jobs/view/1006');
    const chooser = page.locator('fm-upload input[type="file"]');
    await expect.poll(() => chooser.count()).toBe(1);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await chooser.setInputFiles({ name: 'boiler.png', mimeType: 'image/png', buffer: png });
    const link = page.locator('fm-upload .fm-upload__link');
    await expect.poll(() => link.count()).toBe(1);
    const url = await link.getAttribute('href');
    expect((await page.request.get(url ?? '')).status()).toBe(200);
    // The page's own list follows without a reload: no "No photos yet." above the new photo.
    await expect.poll(() => page.locator('#job-photos').textContent()).toContain('boiler.png');
    expect(await page.locator('#job-photos').textContent()).not.toContain('No photos yet.');

    const tooBig = Buffer.alloc(SETTINGS.uploadMaxFileSize * 1024 * 1024 + 1);
    let posted = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/photos/upload')) posted += 1;
    });
    await page.locator('fm-upload input[type="file"]').setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: tooBig,
    });
    await expect
      .poll(() => page.locator('fm-upload .is-rejected .fm-upload__message').textContent())
      .toBe(`This file is too big: files can be up to ${SETTINGS.uploadMaxFileSize} MB.`);
    expect(posted).toBe(0);
    expect(await runAxe(page)).toEqual([]);

    await page.reload();
    expect(await page.locator('ul.photos a').allTextContents()).toEqual(['boiler.png']);
  });

  it('nav: opens 250 ms after hover, closes 500 ms after leaving, works by keyboard', async () => {
    const { page } = await browser.newPage();
    await page.clock.install();
    await page.goto('/documentation');
    const jobs = page.locator('header fm-nav button', { hasText: 'Jobs' });
    await expect.poll(() => jobs.count()).toBe(1);

    // The page's clock stands still (Playwright's): the delays are walked through on it, so a
    // busy machine cannot make them look longer or shorter.
    const expanded = () => jobs.getAttribute('aria-expanded');
    await page.mouse.move(0, 400);
    await page.clock.pauseAt(Date.now() + 60_000);
    const box = await jobs.boundingBox();
    await page.mouse.move((box?.x ?? 0) + 5, (box?.y ?? 0) + 5);
    await page.clock.runFor(SHOW_DELAY_MS - 1);
    expect(await expanded()).toBe('false');
    await page.clock.runFor(1);
    await expect.poll(expanded).toBe('true');
    await page.mouse.move(0, 400);
    await page.clock.runFor(HIDE_DELAY_MS - 1);
    expect(await expanded()).toBe('true');
    await page.clock.runFor(1);
    await expect.poll(expanded).toBe('false');
    await page.clock.resume();

    await jobs.focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('All jobs');
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Job 1004 (contractor)');
    await page.keyboard.press('Escape');
    await expect.poll(() => jobs.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Jobs');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/client/jobs');
  });

  it('site switcher: goes to the path ending /site_id:{id}, replacing the one there', async () => {
    const { page } = await browser.newPage();
    await page.goto('/documentation');
    const select = page.getByLabel('Show the documentation of');
    const site = await select.locator('option:not([disabled])').first().getAttribute('value');
    await select.selectOption(site ?? '');
    await Promise.all([
      page.waitForURL(`**/documentation/site_id:${site}`),
      page.getByRole('button', { name: 'Show' }).click(),
    ]);
    expect(await select.inputValue()).toBe(site);
    const other = await select.locator('option:not([disabled])').nth(1).getAttribute('value');
    await select.selectOption(other ?? '');
    await Promise.all([
      page.waitForURL(`**/documentation/site_id:${other}`),
      page.getByRole('button', { name: 'Show' }).click(),
    ]);
    expect(new URL(page.url()).pathname).toBe(`/documentation/site_id:${other}`);
    expect(await runAxe(page)).toEqual([]);
  });

  it('autocomplete by keyboard fills the text and the id field', async () => {
    const { page } = await browser.newPage();
    await page.goto('/');
    const input = page.getByRole('combobox', { name: 'Site' });
    await input.pressSequentially('Le');
    await expect.poll(() => input.getAttribute('aria-expanded')).toBe('true');
    const first = await page.locator('fm-autocomplete [role="option"]').first().textContent();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // The input takes the item's value (the label without the branch reference).
    await expect.poll(async () => first?.startsWith(await input.inputValue())).toBe(true);
    expect(await input.inputValue()).not.toBe('Le');
    expect(await page.locator('#gallery-site-id').inputValue()).toMatch(/^\d+$/);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
  });

  it('date pickers start on Monday and give YYYY-MM-DD and DD/MM/YYYY HH:mm', async () => {
    const { page } = await browser.newPage();
    await page.goto('/');
    const date = page.locator('fm-date-input').first();
    await date.getByRole('button', { name: /Choose Due date/ }).click();
    const calendar = date.locator('.flatpickr-calendar.open');
    await expect.poll(() => calendar.count()).toBe(1);
    expect((await calendar.locator('.flatpickr-weekday').first().textContent())?.trim()).toBe(
      'Mon',
    );
    // The month and the year side by side above the weekdays, not the year hidden behind them:
    // read together once the calendar has come to rest (it fades in, moving 20 px down).
    const { month, year, weekdays } = await calendar.evaluate(async (open) => {
      await Promise.all(open.getAnimations().map((animation) => animation.finished));
      const box = (selector: string) =>
        (open.querySelector(selector) as Element).getBoundingClientRect().toJSON() as DOMRect;
      return {
        month: box('.flatpickr-monthDropdown-months'),
        year: box('input.cur-year'),
        weekdays: box('.flatpickr-weekdays'),
      };
    });
    expect(await calendar.locator('input.cur-year').inputValue()).toMatch(/^\d{4}$/);
    expect(year.left).toBeGreaterThanOrEqual(month.right - 1);
    expect(Math.abs(year.top + year.height / 2 - (month.top + month.height / 2))).toBeLessThan(4);
    expect(year.bottom).toBeLessThanOrEqual(weekdays.top + 1);
    await calendar.locator('.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)').nth(14).click();
    await expect
      .poll(() => date.getByRole('textbox', { name: 'Due date' }).inputValue())
      .toMatch(/^\d{4}-\d{2}-15$/);

    const dateTime = page.locator('fm-date-input[data-mode="datetime"]');
    const field = dateTime.getByRole('textbox', { name: 'Attended at' });
    await field.fill('31/02/2026 10:00');
    await field.blur();
    await expect
      .poll(() => dateTime.locator('.fm-field-error').textContent())
      .toBe('There is no 31/02/2026 10:00 in the calendar: check the day, the month and the time');
    await field.click();
    await dateTime.locator('.flatpickr-calendar.open .flatpickr-day.today').click();
    await expect.poll(() => field.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('downloads flatpickr and Dropzone only on pages that use them', async () => {
    const { page } = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/users/password');
    await page.locator('fm-password-form .fm-password-rule').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /DateInput-|fm-upload-/.test(path))).toEqual([]);

    await page.goto('/client/jobs/view/1006');
    await page.locator('fm-upload input[type="file"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => /\/chunks\/fm-upload-/.test(path))).toBe(true);
  });

  for (const width of [1280, 360]) {
    it(`layout at ${width} px: checkbox beside its label, calendar button beside its input with a visible SVG, no sideways scroll`, async () => {
      const { page } = await browser.newPage({ viewport: { width, height: 800 } });
      for (const [path, checkbox] of [
        ['/users/edit/2', 'Capex approver'],
        ['/engineer/jobs/1004', 'Remote fix'],
      ] as const) {
        await page.goto(path);
        const box = page.getByRole('checkbox', { name: checkbox });
        await box.waitFor();
        const boxRect = await box.boundingBox();
        const labelRect = await page.locator('label', { hasText: checkbox }).boundingBox();
        if (!boxRect || !labelRect)
          throw new Error(`${path}: no box for the checkbox or its label`);
        // One line: the label starts to the right of the box and their middles are level.
        expect(labelRect.x).toBeGreaterThan(boxRect.x + boxRect.width - 1);
        expect(
          Math.abs(labelRect.y + labelRect.height / 2 - (boxRect.y + boxRect.height / 2)),
        ).toBeLessThan(6);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
      }
      const calendar = page.getByRole('button', {
        name: 'Choose On site from a calendar and clock',
      });
      const input = page.getByRole('textbox', { name: 'On site' });
      const [buttonRect, inputRect, iconRect] = await Promise.all([
        calendar.boundingBox(),
        input.boundingBox(),
        calendar.locator('svg').boundingBox(),
      ]);
      if (!buttonRect || !inputRect || !iconRect) throw new Error('calendar button not laid out');
      expect(buttonRect.x).toBeGreaterThanOrEqual(inputRect.x + inputRect.width - 2);
      expect(Math.abs(buttonRect.y - inputRect.y)).toBeLessThan(2);
      expect(iconRect.width).toBeGreaterThanOrEqual(16);
      expect(iconRect.height).toBeGreaterThanOrEqual(16);
      expect(await calendar.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
      // Number of engineers lines up with On site and Off site: as wide, not the card's width.
      const onSiteGroup = await page
        .locator('fm-site-time-form .fm-input-group')
        .first()
        .boundingBox();
      const engineers = await page
        .getByRole('spinbutton', { name: 'Number of engineers' })
        .boundingBox();
      if (!onSiteGroup || !engineers) throw new Error('site time fields not laid out');
      expect(Math.abs(engineers.x - onSiteGroup.x)).toBeLessThan(1);
      expect(Math.abs(engineers.width - onSiteGroup.width)).toBeLessThan(1);
    });

    it(`field widths at ${width} px: each form's fields as wide as meant, none past the form`, async () => {
      const { page } = await browser.newPage({
        viewport: { width, height: 800 },
        geolocation: AT_SITE_1,
        permissions: ['geolocation'],
      });
      const phone = width < 768;
      // At a desk a text field is 32em wide, an amount 12em and a date field (with its button)
      // or the number of engineers 16em; on a phone none goes past the form.
      const meant: Record<string, number> = { text: 32, amount: 12, short: 16 };
      for (const [path, form, fields] of [
        [
          '/users/edit/2',
          'fm-user-form',
          { Name: 'text', Email: 'text', 'Quote authorisation (£)': 'amount' },
        ],
        [
          '/users/password',
          'fm-password-form',
          { 'Old password': 'text', 'New password': 'text', 'Confirm new password': 'text' },
        ],
        [
          '/client/jobs/view/1001',
          'fm-cost-form',
          {
            Type: 'text',
            'Invoice number': 'text',
            Description: 'text',
            'Labour (£)': 'amount',
            'Other (£)': 'amount',
          },
        ],
        [
          '/engineer/jobs/1004',
          'fm-site-time-form',
          { 'On site': 'short', 'Number of engineers': 'short' },
        ],
      ] as const) {
        await page.goto(path);
        await page.locator(`${form} form`).waitFor();
        const boxes = await page.locator(`${form} form`).evaluate((element, labels) => {
          const right = element.getBoundingClientRect().right;
          return Object.fromEntries(
            labels.map((label) => {
              const labelElement = [...element.querySelectorAll('label')].find(
                (candidate) => candidate.textContent?.trim() === label,
              );
              const control = labelElement && document.getElementById(labelElement.htmlFor);
              if (!control) return [label, null];
              // A date field is its input and calendar button together.
              const box = (control.closest('.fm-input-group') ?? control).getBoundingClientRect();
              const em = Number.parseFloat(getComputedStyle(control).fontSize);
              return [label, { em: box.width / em, inside: box.right <= right + 0.5 }];
            }),
          );
        }, Object.keys(fields));
        for (const [label, kind] of Object.entries(fields)) {
          const box = boxes[label];
          expect(box, `${path}: ${label}`).not.toBeNull();
          if (!box) continue;
          expect(box.inside, `${path}: ${label} inside its form`).toBe(true);
          if (!phone) expect(box.em, `${path}: ${label} in em`).toBeCloseTo(meant[kind] ?? 0, 1);
        }
      }
    });
  }
});
