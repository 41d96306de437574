// The engineer's pages with no signal (docs/offline.md): opened once with signal, they open again
// from the device when the host is gone and the browser offline, saying so and from when; and what
// was kept for one session is never shown in another. "No signal" is both: with the browser
// offline alone, a worker's own requests may still reach the host.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ScratchServer, startScratchServer } from '../../demo/server/start';
import { NOT_ON_DEVICE } from '../../src/offline/not-on-device';
import { ACTIONS_WAIT, UNTIL_SIGNAL } from '../../src/offline/notice';
import { keptPaths } from '../kept-pages';
import { browserAvailable, consoleErrors, useBrowser } from './harness';
import { AT_SITE_1 } from './host-pages';

/** A phone (field engineers use phones: docs/architecture.md). */
const PHONE = { width: 360, height: 740 };

const notice = (page: Page) => page.locator('.fm-offline-notice');
const signOn = (page: Page) =>
  page.locator('fm-engineer-job').getByRole('button', { name: 'Sign On', exact: true });

describe.skipIf(!browserAvailable)("the engineer's pages with no signal", () => {
  const browser = useBrowser();
  let host: ScratchServer;
  let running = false;

  beforeEach(async () => {
    host = await startScratchServer('fm-offline', { testMode: true, quiet: true });
    running = true;
  });
  afterEach(async () => {
    if (running) await host.close();
  });

  /** The host stops and the browser goes offline. */
  async function noSignal(context: BrowserContext) {
    await host.close();
    running = false;
    await context.setOffline(true);
  }

  async function engineerPhone() {
    return browser.newPage({
      baseURL: host.url,
      viewport: PHONE,
      geolocation: AT_SITE_1,
      permissions: ['geolocation'],
    });
  }

  /** My jobs and job 1004 opened with signal, each kept on the device. */
  async function openWithSignal(page: Page) {
    await page.goto('/engineer/jobs');
    await expect.poll(() => keptPaths(page)).toEqual(['/engineer/jobs']);
    await page.goto('/engineer/jobs/1004');
    await expect.poll(() => signOn(page).isEnabled()).toBe(true);
    await expect
      .poll(() => keptPaths(page))
      .toEqual(['/api/site_times/index/1004', '/engineer/jobs', '/engineer/jobs/1004']);
    expect(await notice(page).count()).toBe(0);
  }

  it('opens My jobs and a job from the device, saying so, from when, and what waits', async () => {
    const { context, page } = await engineerPhone();
    await openWithSignal(page);
    await noSignal(context);
    const errors = consoleErrors(page);

    await page.reload();
    await expect.poll(() => notice(page).count()).toBe(1);
    const lines = await notice(page).locator('p').allTextContents();
    expect(lines[0]).toMatch(/^No signal: showing this page as of \d{2}:\d{2}\.$/);
    expect(lines.slice(1)).toEqual([UNTIL_SIGNAL, ACTIONS_WAIT]);
    // The screen works from the kept lookup: its actions wait on the device.
    await expect.poll(() => signOn(page).isEnabled()).toBe(true);
    await expect(page.locator('h1').textContent()).resolves.toBe('Job 1004');

    await page.goto('/engineer/jobs');
    await expect.poll(() => notice(page).locator('p').first().textContent()).toMatch(/^No signal/);
    expect((await notice(page).locator('p').allTextContents()).slice(1)).toEqual([UNTIL_SIGNAL]);
    expect(await page.locator('main a[href="/engineer/jobs/1004"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("never shows one session's pages in another", async () => {
    const { context, page } = await engineerPhone();
    await openWithSignal(page);

    // A new session (the reference host's is the browser's CSRF cookie) opens My jobs with signal:
    // the other session's pages are forgotten.
    await context.clearCookies();
    await page.goto('/engineer/jobs');
    await expect.poll(() => keptPaths(page)).toEqual(['/engineer/jobs']);
    await noSignal(context);

    // The job the other session opened is not on the device for this one: the worker says so in
    // words, and links this session's own pages.
    await page.goto('/engineer/jobs/1004');
    await expect(page.locator('h1').textContent()).resolves.toBe(NOT_ON_DEVICE);
    expect(
      await page
        .locator('main li a')
        .evaluateAll((links) =>
          links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
        ),
    ).toEqual(['/engineer/jobs']);
    expect(await page.getByText('Job 1004').count()).toBe(0);
    const tab = await context.newPage();
    await tab.goto('/engineer/jobs');
    await expect.poll(() => notice(tab).count()).toBe(1);
  });
});
