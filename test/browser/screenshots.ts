// `npm run screenshots`: every page of the reference host (host-pages.ts) and the open states a
// user reaches (cost modal, release form, engineer after sign-on, password with errors), at a desk
// and a phone width, into screenshots/. The host runs on a free port with a fresh database; each
// picture's layout shift and page-level overflow are printed beside it. Here beside the browser
// suite, whose Chromium and page list it drives, as the bench is beside it in test/bench/.
// `-- --bootstrap=3` (4, 5) styles the host with that real Bootstrap (demo/server/bootstrap.ts) and
// writes into screenshots/bootstrap3/ instead, leaving the host's own pictures where they are.
// Each is taken in the light mode and, where the host offers it (its own sheet, Bootstrap 5), in
// the dark one too, into a dark/ folder beside (screenshots/dark/, screenshots/bootstrap5/dark/).
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { parseBootstrapArgument } from '../../demo/server/bootstrap';
import { startScratchServer } from '../../demo/server/start';
import { CHROMIUM_PATH } from './global-setup';
import { CHROMIUM_ARGS } from './harness-constants';
import {
  AT_SITE_1,
  HOST_PAGES,
  layoutShift,
  openPage,
  settle,
  VIEWPORTS,
  type Viewport,
  watchLayoutShift,
} from './host-pages';

const SCREENSHOTS_DIR = 'screenshots';

/** A page to take, or an open state: a page and what the user does there. */
interface Shot {
  name: string;
  path: string;
  /** What the shot needs of its browser context (a position, touch): a context of its own. */
  context?: BrowserContextOptions;
  /** What the user does after the page has settled. */
  act?(page: Page): Promise<void>;
}

const openCostModal = async (page: Page) => {
  await page.getByRole('button', { name: 'Cost approval' }).click();
  await page.getByRole('dialog').waitFor();
};

const OPEN_STATES: readonly Shot[] = [
  { name: 'state-cost-modal-1001', path: '/client/jobs/view/1001', act: openCostModal },
  { name: 'state-cost-modal-1002', path: '/client/jobs/view/1002', act: openCostModal },
  {
    name: 'state-release-form-1001',
    path: '/client/jobs/view/1001',
    async act(page) {
      await openCostModal(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Release', exact: true }).click();
    },
  },
  {
    name: 'state-engineer-signed-on-1004',
    path: '/engineer/jobs/1004',
    context: { geolocation: AT_SITE_1, permissions: ['geolocation'], hasTouch: true },
    async act(page) {
      const screen = page.locator('fm-engineer-job');
      await screen.getByLabel('Notes').fill('Arrived, checking the boiler');
      await screen.getByRole('button', { name: 'Sign On', exact: true }).click();
      await screen.getByRole('button', { name: 'Sign Off', exact: true }).waitFor();
    },
  },
  {
    name: 'state-password-errors',
    path: '/users/password',
    async act(page) {
      await page.getByLabel('Old password').fill('wrong');
      await page.getByLabel('New password', { exact: true }).fill('smith');
      await page.getByLabel('Confirm new password').fill('smiths');
    },
  },
];

type ColorMode = 'light' | 'dark';

/** Empties `dir` of its pictures, making it when there is none. */
function emptied(dir: string): string {
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (name.endsWith('.png')) rmSync(join(dir, name));
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Opens `shot` in `page`, lets it settle, does what the user does, and takes the picture. */
async function takeShot(page: Page, shot: Shot, file: string): Promise<void> {
  try {
    await openPage(page, shot.path);
    await settle(page);
    const shift = await layoutShift(page);
    await shot.act?.(page);
    if (shot.act) await settle(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    await page.screenshot({ path: file, fullPage: true });
    console.log(
      `${file}  shift ${shift.total.toFixed(3)}${overflow > 0 ? `  overflow ${overflow}px` : ''}`,
    );
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

/**
 * Takes every shot at one width in one colour mode (the device's, which the host follows until a
 * user chooses): one page goes from page to page, as a user does; a shot that needs a context of
 * its own (a position, touch) gets one.
 */
async function takeShots(
  browser: Browser,
  baseURL: string,
  shots: readonly Shot[],
  viewport: Viewport,
  colorScheme: ColorMode,
  outDir: string,
  reset: () => Promise<unknown>,
): Promise<void> {
  const contextFor = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: viewport.width, height: viewport.height },
      colorScheme,
      ...options,
    });
    const page = await context.newPage();
    await watchLayoutShift(page);
    return { context, page };
  };
  const shared = await contextFor();
  try {
    for (const shot of shots) {
      await reset();
      const own: { context: BrowserContext; page: Page } | undefined = shot.context
        ? await contextFor(shot.context)
        : undefined;
      try {
        await takeShot(
          (own ?? shared).page,
          shot,
          join(outDir, `${shot.name}-${viewport.width}.png`),
        );
      } finally {
        await own?.context.close();
      }
    }
  } finally {
    await shared.context.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const bootstrap = parseBootstrapArgument(args);
  const baseDir = bootstrap ? join(SCREENSHOTS_DIR, `bootstrap${bootstrap}`) : SCREENSHOTS_DIR;
  // Bootstrap 3 and 4 have no dark mode (demo/pages/layout.ts offers none there).
  const modes: ColorMode[] = bootstrap === 3 || bootstrap === 4 ? ['light'] : ['light', 'dark'];
  // The pictures of this run's folders are replaced; those of other runs, in theirs, stay.
  const outDirs = new Map(
    modes.map((mode) => [mode, emptied(mode === 'dark' ? join(baseDir, 'dark') : baseDir)]),
  );
  const server = await startScratchServer('fm-screenshots', {
    testMode: true,
    quiet: true,
    bootstrap,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const reset = () => fetch(`${server.url}/__test/reset`, { method: 'POST' });
  try {
    // `npm run screenshots -- analytics engineer` shoots only the pages whose names hold a word.
    const words = args.filter((arg) => !arg.startsWith('--'));
    const shots: Shot[] = [...HOST_PAGES, ...OPEN_STATES].filter(
      (shot) => words.length === 0 || words.some((word) => shot.name.includes(word)),
    );
    for (const mode of modes) {
      for (const viewport of VIEWPORTS) {
        const outDir = outDirs.get(mode) ?? baseDir;
        await takeShots(browser, server.url, shots, viewport, mode, outDir, reset);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
