// What the engineer records with no signal waits on the device and lands exactly once (docs/offline.md
// "What the engineer records"): a sign on with notes, a typed site time and a photo, made with the
// host stopped and the browser offline, kept across a reload and seen by a second tab, each lands
// once when the host is back; a refusal after the fact (the job completed meanwhile) is said
// against the item and kept until the engineer dismisses it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, startDemoServer } from '../../demo/server/start';
import { PAGES_CACHE_PREFIX } from '../../src/offline/cache-names';
import { browserAvailable, useBrowser } from './harness';
import { AT_SITE_1 } from './host-pages';

const PHONE = { width: 360, height: 740 };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const screen = (page: Page) => page.locator('fm-engineer-job');
const deviceList = (page: Page) => screen(page).locator('.fm-engineer__queue li');
const deviceTexts = (page: Page) => deviceList(page).locator('> span').allTextContents();
const siteTimeForm = (page: Page) => page.locator('fm-site-time-form form');

/** The pages kept on the device (none while the worker has not kept them). */
function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (prefix) => {
    const names = (await caches.keys()).filter((name) => name.startsWith(prefix));
    const kept = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)),
    );
    return kept.flat().map((url) => new URL(url).pathname);
  }, PAGES_CACHE_PREFIX);
}

describe.skipIf(!browserAvailable)('what the engineer records waits on the device', () => {
  const browser = useBrowser();
  let dir: string;
  let host: RunningServer | null;
  let port: number;

  const start = async (at: number) => {
    host = await startDemoServer({
      port: at,
      testMode: true,
      quiet: true,
      dbPath: join(dir, 'fm.sqlite'),
      uploadDir: join(dir, 'uploads'),
      // The same host, back: it accepts the page's CSRF token of before.
      secret: 'device-queue-spec',
    });
    port = Number(new URL(host.url).port);
  };
  /** What the host stored: read from its database, as its own pages do. */
  const stored = <T>(sql: string): T[] => {
    const db = new Database(join(dir, 'fm.sqlite'), { readonly: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fm-device-queue-'));
    await start(0);
  });
  afterEach(async () => {
    await host?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The host stops and the browser goes offline: nothing is reached behind the worker's back. */
  async function noSignal(context: BrowserContext) {
    await host?.close();
    host = null;
    await context.setOffline(true);
  }
  /** The host is back on its address, and the browser online. */
  async function signalBack(context: BrowserContext) {
    await start(port);
    await context.setOffline(false);
  }

  async function jobPageWithSignal() {
    const opened = await browser.newPage({
      baseURL: `http://127.0.0.1:${port}`,
      viewport: PHONE,
      geolocation: AT_SITE_1,
      permissions: ['geolocation'],
    });
    const { page } = opened;
    await page.goto('/engineer/jobs');
    await page.goto('/engineer/jobs/1004');
    const signOn = screen(page).getByRole('button', { name: 'Sign On', exact: true });
    await expect.poll(() => signOn.isEnabled()).toBe(true);
    await expect.poll(async () => (await keptPaths(page)).sort()).toContain('/engineer/jobs/1004');
    return opened;
  }

  async function typeSiteTime(page: Page) {
    const form = siteTimeForm(page);
    await form.getByLabel('On site', { exact: true }).fill('02/03/2026 09:15');
    await form.getByLabel('Off site', { exact: true }).fill('02/03/2026 11:40');
    await form.getByLabel('Number of engineers').fill('2');
    await form.getByRole('button', { name: 'Save site time' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toMatch(/^Saved on this device, will send when connected/);
  }

  async function takePhoto(page: Page) {
    const before = page.locator('fm-upload').first();
    await before
      .locator('input[type="file"]')
      .setInputFiles({ name: 'boiler.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => before.locator('.fm-upload__file').textContent())
      .toContain('Saved on this device, will send when connected');
  }

  it('a sign on with notes, a site time and a photo made with no signal land once, across a reload and two tabs', async () => {
    const { context, page } = await jobPageWithSignal();
    await noSignal(context);
    await page.reload();
    await expect.poll(() => page.locator('.fm-offline-notice').count()).toBe(1);

    await screen(page).getByLabel('Notes').fill('Boiler pressure checked in the plant room');
    await screen(page).getByRole('button', { name: 'Sign On', exact: true }).click();
    // The form follows the screen: the job is On Site now, a remote fix no longer offered.
    const noRemoteFix = 'Recording a remote fix is not possible: job 1004 is On Site.';
    await expect
      .poll(() => siteTimeForm(page).locator('.fm-site-time-form__no-remote').textContent())
      .toBe(noRemoteFix);
    await typeSiteTime(page);
    await takePhoto(page);
    await expect.poll(() => deviceList(page).count()).toBe(3);

    // Kept across a reload, and seen by a second tab, both from the device; the form still
    // follows the Sign On that waits.
    await page.reload();
    await expect.poll(() => deviceList(page).count()).toBe(3);
    await expect
      .poll(() => siteTimeForm(page).locator('.fm-site-time-form__no-remote').textContent())
      .toBe(noRemoteFix);
    // Each waits (the page tries to send what waits as it opens: `sending…` for a moment).
    const waiting = ': (saved on this device, will send when connected|sending…)$';
    await expect
      .poll(async () => (await deviceTexts(page)).sort())
      .toEqual([
        expect.stringMatching(new RegExp(`^Photo before \\(boiler\\.png\\) at .*${waiting}`)),
        expect.stringMatching(new RegExp(`^Sign On at .*${waiting}`)),
        expect.stringMatching(
          new RegExp(`^Site time 02/03/2026 09:15 – 02/03/2026 11:40, 2 engineers${waiting}`),
        ),
      ]);
    const tab = await context.newPage();
    await tab.goto('/engineer/jobs/1004');
    await expect.poll(() => deviceList(tab).count()).toBe(3);

    // The signal comes back: both tabs send, each record lands once.
    await signalBack(context);
    for (const each of [page, tab]) {
      await expect
        .poll(() => deviceTexts(each), { timeout: 40_000 })
        .toEqual(
          expect.arrayContaining([
            expect.stringMatching(
              /^Photo before \(boiler\.png\) at .*: sent\. The photo has been uploaded$/,
            ),
            expect.stringMatching(/^Site time .*: sent\. Site time saved: /),
          ]),
        );
      expect(await deviceList(each).count()).toBe(2);
    }
    // Reloaded with signal, nothing is sent again.
    await page.reload();
    await expect.poll(() => deviceList(page).count()).toBe(2);
    expect(
      // The actions and the outbox are two queues, sent by whichever tab: either may land first.
      stored(
        'SELECT on_site, off_site, engineers FROM site_times WHERE job_id = 1004 ORDER BY on_site',
      ),
    ).toEqual([
      { on_site: '2026-03-02 09:15:00', off_site: '2026-03-02 11:40:00', engineers: 2 },
      expect.objectContaining({ off_site: null, engineers: 1 }),
    ]);
    expect(stored('SELECT description FROM notes WHERE job_id = 1004')).toEqual([
      { description: 'Boiler pressure checked in the plant room' },
    ]);
    const photos = (await (await page.request.get('/api/photos/index/1004')).json()) as {
      data: { filename: string; stage: string }[];
    };
    expect(photos.data).toEqual([
      expect.objectContaining({ filename: 'boiler.png', stage: 'before' }),
    ]);

    // A sent item stays listed until dismissed.
    await deviceList(page).first().getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => deviceList(page).count()).toBe(1);
  });

  it('a site time refused after the fact (the job completed meanwhile) is said against it and kept until dismissed', async () => {
    const { context, page } = await jobPageWithSignal();
    await noSignal(context);
    await page.reload();
    await typeSiteTime(page);
    // Meanwhile the office completes the job.
    const db = new Database(join(dir, 'fm.sqlite'));
    db.prepare('UPDATE jobs SET status_id = 8 WHERE id = 1004').run();
    db.close();

    await signalBack(context);
    const refused =
      /^Site time 02\/03\/2026 09:15 – 02\/03\/2026 11:40, 2 engineers was not accepted: Adding a site time is not possible: job 1004 is Complete\.$/;
    await expect
      .poll(() => deviceTexts(page), { timeout: 40_000 })
      .toEqual([expect.stringMatching(refused)]);
    // The job's page, now of a finished job, still lists it, with Retry and Dismiss.
    await page.reload();
    await expect.poll(() => deviceTexts(page)).toEqual([expect.stringMatching(refused)]);
    const item = deviceList(page).first();
    expect(await item.getByRole('button').allTextContents()).toEqual(['Retry', 'Dismiss']);
    await item.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => deviceList(page).count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Job 1004');
    expect(await deviceList(page).count()).toBe(0);
    expect(stored('SELECT id FROM site_times WHERE job_id = 1004')).toEqual([]);
  });
  it('what waits on a page shown from the device lands when the browser has lost its session meanwhile', async () => {
    const { context, page } = await jobPageWithSignal();
    await noSignal(context);
    await page.reload();
    await expect.poll(() => page.locator('.fm-offline-notice').count()).toBe(1);
    await screen(page).getByLabel('Notes').fill('Boiler pressure checked in the plant room');
    await screen(page).getByRole('button', { name: 'Sign On', exact: true }).click();
    await typeSiteTime(page);
    // The phone's browser restarted with no signal: its session cookie is gone, and the page's
    // token is the one it was kept with.
    await context.clearCookies();

    await signalBack(context);
    await expect
      .poll(() => deviceTexts(page), { timeout: 40_000 })
      .toEqual(
        expect.arrayContaining([expect.stringMatching(/^Site time .*: sent\. Site time saved: /)]),
      );
    expect(await deviceTexts(page)).not.toContainEqual(expect.stringMatching(/not accepted/));
    await expect
      .poll(() => stored('SELECT COUNT(*) AS n FROM notes WHERE job_id = 1004'))
      .toEqual([{ n: 1 }]);
    expect(stored('SELECT COUNT(*) AS n FROM site_times WHERE job_id = 1004')).toEqual([{ n: 2 }]);
  });

  it('a photo and a site time whose answers were lost after the host stored them land once', async () => {
    const { page } = await jobPageWithSignal();
    const dropNext = (path: string) =>
      page.request.post('/__test/faults', { data: { path, fault: 'drop', times: 1 } });
    const sentOrKept = /Uploaded|Saved on this device|Site time saved/;
    await dropNext('/api/photos/upload');
    const before = page.locator('fm-upload').first();
    await before
      .locator('input[type="file"]')
      .setInputFiles({ name: 'boiler.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => before.locator('.fm-upload__file').textContent()).toMatch(sentOrKept);
    await dropNext('/site_times/add/');
    const form = siteTimeForm(page);
    await form.getByLabel('On site', { exact: true }).fill('02/03/2026 09:15');
    await form.getByLabel('Number of engineers').fill('2');
    await form.getByRole('button', { name: 'Save site time' }).click();
    await expect.poll(() => form.getByRole('status').count()).toBe(1);
    expect(await form.getByRole('status').textContent()).toMatch(sentOrKept);
    // The answer never came (Chromium may itself send a POST again on a connection closed
    // unanswered): whatever waits is sent again under its id, and the host has each once.
    const sendNow = screen(page).getByRole('button', { name: 'Send now' });
    if ((await sendNow.count()) > 0) await sendNow.click();
    await expect
      .poll(() => deviceTexts(page))
      .not.toContainEqual(expect.stringMatching(/saved on this device|sending/));
    expect(stored('SELECT COUNT(*) AS n FROM photos WHERE job_id = 1004')).toEqual([{ n: 1 }]);
    expect(stored('SELECT COUNT(*) AS n FROM site_times WHERE job_id = 1004')).toEqual([{ n: 1 }]);
    expect(stored('SELECT COUNT(*) AS n FROM photo_uploads')).toEqual([{ n: 1 }]);
    expect(stored('SELECT COUNT(*) AS n FROM site_time_entries')).toEqual([{ n: 1 }]);
    // Both answers were dropped indeed.
    const armed = (await (await page.request.get('/__test/faults')).json()) as {
      faults: unknown[];
    };
    expect(armed.faults).toEqual([]);
  });
});
