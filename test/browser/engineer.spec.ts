import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { toDateTime } from '../../demo/server/time';
import { BUTTON_SWITCH_DELAY_MS } from '../../widgets/engineer-job/live-action';
import {
  browserAvailable,
  clearFaults,
  resetDatabase,
  runAxe,
  saveSiteTimeTaken,
  setFault,
  storedRow,
  storedRows,
  useBrowser,
} from './harness';
import { layoutShift, MAX_LAYOUT_SHIFT, settle, VIEWPORTS, watchLayoutShift } from './host-pages';

/** Site 1 (docs/reference-host.md) and a spot about 22 m from it. */
const NEAR_SITE_1 = { latitude: 53.7962, longitude: -1.5471, accuracy: 15 };
/** What the page of a finished job says (nothingToRecord, src/core/job-lifecycle.ts). */
const FINISHED = 'This job is Complete: there is nothing more to record on it.';
/** Central London: about 170 miles away. */
const LONDON = { latitude: 51.5074, longitude: -0.1278, accuracy: 30 };
/** A phone (field engineers use phones: docs/architecture.md). */
const PHONE = { width: 360, height: 740 };

type SiteTimeRow = {
  id: number;
  on_site: string;
  off_site: string | null;
  remote_fix: number;
  lat: number | null;
};

function siteTimesOf(jobId: number): SiteTimeRow[] {
  return storedRows<SiteTimeRow>(
    'SELECT id, on_site, off_site, remote_fix, lat FROM site_times WHERE job_id = ? ORDER BY id',
    jobId,
  );
}

/** The actions the host recorded for a job (one row per action_id), oldest first. */
function recordedActions(jobId: number): string[] {
  return storedRows<{ action: string }>(
    'SELECT action FROM site_time_actions WHERE job_id = ? ORDER BY id',
    jobId,
  ).map((row) => row.action);
}

/** Every save fails as with no signal, while pages and the sign-on lookup still load. */
const SAVE_URL = '**/api/site_times/save';
const noSignalForSaves = (context: BrowserContext) =>
  context.route(SAVE_URL, (route) => route.abort('internetdisconnected'));

const screen = (page: Page) => page.locator('fm-engineer-job');
const geoMessage = (page: Page) => screen(page).locator('.fm-engineer__geo');
const actionButton = (page: Page, name: string) =>
  screen(page).getByRole('button', { name, exact: true });

/** The labels of the action buttons on show. */
async function buttonLabels(page: Page): Promise<string[]> {
  return screen(page).locator('.fm-engineer__actions button').allTextContents();
}

/** The texts a control is described by (aria-describedby), as a screen reader reads them. */
function describedBy(page: Page, name: string): Promise<string[]> {
  return actionButton(page, name).evaluate((button) =>
    (button.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? ''),
  );
}

/** Types a note (the page shows the notes field) and presses an action button. */
async function act(page: Page, name: string) {
  await screen(page).getByLabel('Notes').fill(`${name} from the plant room`);
  await actionButton(page, name).click();
}

/**
 * The room between the first and the second action button, in px: 24 px at least (WCAG 2.2's
 * target spacing), so a thumb meant for Sign On does not complete the job with Remote Fix.
 */
async function buttonSpacing(page: Page): Promise<number> {
  const [first, second] = await screen(page)
    .locator('.fm-engineer__actions button')
    .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON()));
  if (!first || !second) throw new Error('two action buttons expected');
  const across = second.left - first.right;
  const down = second.top - first.bottom;
  return Math.max(across, down);
}

/** The buttons show `labels`, the first of them enabled: the screen is in that state. */
async function showing(page: Page, labels: string[]): Promise<boolean> {
  const shown = await buttonLabels(page);
  return (
    shown.join('|') === labels.join('|') &&
    (await actionButton(page, labels[0] ?? '')
      .isEnabled()
      .catch(() => false))
  );
}

/**
 * Waits for the spinner to come and go, then for the buttons of the next state. The 2 s
 * spinner is not waited out: as soon as it shows, the page's clock (installed by open()) is moved
 * past it, and the buttons switch as they would 2 s later.
 */
