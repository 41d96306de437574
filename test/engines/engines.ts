import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { By, WebDriver } from 'selenium-webdriver';
import { Executor, HttpClient } from 'selenium-webdriver/http';
import { afterAll, beforeAll, inject } from 'vitest';
import { startScratchServer } from '../../demo/server/start';
import { STEP_LIMIT_MS } from '../browser/harness-constants';
import {
  AT_SITE_1,
  type Viewport as HostViewport,
  SERVICE_SILENCE_MS,
} from '../browser/host-pages';
import { freePort } from '../free-port';
import { PYTHON_PATH } from './global-setup';

/*
 * Firefox ESR over WebDriver BiDi (puppeteer-core) and WebKitGTK over classic WebDriver
 * (WebKitWebDriver, selenium-webdriver, our own window: webkit-host.py) behind one small
 * interface, so each spec is written once for both engines. Both put the engineer at site 1 with
 * the engine's own testing means, and run watch-page.js before every page's scripts.
 */

/**
 * The reference host of this spec file alone, on a fresh database in test mode: the engines' files
 * run beside the other projects' files, and none sees what another stored (harness.ts of the
 * browser suite does the same).
 */
const server = await startScratchServer('fm-engines', { testMode: true, quiet: true });
afterAll(() => server.close());

export const baseUrl = server.url;
const firefoxPath = inject('firefoxPath');
const webkit = inject('webkit');

export type EngineName = 'Firefox' | 'WebKit';

export const ENGINES: readonly EngineName[] = ['Firefox', 'WebKit'];

/**
 * True when this machine has `engine`; specs skip the others (global-setup.ts has said so loudly,
 * or failed under REQUIRE_BROWSER=1).
 */
export function engineAvailable(engine: EngineName): boolean {
  return engine === 'Firefox' ? firefoxPath !== null : webkit !== null;
}

type Viewport = Pick<HostViewport, 'width' | 'height'>;

/** One engine's window, driven in sequence by one spec file. */
export interface EnginePage {
  /** Opens `path` of the reference host (or a whole URL) and waits for the page's load event. */
  goto(path: string): Promise<void>;
  /** Runs `script` (a function's source is sent as text: no closures) in the page. */
  evaluate<T>(script: (...args: never[]) => T | Promise<T>, ...args: unknown[]): Promise<T>;
  /** Runs a script's whole text in the page (a library such as axe-core). */
  run(source: string): Promise<void>;
  click(selector: string): Promise<void>;
  /** Types `text` into the empty field `selector`, key by key. */
  type(selector: string, text: string): Promise<void>;
  /** Reloads the page and waits for its load event. */
  reload(): Promise<void>;
  /** Chooses the file at `path` (on this machine) in the file field `selector`. */
  choose(selector: string, path: string): Promise<void>;
  /**
   * Takes the browser (each of its tabs, and those opened later) offline or back online where the
   * engine's driver can; answers whether it could (WebKitWebDriver has no such switch).
   */
  setOffline(offline: boolean): Promise<boolean>;
  /** Another tab of the same browser (the same storage and service workers), in front. */
  newTab(): Promise<EnginePage>;
  /** Closes this tab; the first one closes the browser. */
  close(): Promise<void>;
}

const WATCH_PAGE = fileURLToPath(new URL('watch-page.js', import.meta.url));
const WEBKIT_HOST = fileURLToPath(new URL('webkit-host.py', import.meta.url));

