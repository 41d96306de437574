// `npm run screenshots`: every page of the reference host (host-pages.ts) and the open states a
// user reaches (cost modal, release form, engineer after sign-on, password with errors), at a desk
// and a phone width, into screenshots/. The host runs on a free port with a fresh database; each
// picture's layout shift and page-level overflow are printed beside it. Here beside the browser
// suite, whose Chromium and page list it drives, as the bench is beside it in test/bench/.
// `-- --bootstrap=3` (4, 5) styles the host with that real Bootstrap (demo/server/bootstrap.ts) and
// writes into screenshots/bootstrap3/ instead, leaving the host's own pictures where they are.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { parseBootstrapArgument } from '../../demo/server/bootstrap';
import { startScratchServer } from '../../demo/server/start';
import { CHROMIUM_PATH } from './global-setup';
import { CHROMIUM_ARGS } from './harness-constants';
import {
  AT_SITE_1,
  HOST_PAGES,
  layoutShift,
  settle,
  VIEWPORTS,
  watchLayoutShift,
} from './host-pages';

const SCREENSHOTS_DIR = 'screenshots';

interface OpenState {
  name: string;
  path: string;
  context?: BrowserContextOptions;
  /** What the user does after the page has settled. */
  act(page: Page): Promise<void>;
}

const openCostModal = async (page: Page) => {
  await page.getByRole('button', { name: 'Cost approval' }).click();
  await page.getByRole('dialog').waitFor();
};

const OPEN_STATES: readonly OpenState[] = [
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

async function main() {
  const args = process.argv.slice(2);
  const bootstrap = parseBootstrapArgument(args);
  const outDir = bootstrap ? join(SCREENSHOTS_DIR, `bootstrap${bootstrap}`) : SCREENSHOTS_DIR;
  // The host's own pictures are replaced; those taken under a Bootstrap, in their folders, stay.
  for (const name of existsSync(outDir) ? readdirSync(outDir) : []) {
    if (name.endsWith('.png')) rmSync(join(outDir, name));
  }
  mkdirSync(outDir, { recursive: true });
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
    const shots = [
      ...HOST_PAGES.map((page) => ({ ...page, context: undefined, act: undefined })),
      ...OPEN_STATES,
    ].filter((shot) => words.length === 0 || words.some((word) => shot.name.includes(word)));
    for (const shot of shots) {
      for (const viewport of VIEWPORTS) {
        await reset();
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width: viewport.width, height: viewport.height },
          ...shot.context,
        });
        const page = await context.newPage();
        await watchLayoutShift(page);
        const file = join(outDir, `${shot.name}-${viewport.width}.png`);
        try {
          await page.goto(shot.path);
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
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