async function switched(page: Page, labels: string[]) {
  const spinner = screen(page).locator('.fm-engineer__switching');
  await expect
    .poll(async () => (await spinner.count()) > 0 || (await showing(page, labels)))
    .toBe(true);
  if ((await spinner.count()) > 0) await page.clock.fastForward(BUTTON_SWITCH_DELAY_MS);
  await expect.poll(() => buttonLabels(page)).toEqual(labels);
  await expect.poll(() => screen(page).locator('.fm-engineer__switching').count()).toBe(0);
  await expect.poll(() => buttonLabels(page)).toEqual(labels);
  await expect.poll(() => actionButton(page, labels[0] ?? '').isEnabled()).toBe(true);
}

/**
 * After an action that finishes the job (a Remote Fix) kept on the device: the spinner, then no
 * button, and the screen says the job is Complete, its status moved on by what waits.
 */
async function finishedOnDevice(page: Page) {
  const finished = screen(page).locator('.fm-engineer__finished');
  const spinner = screen(page).locator('.fm-engineer__switching');
  await expect
    .poll(async () => (await spinner.count()) > 0 || (await finished.count()) > 0)
    .toBe(true);
  if ((await spinner.count()) > 0) await page.clock.fastForward(BUTTON_SWITCH_DELAY_MS);
  await expect
    .poll(() => finished.textContent())
    .toBe('This job is Complete: there is nothing more to record on it.');
  expect(await buttonLabels(page)).toEqual([]);
}