async function openFirefox(viewport: Viewport): Promise<EnginePage> {
  const { latitude, longitude, accuracy } = AT_SITE_1;
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath ?? undefined,
    headless: true,
    extraPrefsFirefox: {
      // Firefox's own testing means for geolocation: a fixed answer, granted without a prompt.
      'geo.provider.testing': true,
      'geo.provider.network.url': `data:application/json,${JSON.stringify({
        location: { lat: latitude, lng: longitude },
        accuracy,
      })}`,
      'permissions.default.geo': 1,
      'geo.prompt.testing': true,
      'geo.prompt.testing.allow': true,
    },
  });
  const network = { offline: false };
  const tab = async (): Promise<Page> => {
    const page = await browser.newPage();
    await page.setViewport(viewport);
    await page.evaluateOnNewDocument(readFileSync(WATCH_PAGE, 'utf8'));
    // WebDriver BiDi's emulation.setNetworkConditions: each tab (browsing context) is told.
    if (network.offline) await page.setOfflineMode(true);
    return page;
  };
  // A document loaded while its tab is set offline hears no `online` when the tab is set online
  // again (Firefox 153: navigator.onLine turns true silently), unlike one loaded before. So once a
  // document has loaded offline, its tab is set online and offline again: the document hears
  // `offline` (no code of ours listens to it), and will hear `online` when the signal is back.
  const loaded = async (page: Page) => {
    if (!network.offline) return;
    await page.setOfflineMode(false);
    await page.setOfflineMode(true);
  };
  const firefoxPage = (page: Page, close: () => Promise<void>): EnginePage => ({
    goto: async (path) => {
      await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' });
      await loaded(page);
    },
    evaluate: (script, ...args) =>
      page.evaluate(`(${script.toString()})(...${JSON.stringify(args)})`) as never,
    run: async (source) => {
      await page.evaluate(source);
    },
    click: (selector) => page.click(selector),
    type: (selector, text) => page.type(selector, text),
    reload: async () => {
      await page.reload({ waitUntil: 'load' });
      await loaded(page);
    },
    choose: async (selector, path) => {
      const field = await page.waitForSelector(selector);
      if (!field) throw new Error(`no ${selector}`);
      await (field as ElementHandle<HTMLInputElement>).uploadFile(path);
    },
    setOffline: async (offline) => {
      network.offline = offline;
      for (const each of await browser.pages()) await each.setOfflineMode(offline);
      return true;
    },
    newTab: async () => {
      const page = await tab();
      return firefoxPage(page, () => page.close());
    },
    close,
  });
  return firefoxPage(await tab(), () => browser.close());
}

async function driverReady(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer at ${url}`);
}

/** How long WebKit's own processes may go on writing into their folder once the driver is gone. */
const WEBKIT_EXIT_MS = 20_000;

/**
 * Removes the browser's folder once its processes have left it: the network process, killed with
 * the driver, may still be writing its cache (`ENOTEMPTY`) for a while on a busy machine. A folder
 * still in use after WEBKIT_EXIT_MS is named and left in the system's temporary folder: a test
 * never fails on it.
 */
async function removeWhenLeft(folder: string): Promise<void> {
  const until = Date.now() + WEBKIT_EXIT_MS;
  for (;;) {
    try {
      rmSync(folder, { recursive: true, force: true });
      return;
    } catch (error) {
      if (Date.now() > until) {
        console.warn(`WebKit's folder ${folder} is still in use; left in place: ${error}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function openWebKit(viewport: Viewport): Promise<EnginePage> {
  if (!webkit) throw new Error('WebKitGTK is not installed');
  const port = await freePort();
  const driver: ChildProcess = spawn(webkit.driverPath, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: webkit.display },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  // The browser's cache and data: removed here, as the driver kills the browser (webkit-host.py),
  // which may still be writing there as it goes.
  const data = mkdtempSync(join(tmpdir(), 'fm-webkit-'));
  const stop = async () => {
    driver.kill();
    await removeWhenLeft(data);
  };
  let session: WebDriver;
  try {
    await driverReady(url);
    const { latitude, longitude, accuracy } = AT_SITE_1;
    session = await WebDriver.createSession(new Executor(new HttpClient(url)), {
      'webkitgtk:browserOptions': {
        binary: PYTHON_PATH,
        args: [
          WEBKIT_HOST,
          '--automation',
          `--width=${viewport.width}`,
          `--height=${viewport.height}`,
          `--position=${latitude},${longitude},${accuracy}`,
          `--script=${WATCH_PAGE}`,
          `--data=${data}`,
        ],
      },
    });
  } catch (error) {
    await stop();
    throw error;
  }
  // One session, a window handle a tab: each command goes to its tab's window.
  let current = await session.getWindowHandle();
  const webkitPage = (handle: string, close: () => Promise<void>): EnginePage => {
    const on = async () => {
      if (current === handle) return session;
      await session.switchTo().window(handle);
      current = handle;
      return session;
    };
    return {
      goto: async (path) => {
        await (await on()).get(new URL(path, baseUrl).href);
      },
      evaluate: async (script, ...args) =>
        (await on()).executeScript(`return (${script.toString()})(...arguments)`, ...args),
      run: async (source) => {
        await (await on()).executeScript(source);
      },
      click: async (selector) => {
        await (await on()).findElement(By.css(selector)).click();
      },
      type: async (selector, text) => {
        await (await on()).findElement(By.css(selector)).sendKeys(text);
      },
      reload: async () => {
        await (await on()).navigate().refresh();
      },
      // WebDriver's Element Send Keys to a file field: the path is the file chosen.
      choose: async (selector, path) => {
        await (await on()).findElement(By.css(selector)).sendKeys(path);
      },
      // WebKitWebDriver has no network conditions: the page's network stays as it is.
      setOffline: async () => false,
      newTab: async () => {
        await (await on()).switchTo().newWindow('tab');
        const opened = await session.getWindowHandle();
        current = opened;
        return webkitPage(opened, async () => {
          if (current !== opened) await session.switchTo().window(opened);
          // Closes this window alone; the next command switches to its own.
          await session.close();
          current = '';
        });
      },
      close,
    };
  };
  return webkitPage(current, async () => {
    // The host quits with its last window, which can take the session's answer with it.
    await session.quit().catch(() => {});
    await stop();
  });
}

