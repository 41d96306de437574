// The engineer's offline day in Firefox and WebKit, as test/browser/offline.spec.ts and
// device-queue.spec.ts have it in Chromium (docs/offline.md): My jobs and a job opened with signal;
// the host stopped and the browser offline; both pages open from the device and say so; a sign on
// with notes, a site time and a photo made there wait on the device across a reload and in a second
// tab; the host back, each record lands exactly once.
//
// "No signal" is the host stopped (connections refused) and, where the engine's driver can, the
// browser offline: Firefox is, through WebDriver BiDi's network conditions, and its tabs send what
// waits on the `online` event when the signal is back. WebKitWebDriver has no such switch, so in
// WebKit the host stopped alone is no signal, as for a phone whose network is up but cannot reach
// the host: navigator.onLine stays true and no `online` event comes when the host is back; the
// pages send what waits by trying again on their own (every 30 s while something waits,
// useJobConnection.ts and useDeviceRecords.ts of fm-engineer-job), which the test waits for.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningServer, startDemoServer } from '../../demo/server/start';
import { ACTIONS_WAIT, UNTIL_SIGNAL } from '../../src/offline/notice';
import { keptPaths } from '../kept-pages';
import { ENGINES, type EnginePage, engineAvailable, problemsOf, useEngine } from './engines';

/** A phone (field engineers use phones, docs/architecture.md; an iPhone is WebKit). */
const PHONE = { width: 360, height: 740 };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/**
 * How long a state may take to come: only a hang, on a two-core machine busy with other work. The
 * signal back in WebKit waits for the pages' own retry (above), hence the longer one.
 */
const LIMIT_MS = 60_000;
const RETRY_LIMIT_MS = 120_000;

const poll = <T>(read: () => Promise<T>, timeout = LIMIT_MS) =>
  expect.poll(read, { timeout, interval: 200 });

/** The lines of the page's offline notice (none while the page is the host's answer). */
const noticeLines = (page: EnginePage) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.fm-offline-notice p')].map((line) => line.textContent ?? ''),
  );

/** What "On this device" lists (`.fm-engineer__queue li`), each item's words. */
const deviceTexts = (page: EnginePage) =>
  page.evaluate(() =>
    [...document.querySelectorAll('fm-engineer-job .fm-engineer__queue li')].map(
      (item) => item.querySelector(':scope > span')?.textContent ?? '',
    ),
  );

const signOnEnabled = (page: EnginePage) =>
  page.evaluate(
    () =>
      document.querySelector<HTMLButtonElement>('fm-engineer-job .fm-engineer__button--signon')
        ?.disabled === false,
  );

const textOf = (page: EnginePage, selector: string) =>
  page.evaluate((css: string) => document.querySelector(css)?.textContent ?? null, selector);