describe.skipIf(!browserAvailable)('/engineer/jobs/{jobId}', () => {
  const browser = useBrowser();

  beforeEach(resetDatabase);

  const open = async (
    path: string,
    options: { geolocation?: typeof NEAR_SITE_1; granted?: boolean } = {},
  ): Promise<{ context: BrowserContext; page: Page }> => {
    const { geolocation = NEAR_SITE_1, granted = true } = options;
    const session = await browser.newPage({
      viewport: PHONE,
      hasTouch: true,
      geolocation,
      permissions: granted ? ['geolocation'] : [],
    });
    // Time flows as ever; switched() moves it on past the spinner (every tab of the context).
    await session.page.clock.install();
    await session.page.goto(path);
    return session;
  };

  it('near site 1: Sign On, a spinner, then Sign Off; the site time is stored', async () => {
    const { page } = await open('/engineer/jobs/1004');
    await expect
      .poll(() => geoMessage(page).textContent())
      .toMatch(/^You are \d+ metres from the site$/);
    await switched(page, ['Sign On', 'Remote Fix']);
    // A phone stacks the two buttons: far enough apart for a thumb.
    expect(await buttonSpacing(page)).toBeGreaterThanOrEqual(24);

    // Where the next card starts: the spinner must not move it.
    const nextCard = page.locator('#site-time-heading');
    const before = (await nextCard.boundingBox())?.y;
    await act(page, 'Sign On');
    await expect.poll(() => screen(page).locator('.fm-engineer__switching').count()).toBe(1);
    await expect
      .poll(() => screen(page).locator('.fm-engineer__message-text').textContent())
      .toBe('You are signed on');
    // While the spinner turns no button says otherwise: neither Sign On nor Remote Fix is seen
    // (nor yet Sign Off: docs/requirements.md §4 switches them after the spinner).
    expect(await screen(page).locator('.fm-engineer__switching').isVisible()).toBe(true);
    for (const name of ['Sign On', 'Remote Fix', 'Sign Off', 'Sign Off Complete']) {
      expect(await actionButton(page, name).count()).toBe(0);
    }
    expect((await nextCard.boundingBox())?.y).toBe(before);
    await switched(page, ['Sign Off', 'Sign Off Complete']);
    expect((await nextCard.boundingBox())?.y).toBe(before);
    expect(await buttonSpacing(page)).toBeGreaterThanOrEqual(24);
    // The pressed button went with the spinner: the focus is on the first new one.
    expect(await actionButton(page, 'Sign Off').evaluate((b) => b === document.activeElement)).toBe(
      true,
    );

    const [row] = siteTimesOf(1004);
    expect(row).toMatchObject({ off_site: null, lat: NEAR_SITE_1.latitude });
  });

  it("keeps the page's site-time list in step with the widget, without a reload", async () => {
    const { page } = await open('/engineer/jobs/1004');
    const list = page.locator('#site-times');
    expect(await list.textContent()).toContain('None recorded yet.');
    await switched(page, ['Sign On', 'Remote Fix']);
    await act(page, 'Sign On');
    await expect.poll(() => list.textContent()).toMatch(/on site now · 1 engineer/);
    await switched(page, ['Sign Off', 'Sign Off Complete']);
    await act(page, 'Sign Off');
    await expect
      .poll(() => screen(page).locator('.fm-engineer__message-text').textContent())
      .toBe('You are signed off');
    await expect.poll(() => list.textContent()).not.toContain('on site now');
    expect(await list.locator('li').count()).toBe(1);
  });

  it('is usable on a 360 px phone: nothing scrolls sideways, touch targets of 44 px', async () => {
    const { page } = await open('/engineer/jobs/1004');
    await switched(page, ['Sign On', 'Remote Fix']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    for (const target of await page.locator('fm-engineer-job button, .engineer-back').all()) {
      const box = await target.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
  });

  it('far away: disabled, with the distance in miles', async () => {
    const { page } = await open('/engineer/jobs/1004', { geolocation: LONDON });
    await expect
      .poll(() => geoMessage(page).textContent())
      .toMatch(/^You are 1\d\d\.\d miles from the site$/);
    await expect.poll(() => buttonLabels(page)).toEqual(['Sign On', 'Remote Fix']);
    expect(await actionButton(page, 'Sign On').isDisabled()).toBe(true);
    expect(await actionButton(page, 'Remote Fix').isDisabled()).toBe(true);
    expect(await describedBy(page, 'Remote Fix')).toEqual([
      'Sign On and Remote Fix can be used within 500 metres of the site.',
    ]);
  });

  it('permission denied: buttons hidden, with the required message and a way to try again', async () => {
    const { page } = await open('/engineer/jobs/1004', { granted: false });
    await expect
      .poll(() => geoMessage(page).textContent())
      .toBe('You must enable geo location to use this app');
    expect(await buttonLabels(page)).toEqual([]);
    expect(await screen(page).getByRole('button').allTextContents()).toEqual(['Try again']);
    // No room kept for buttons that will not come: the screen ends right under Try again.
    const tryAgain = await screen(page).getByRole('button', { name: 'Try again' }).boundingBox();
    const element = await page.locator('fm-engineer-job').boundingBox();
    if (!tryAgain || !element) throw new Error('not laid out');
    expect(element.y + element.height - (tryAgain.y + tryAgain.height)).toBeLessThanOrEqual(2);
  });

  it('a job of his at site 3 (no coordinates): not geocoded, disabled', async () => {
    // Job 1005 is at site 3 too, but Emma Walsh's: its page says it is not his. One of his own.
    const job = storedRow<{ id: number }>(
      `SELECT j.id FROM jobs j
       JOIN job_engineers je ON je.job_id = j.id
       JOIN users u ON u.id = je.user_id
       WHERE u.name = 'Liam Carter' AND j.site_id = 3 AND j.status_id = 3 AND j.cancelled = 0
       ORDER BY j.id`,
    );
    if (!job) throw new Error('the seed gives Liam Carter no released job at site 3');
    const { page } = await open(`/engineer/jobs/${job.id}`);
    await expect
      .poll(() => geoMessage(page).textContent())
      .toBe("This site hasn't been geocoded yet");
    await expect.poll(() => buttonLabels(page)).toEqual(['Sign On', 'Remote Fix']);
    expect(await actionButton(page, 'Sign On').isDisabled()).toBe(true);
    // Why, beside the buttons (right under the last), and read with each of them.
    const why = screen(page).locator('.fm-engineer__why');
    expect(await why.textContent()).toBe(
      "Sign On and Remote Fix can be used once the site's location is recorded (to check that you are there): ask your office to add it.",
    );
    expect(await why.isVisible()).toBe(true);
    const last = await actionButton(page, 'Remote Fix').boundingBox();
    const line = await why.boundingBox();
    expect((line?.y ?? 0) - ((last?.y ?? 0) + (last?.height ?? 0))).toBeLessThanOrEqual(16);
    for (const name of ['Sign On', 'Remote Fix']) {
      expect(await describedBy(page, name)).toEqual([await why.textContent()]);
    }
  });

  it('a finished job of his stands still as it loads, at a desk and on a phone (docs/benchmark.md)', async () => {
    // Job 1004 finished by a remote fix, sent as the element sends it.
    const { page: first } = await open('/engineer/jobs/1004');
    const status = await first.evaluate(
      async (geo) => {
        const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content');
        const response = await fetch('/api/site_times/save', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': token ?? '' },
          body: JSON.stringify({ id: null, job_id: 1004, geo, action: 'remotefix' }),
        });
        return response.status;
      },
      { lat: NEAR_SITE_1.latitude, long: NEAR_SITE_1.longitude, accuracy: NEAR_SITE_1.accuracy },
    );
    expect(status).toBe(200);
    expect(storedRow('SELECT status_id FROM jobs WHERE id = 1004')).toEqual({ status_id: 8 });

    for (const viewport of VIEWPORTS) {
      const { context, page } = await browser.newPage({
        viewport: { width: viewport.width, height: viewport.height },
      });
      try {
        await watchLayoutShift(page);
        await page.goto('/engineer/jobs/1004');
        await settle(page);
        const card = page.getByRole('region', { name: 'Attendance' });
        expect(await card.getByText(FINISHED).isVisible()).toBe(true);
        expect(await card.getByRole('button').count()).toBe(0);
        const shift = await layoutShift(page);
        expect({
          width: viewport.width,
          shift: shift.total <= MAX_LAYOUT_SHIFT ? 'ok' : shift,
        }).toEqual({
          width: viewport.width,
          shift: 'ok',
        });
      } finally {
        await context.close();
      }
    }
  });

  it('the sign-on lookup failing: no action offered while the job may be On Site; Retry', async () => {
    const { page } = await open('/engineer/jobs/1004');
    await switched(page, ['Sign On', 'Remote Fix']);
    await act(page, 'Sign On');
    await switched(page, ['Sign Off', 'Sign Off Complete']);
    await setFault({ path: '/api/site_times/index/1004', fault: '500' });
    try {
      await page.reload();
      await expect.poll(() => screen(page).getByRole('alert').textContent()).not.toBe('');
      expect(await page.locator('#job-summary').textContent()).toContain('On Site');
      expect(await buttonLabels(page)).toEqual([]);
      expect(await screen(page).getByLabel('Notes').count()).toBe(0);
      expect(await screen(page).getByRole('button').allTextContents()).toEqual(['Retry']);
    } finally {
      await clearFaults();
    }
    await screen(page).getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => buttonLabels(page)).toEqual(['Sign Off', 'Sign Off Complete']);
  });

  it('Sign Off Complete goes to /engineer/jobs and completes the job', async () => {
    const { page } = await open('/engineer/jobs/1004');
    await switched(page, ['Sign On', 'Remote Fix']);
    await act(page, 'Sign On');
    await switched(page, ['Sign Off', 'Sign Off Complete']);
    await act(page, 'Sign Off Complete');
    await page.waitForURL('**/engineer/jobs');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('My jobs');
    const [row] = siteTimesOf(1004);
    expect(row?.off_site).not.toBeNull();
    expect(storedRow('SELECT status_id FROM jobs WHERE id = 1004')).toEqual({ status_id: 8 });
    // A completed job leaves the engineer's list (the navigation's sample link aside).
    expect(await page.locator('main a[href="/engineer/jobs/1004"]').count()).toBe(0);
  });

  it('offline: three actions kept on the device, then recorded in order with their times, once', async () => {
    const { context, page } = await open('/engineer/jobs/1004');
    await switched(page, ['Sign On', 'Remote Fix']);

    await context.setOffline(true);
    await act(page, 'Sign On');
    await expect
      .poll(() => screen(page).locator('.fm-engineer__message-text').textContent())
      .toBe('Saved on this device, will send when connected');
    await switched(page, ['Sign Off', 'Sign Off Complete']);
    await act(page, 'Sign Off');
    await switched(page, ['Sign On', 'Remote Fix']);
    await act(page, 'Sign On');
    await switched(page, ['Sign Off', 'Sign Off Complete']);
    expect(await screen(page).locator('.fm-engineer__queued').count()).toBe(3);
    const times: string[] = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('fm-action-queue') ?? '[]').map(
        (entry: { clientTime: string }) => entry.clientTime,
      ),
    );
    expect(times).toHaveLength(3);
    expect(siteTimesOf(1004)).toEqual([]);
    await page.close();

    // Back online, the page is opened again — in two tabs at once: each action is sent once.
    await context.setOffline(false);
    const tabs = await Promise.all([context.newPage(), context.newPage()]);
    await Promise.all(tabs.map((tab) => tab.goto('/engineer/jobs/1004')));
    await expect.poll(() => siteTimesOf(1004).length).toBe(2);
    for (const tab of tabs) {
      // Each tab hears of the other's replay through storage, then reads the job again.
      await expect.poll(() => screen(tab).locator('.fm-engineer__queued').count()).toBe(0);
      await expect.poll(() => buttonLabels(tab)).toEqual(['Sign Off', 'Sign Off Complete']);
    }
    const [first, second] = times.map((time) => toDateTime(new Date(time)));
    const third = toDateTime(new Date(times[2] ?? ''));
    expect(siteTimesOf(1004).map(({ on_site, off_site }) => ({ on_site, off_site }))).toEqual([
      { on_site: first, off_site: second },
      { on_site: third, off_site: null },
    ]);
    expect(await tabs[0]?.evaluate(() => localStorage.getItem('fm-action-queue'))).toBeNull();
  });

  it('sends an action kept offline as soon as the connection returns', async () => {
    const { context, page } = await open('/engineer/jobs/1004');
    await switched(page, ['Sign On', 'Remote Fix']);
    await context.setOffline(true);
    await act(page, 'Remote Fix');
    await finishedOnDevice(page);
    expect(page.url()).toMatch(/\/engineer\/jobs\/1004$/);
    await context.setOffline(false);
    await expect.poll(() => siteTimesOf(1004).length).toBe(1);
    expect(siteTimesOf(1004)[0]).toMatchObject({ remote_fix: 1 });
    await expect.poll(() => screen(page).locator('.fm-engineer__queued').count()).toBe(0);
  });

  describe('each action exactly once, truthfully reported', () => {
    const messageText = (page: Page) =>
      screen(page).locator('.fm-engineer__message-text').textContent();

    it.each([
      ['Sign On', 'You are signed on', ['signon']],
      ['Sign Off', 'You are signed off', ['signon', 'signoff']],
      ['Sign Off Complete', 'The job is complete', ['signon', 'complete']],
      ['Remote Fix', 'The remote fix has been recorded', ['remotefix']],
    ])(
      '%s whose answer is lost after the host stored it: recorded once, shown as a success',
      async (label, message, recorded) => {
        const { page } = await open('/engineer/jobs/1004');
        await switched(page, ['Sign On', 'Remote Fix']);
        if (label === 'Sign Off' || label === 'Sign Off Complete') {
          await act(page, 'Sign On');
          await switched(page, ['Sign Off', 'Sign Off Complete']);
        }
        await setFault({ path: '/api/site_times/save', fault: 'drop', times: 1 });
        try {
          await act(page, label);
          await expect.poll(() => messageText(page)).toBe(message);
        } finally {
          await clearFaults();
        }
        expect(recordedActions(1004)).toEqual(recorded);
        const rows = siteTimesOf(1004);
        expect(rows).toHaveLength(1);
        expect(rows[0]?.off_site === null).toBe(label === 'Sign On');
        expect(rows[0]?.remote_fix).toBe(label === 'Remote Fix' ? 1 : 0);
        expect(
          storedRow(
            'SELECT COUNT(*) AS notes FROM notes WHERE job_id = 1004 AND description = ?',
            `${label} from the plant room`,
          ),
        ).toEqual({ notes: 1 });
        expect(await screen(page).locator('.fm-engineer__queued').count()).toBe(0);
        expect(await screen(page).textContent()).not.toContain('was not accepted');
      },
    );

    it('20 actions without signal, across a reload: each recorded once, in order, with its time', async () => {
      const { context, page } = await open('/engineer/jobs/1004');
      await switched(page, ['Sign On', 'Remote Fix']);
      await noSignalForSaves(context);
      const labels = Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0 ? 'Sign On' : 'Sign Off',
      );
      for (const [index, label] of labels.entries()) {
        if (index === 10) await page.reload();
        await switched(
          page,
          label === 'Sign On' ? ['Sign On', 'Remote Fix'] : ['Sign Off', 'Sign Off Complete'],
        );
        await act(page, label);
      }
      await switched(page, ['Sign On', 'Remote Fix']);
      expect(await screen(page).locator('.fm-engineer__queued').count()).toBe(20);
      const times: string[] = await page.evaluate(() =>
        JSON.parse(localStorage.getItem('fm-action-queue') ?? '[]').map(
          (entry: { clientTime: string }) => entry.clientTime,
        ),
      );
      expect(siteTimesOf(1004)).toEqual([]);

      await context.unroute(SAVE_URL);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(() => recordedActions(1004).length).toBe(20);
      await expect.poll(() => screen(page).locator('.fm-engineer__queued').count()).toBe(0);
      expect(recordedActions(1004)).toEqual(
        labels.map((label) => (label === 'Sign On' ? 'signon' : 'signoff')),
      );
      const stored = times.map((time) => toDateTime(new Date(time)));
      expect(siteTimesOf(1004).map(({ on_site, off_site }) => [on_site, off_site])).toEqual(
        Array.from({ length: 10 }, (_, pair) => [stored[2 * pair], stored[2 * pair + 1]]),
      );
    }, 150_000);

    it('two tabs replaying at once without Web Locks (the storage lease): each action once', async () => {
      const { context, page } = await open('/engineer/jobs/1004');
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'locks', {
          configurable: true,
          value: undefined,
        });
      });
      await switched(page, ['Sign On', 'Remote Fix']);
      await noSignalForSaves(context);
      for (const label of ['Sign On', 'Sign Off', 'Remote Fix']) {
        await act(page, label);
        if (label === 'Remote Fix') await finishedOnDevice(page);
        else {
          await switched(
            page,
            label === 'Sign On' ? ['Sign Off', 'Sign Off Complete'] : ['Sign On', 'Remote Fix'],
          );
        }
      }
      await page.close();
      await context.unroute(SAVE_URL);

      const tabs = await Promise.all([context.newPage(), context.newPage()]);
      await Promise.all(tabs.map((tab) => tab.goto('/engineer/jobs/1004')));
      await expect.poll(() => recordedActions(1004)).toEqual(['signon', 'signoff', 'remotefix']);
      for (const tab of tabs) {
        expect(await tab.evaluate(() => navigator.locks)).toBeUndefined();
        // The tab that did not replay hears of it through storage, then reads the job again.
        await expect.poll(() => screen(tab).locator('.fm-engineer__queued').count()).toBe(0);
      }
      expect(siteTimesOf(1004).map((row) => row.remote_fix)).toEqual([0, 1]);
    });
  });

  it('has no accessibility violations on the job list or the job screen (axe-core)', async () => {
    const { page } = await open('/engineer/jobs');
    expect(await page.locator('main a[href="/engineer/jobs/1004"]').count()).toBe(1);
    expect(await runAxe(page)).toEqual([]);
    await page.goto('/engineer/jobs/1004');
    await switched(page, ['Sign On', 'Remote Fix']);
    expect(await runAxe(page)).toEqual([]);
  });

  it('site time form: remote fix fills now, 1 engineer, read-only; unchecked clears; posted natively', async () => {
    const { page } = await open('/engineer/jobs/1004');
    const form = page.locator('fm-site-time-form form');
    const onSite = form.getByLabel('On site', { exact: true });
    const offSite = form.getByLabel('Off site', { exact: true });
    const engineers = form.getByLabel('Number of engineers');
    await engineers.fill('3');

    await form.getByLabel('Remote fix').check();
    const now = await page.evaluate(() => {
      const pad = (n: number) => String(n).padStart(2, '0');
      const d = new Date();
      return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
    });
    await expect.poll(() => onSite.inputValue()).toMatch(new RegExp(`^${now} \\d{2}:\\d{2}$`));
    expect(await offSite.inputValue()).toBe(await onSite.inputValue());
    expect(await engineers.inputValue()).toBe('1');
    for (const field of [onSite, offSite, engineers]) {
      expect(await field.getAttribute('readonly')).not.toBeNull();
    }

    await form.getByLabel('Remote fix').uncheck();
    await expect.poll(() => onSite.inputValue()).toBe('');
    expect(await offSite.inputValue()).toBe('');
    expect(await engineers.inputValue()).toBe('');
    expect(await onSite.getAttribute('readonly')).toBeNull();

    await form.getByLabel('Remote fix').check();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/site_times/add/')) {
        posts.push(request.url());
      }
    });
    await form.getByRole('button', { name: 'Save site time' }).click();
    // A remote fix completes the job, as the Remote Fix button does: My jobs says so.
    await page.waitForURL(/\/engineer\/jobs$/);
    await expect
      .poll(() => page.locator('[role="status"]').first().textContent())
      .toMatch(
        /^Job 1004 \(.+\) is complete: your remote fix at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} is recorded\.$/,
      );
    expect(await page.locator('main a[href="/engineer/jobs/1004"]').count()).toBe(0);
    expect(posts).toHaveLength(1);
    expect(siteTimesOf(1004)).toEqual([expect.objectContaining({ remote_fix: 1 })]);
  });

  it('site time form: a refused post shows the page again with the message and the fields; the form follows the status', async () => {
    // A tab opened before the engineer signs on (in another tab) still offers Remote fix.
    const { context, page: stale } = await open('/engineer/jobs/1004');
    const form = stale.locator('fm-site-time-form form');
    await form.getByLabel('Number of engineers').fill('2');

    const page = await context.newPage();
    await page.goto('/engineer/jobs/1004');
    await switched(page, ['Sign On', 'Remote Fix']);
    const other = page.locator('fm-site-time-form form');
    await other.getByLabel('Number of engineers').fill('3');
    await act(page, 'Sign On');
    await switched(page, ['Sign Off', 'Sign Off Complete']);
    // The page read itself again: On Site, the form offers no Remote fix, and keeps what was typed.
    await expect
      .poll(() => other.locator('.fm-site-time-form__no-remote').textContent())
      .toBe('Recording a remote fix is not possible: job 1004 is On Site.');
    expect(await other.getByLabel('Remote fix').count()).toBe(0);
    expect(await other.getByLabel('Number of engineers').inputValue()).toBe('3');

    // The stale tab: its Remote fix is refused by the host; the form (which sends its entries
    // itself on the engineer's page) says so with the fields kept, as after a native post.
    const rule = form.locator('.fm-site-time-form__remote .fm-field-hint');
    expect(await rule.textContent()).toMatch(/^For a job fixed without a visit.*from anywhere\.$/);
    await form.getByLabel('Remote fix').check();
    const onSite = await form.getByLabel('On site', { exact: true }).inputValue();
    await form.getByRole('button', { name: 'Save site time' }).click();
    await stale.waitForURL(/\/engineer\/jobs\/1004$/);
    const back = stale.locator('fm-site-time-form form');
    const alert = back.locator('.fm-refused-post [role="alert"]');
    await expect
      .poll(() => alert.textContent())
      .toBe('Recording a remote fix is not possible: job 1004 is On Site.');
    expect(await stale.locator('body').textContent()).not.toContain('{"status"');
    // The user starts from the message: it has the focus.
    await expect
      .poll(() => alert.evaluate((node) => node.contains(document.activeElement)))
      .toBe(true);
    expect(await back.getByLabel('On site', { exact: true }).inputValue()).toBe(onSite);
    expect(await back.getByLabel('Off site', { exact: true }).inputValue()).toBe(onSite);
    expect(await back.getByLabel('Number of engineers').inputValue()).toBe('1');
    // Now the form knows the job is On Site (the page read itself again), and offers no Remote fix.
    await expect.poll(() => back.getByLabel('Remote fix').count()).toBe(0);
    expect(siteTimesOf(1004)).toEqual([expect.objectContaining({ remote_fix: 0, off_site: null })]);
    expect(await runAxe(stale)).toEqual([]);

    // Sent again as a site time, it is taken, and the message is gone.
    await saveSiteTimeTaken(back);
    expect(await stale.locator('.fm-refused-post').count()).toBe(0);
    expect(siteTimesOf(1004)).toHaveLength(2);
  });
});