/** The engine's window for one spec file (one session per engine and viewport, pages in turn). */
export function useEngine(engine: EngineName, viewport: Viewport): () => EnginePage {
  let page: EnginePage | undefined;
  beforeAll(async () => {
    page = engine === 'Firefox' ? await openFirefox(viewport) : await openWebKit(viewport);
  }, 120_000);
  afterAll(async () => {
    await page?.close();
  });
  return () => {
    if (!page) throw new Error(`${engine} did not start`);
    return page;
  };
}

/** How long the page must stay still (no new file, nothing busy) to count as settled. */
const QUIET_MS = 600;

/** Polls `check` in the page until it answers true (within a limit that only catches a hang). */
export async function waitUntil(
  page: EnginePage,
  check: (...args: never[]) => boolean,
  what: string,
  timeout = STEP_LIMIT_MS,
  ...args: unknown[]
): Promise<void> {
  const deadline = Date.now() + timeout;
  // A page being replaced (a form posted, a link followed) may refuse the script: ask again.
  const met = () => page.evaluate(check, ...args).catch(() => false);
  while (!(await met())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How long a page may take to settle: only a hang, on a two-core machine busy with other work. */
const SETTLE_LIMIT_MS = 60_000;

/**
 * Waits until the page has settled: loaded, every fm-* tag defined, nothing busy, and no new file
 * fetched for QUIET_MS (neither driver reports the network in flight). With `rendered`, also every
 * fm-* element drawn (children, text or a height): on a starved machine the files can be quiet
 * before an element has rendered, and the walk of every page asks for that state.
 */
export function settle(page: EnginePage, { rendered = false } = {}): Promise<void> {
  return waitUntil(
    page,
    (quietMs: number, silenceMs: number, drawn: boolean) => {
      const scope = window as unknown as { __fmSettle?: { state: string; since: number } };
      const tags = new Set(
        [...document.querySelectorAll('*')]
          .map((element) => element.localName)
          .filter((tag) => tag.startsWith('fm-')),
      );
      const ready =
        document.readyState === 'complete' &&
        [...tags].every((tag) => customElements.get(tag) !== undefined) &&
        document.querySelector('[aria-busy="true"]') === null &&
        (!drawn ||
          [...document.querySelectorAll('*')]
            .filter((element) => element.localName.startsWith('fm-'))
            .every(
              (element) =>
                element.childElementCount > 0 ||
                (element.textContent ?? '').trim() !== '' ||
                element.getBoundingClientRect().height > 0,
            ));
      const state = `${ready} ${performance.getEntriesByType('resource').length}`;
      if (scope.__fmSettle?.state !== state) {
        scope.__fmSettle = { state, since: performance.now() };
        return false;
      }
      const quiet = performance.now() - scope.__fmSettle.since >= quietMs;
      // Nothing new for a while: an embed still busy is waiting for the service's answer that
      // never comes (watch-page.js keeps /analytics's timers for this jump).
      const jump = (window as unknown as { __fmJump?: (ms: number) => void }).__fmJump;
      if (quiet && jump && document.querySelector('.fm-report[aria-busy="true"]') !== null) {
        jump(silenceMs);
        return false;
      }
      return ready && quiet;
    },
    'the page settles',
    SETTLE_LIMIT_MS,
    QUIET_MS,
    SERVICE_SILENCE_MS,
    rendered,
  );
}

/** The console errors, uncaught errors, failed files and CSP violations of the page so far. */
export function problemsOf(page: EnginePage): Promise<string[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __fmProblems?: string[] }).__fmProblems ?? [
        'watch-page.js did not run',
      ],
  );
}

/** Reseeds the reference host's database (test mode only). */
export async function resetDatabase(): Promise<void> {
  const response = await fetch(`${baseUrl}/__test/reset`, { method: 'POST' });
  if (!response.ok) throw new Error(`reset failed: ${response.status}`);
}

/** The requests the reference host answered since the last call (its test-mode log). */
export async function takeRequests(): Promise<string[]> {
  const { requests } = (await (await fetch(`${baseUrl}/__test/requests`)).json()) as {
    requests: string[];
  };
  await fetch(`${baseUrl}/__test/requests`, { method: 'DELETE' });
  return requests;
}