describe.each(ENGINES)('%s', (engine) => {
  describe.skipIf(!engineAvailable(engine))("the engineer's offline day at 360 px", () => {
    const open = useEngine(engine, PHONE);
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
        secret: 'engines-offline-spec',
      });
      port = Number(new URL(host.url).port);
    };
    const at = (path: string) => `http://127.0.0.1:${port}${path}`;
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
      dir = mkdtempSync(join(tmpdir(), 'fm-engines-offline-'));
      await start(0);
    });
    afterEach(async () => {
      await host?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** The host stops and the browser goes offline where the driver can (see the top). */
    async function noSignal(page: EnginePage) {
      await host?.close();
      host = null;
      expect(await page.setOffline(true)).toBe(engine === 'Firefox');
    }
    /** The host is back on its address, and the browser online. */
    async function signalBack(page: EnginePage) {
      await start(port);
      await page.setOffline(false);
    }

    async function typeSiteTime(page: EnginePage) {
      const form = 'fm-site-time-form form';
      await page.type(`${form} input[name="SiteTime[on_site]"]`, '02/03/2026 09:15');
      await page.type(`${form} input[name="SiteTime[off_site]"]`, '02/03/2026 11:40');
      await page.type(`${form} input[name="SiteTime[engineers]"]`, '2');
      await page.click(`${form} button[type="submit"]`);
      await poll(() => textOf(page, `${form} [role="status"]`)).toMatch(
        /^Saved on this device, will send when connected/,
      );
    }

    async function takePhoto(page: EnginePage) {
      const photo = join(dir, 'boiler.png');
      writeFileSync(photo, PNG);
      // The first fm-upload is the one before the work; Dropzone's own hidden field.
      await page.choose('fm-upload input[type="file"]', photo);
      await poll(() => textOf(page, 'fm-upload .fm-upload__file')).toContain(
        'Saved on this device, will send when connected',
      );
    }

    it('opens My jobs and a job from the device, saying so; a sign on with notes, a site time and a photo made there land once, across a reload and two tabs', async () => {
      const page = open();
      // With signal: My jobs, then job 1004, each kept on the device.
      await page.goto(at('/engineer/jobs'));
      await poll(() => keptPaths(page)).toEqual(['/engineer/jobs']);
      await page.goto(at('/engineer/jobs/1004'));
      await poll(() => signOnEnabled(page)).toBe(true);
      // The page is the worker's (dist/fm-sw.js), which keeps what it opens.
      await poll(() =>
        page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null),
      ).toBe(at('/dist/fm-sw.js'));
      await poll(() => keptPaths(page)).toEqual([
        '/api/site_times/index/1004',
        '/engineer/jobs',
        '/engineer/jobs/1004',
      ]);
      expect(await noticeLines(page)).toEqual([]);

      // No signal: both pages open from the device and say so; the screen works from the kept
      // lookup, its actions waiting on the device.
      await noSignal(page);
      await page.reload();
      await poll(() => noticeLines(page)).toEqual([
        expect.stringMatching(/^No signal: showing this page as of \d{2}:\d{2}\.$/),
        UNTIL_SIGNAL,
        ACTIONS_WAIT,
      ]);
      expect(await textOf(page, 'h1')).toBe('Job 1004');
      await poll(() => signOnEnabled(page)).toBe(true);
      expect(await problemsOf(page)).toEqual([]);
      await page.goto(at('/engineer/jobs'));
      await poll(() => noticeLines(page)).toEqual([
        expect.stringMatching(/^No signal: showing this page as of \d{2}:\d{2}\.$/),
        UNTIL_SIGNAL,
      ]);
      expect(
        await page.evaluate(
          () => document.querySelectorAll('main a[href="/engineer/jobs/1004"]').length,
        ),
      ).toBe(1);
      expect(await problemsOf(page)).toEqual([]);
      await page.goto(at('/engineer/jobs/1004'));
      await poll(() => noticeLines(page)).toHaveLength(3);
      await poll(() => signOnEnabled(page)).toBe(true);

      // Sign on with notes, add a site time and take a photo: each waits on the device.
      await page.type('fm-engineer-job textarea', 'Boiler pressure checked in the plant room');
      await page.click('fm-engineer-job .fm-engineer__button--signon');
      // Listed under "On this device" before the next step, as the engineer sees it: the list
      // grows above the site time form, which moves down as it does (a click aimed at the form's
      // button while it moved would land beside it).
      await poll(() => deviceTexts(page)).toEqual([expect.stringMatching(/^Sign On at /)]);
      await typeSiteTime(page);
      await takePhoto(page);
      await poll(async () => (await deviceTexts(page)).length).toBe(3);

      // Kept across a reload, and seen by a second tab, both from the device.
      await page.reload();
      await poll(async () => (await deviceTexts(page)).length).toBe(3);
      // Each waits (the page tries to send what waits as it opens: `sending…` for a moment).
      const waiting = ': (saved on this device, will send when connected|sending…)$';
      await poll(async () => (await deviceTexts(page)).sort()).toEqual([
        expect.stringMatching(new RegExp(`^Photo before \\(boiler\\.png\\) at .*${waiting}`)),
        expect.stringMatching(new RegExp(`^Sign On at .*${waiting}`)),
        expect.stringMatching(
          new RegExp(`^Site time 02/03/2026 09:15 – 02/03/2026 11:40, 2 engineers${waiting}`),
        ),
      ]);
      const tab = await page.newTab();
      await tab.goto(at('/engineer/jobs/1004'));
      await poll(() => noticeLines(tab)).toHaveLength(3);
      await poll(async () => (await deviceTexts(tab)).length).toBe(3);

      // The signal comes back: the tabs send (one at a time, Web Locks), each record lands once.
      await signalBack(page);
      for (const each of [page, tab]) {
        // The sign on leaves the list once sent; the photo and the site time stay, sent.
        await poll(async () => (await deviceTexts(each)).sort(), RETRY_LIMIT_MS).toEqual([
          expect.stringMatching(
            /^Photo before \(boiler\.png\) at .*: sent\. The photo has been uploaded$/,
          ),
          expect.stringMatching(/^Site time .*: sent\. Site time saved: /),
        ]);
      }
      await tab.close();
      // Reloaded with signal, the page is the host's and nothing is sent again.
      await page.reload();
      await poll(async () => (await deviceTexts(page)).length).toBe(2);
      expect(await noticeLines(page)).toEqual([]);
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
      const photos = (await (await fetch(at('/api/photos/index/1004'))).json()) as {
        data: { filename: string; stage: string }[];
      };
      expect(photos.data).toEqual([
        expect.objectContaining({ filename: 'boiler.png', stage: 'before' }),
      ]);

      // A sent item stays listed until dismissed.
      await page.click('fm-engineer-job .fm-engineer__queue li:first-child .btn-outline-secondary');
      await poll(async () => (await deviceTexts(page)).length).toBe(1);
      expect(await problemsOf(page)).toEqual([]);
    });
  });
});
