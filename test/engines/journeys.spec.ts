import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/server/routes/forms';
import { STEP_LIMIT_MS } from '../browser/harness-constants';
import {
  ENGINES,
  type EnginePage,
  engineAvailable,
  problemsOf,
  resetDatabase,
  settle,
  useEngine,
  waitUntil,
} from './engines';

/** A phone (field engineers use phones, docs/architecture.md; an iPhone is WebKit). */
const PHONE = { width: 360, height: 740 };
const GOOD_PASSWORD = 'Brisk-Lake-42';

const textOf = (page: EnginePage, selector: string) =>
  page.evaluate(
    (css: string) => document.querySelector(css)?.textContent?.trim() ?? null,
    selector,
  );

/** Waits for the spinner to go and for these buttons, enabled. */
async function engineerShows(page: EnginePage, labels: string) {
  await waitUntil(
    page,
    (expected: string) =>
      document.querySelector('fm-engineer-job .fm-engineer__switching') === null &&
      [
        ...document.querySelectorAll<HTMLButtonElement>(
          'fm-engineer-job .fm-engineer__actions button',
        ),
      ]
        .map((button) => `${button.textContent}${button.disabled ? ' (disabled)' : ''}`)
        .join(', ') === expected,
    `the buttons ${labels}`,
    STEP_LIMIT_MS,
    labels,
  );
}

/** Waits for the engineer's screen to say `message`. */
function engineerSays(page: EnginePage, message: string) {
  return waitUntil(
    page,
    (expected: string) =>
      document.querySelector('fm-engineer-job .fm-engineer__message-text')?.textContent ===
      expected,
    `the message ${message}`,
    STEP_LIMIT_MS,
    message,
  );
}

describe.each(ENGINES)('%s', (engine) => {
  describe.skipIf(!engineAvailable(engine))('the main journeys at 360 px', () => {
    const open = useEngine(engine, PHONE);

    beforeEach(resetDatabase);

    it('approves the cost of job 1001: the row leaves, the modal closes, the page says so', async () => {
      const page = open();
      await page.goto('/client/jobs/view/1001');
      await settle(page);
      await page.click('fm-cost-approval .fm-cost-approval__open');
      await waitUntil(page, () => document.querySelector('.fm-cost-summary') !== null, 'the modal');
      await page.type('fm-cost-approval .fm-cost textarea', 'Agreed by phone');
      await page.click('fm-cost-approval .fm-cost__approve');
      await waitUntil(
        page,
        () =>
          document.querySelector('fm-cost-approval [role="dialog"]') === null &&
          /^Cost of £[\d,]+\.\d{2} approved\. No more costs await approval\.$/.test(
            document.querySelector('.fm-cost-approval__outcome')?.textContent ?? '',
          ),
        'the modal closes with the outcome',
        STEP_LIMIT_MS,
      );

      // Opened again, the job has no cost left to approve.
      await page.goto('/client/jobs/view/1001');
      await settle(page);
      await page.click('fm-cost-approval .fm-cost-approval__open');
      await waitUntil(page, () => document.querySelector('.fm-cost-summary') !== null, 'the modal');
      await settle(page);
      expect(await page.evaluate(() => document.querySelectorAll('.fm-cost').length)).toBe(0);
      expect(await problemsOf(page)).toEqual([]);
    });

    it('changes the password once every rule is met', async () => {
      const page = open();
      await page.goto('/users/password');
      await settle(page);
      const submit = 'fm-password-form button[type="submit"]';
      const submitDisabled = () =>
        page.evaluate(
          (css: string) => document.querySelector<HTMLButtonElement>(css)?.disabled ?? null,
          submit,
        );
      expect(await submitDisabled()).toBe(true);
      await page.type('input[name="User[old_password]"]', DEMO_PASSWORD);
      await page.type('input[name="User[password]"]', GOOD_PASSWORD);
      await page.type('input[name="User[confirm_password]"]', GOOD_PASSWORD);
      await waitUntil(
        page,
        (css: string) => document.querySelector<HTMLButtonElement>(css)?.disabled === false,
        'submit enabled',
        5000,
        submit,
      );
      await page.click(submit);
      await waitUntil(
        page,
        () =>
          document.querySelector('main .alert-success')?.textContent?.trim() ===
          'Your password has been changed.',
        "the host's confirmation",
      );
      expect(await problemsOf(page)).toEqual([]);
    });

    it("signs on and off job 1004 at site 1, placed there by the engine's testing means", async () => {
      const page = open();
      await page.goto('/engineer/jobs/1004');
      await waitUntil(
        page,
        () =>
          /^You are \d+ metres from the site$/.test(
            document.querySelector('fm-engineer-job .fm-engineer__geo')?.textContent ?? '',
          ),
        'the distance to the site',
      );
      await engineerShows(page, 'Sign On, Remote Fix');

      await page.type('fm-engineer-job textarea', 'Sign On from the plant room');
      await page.click('fm-engineer-job .fm-engineer__button--signon');
      await engineerSays(page, 'You are signed on');
      await engineerShows(page, 'Sign Off, Sign Off Complete');
      expect(await textOf(page, '#site-times')).toMatch(/on site now · 1 engineer/);

      await page.type('fm-engineer-job textarea', 'Sign Off from the plant room');
      await page.click('fm-engineer-job .fm-engineer__button--signoff');
      await engineerSays(page, 'You are signed off');
      await engineerShows(page, 'Sign On, Remote Fix');
      expect(await textOf(page, '#site-times')).not.toContain('on site now');
      expect(await page.evaluate(() => document.querySelectorAll('#site-times li').length)).toBe(1);
      expect(await problemsOf(page)).toEqual([]);
    });
  });
});
