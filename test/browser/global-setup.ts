import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startScratchServer } from '../../demo/server/start';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string | null;
    /** The demo server's database file, for checking what it stored. */
    dbPath: string;
  }
}

/**
 * Starts the reference host on a free port with a fresh database in test mode (faults enabled),
 * once for the browser suite. Without Chromium the suite is skipped loudly, unless
 * REQUIRE_BROWSER=1 (CI) turns that into a failure.
 */
export default async function setup(project: TestProject) {
  const hasChromium = existsSync(CHROMIUM_PATH);
  if (!hasChromium) {
    const message = `Chromium not found at ${CHROMIUM_PATH}: the browser suite cannot run.`;
    if (process.env.REQUIRE_BROWSER === '1') throw new Error(`${message} (REQUIRE_BROWSER=1)`);
    console.warn(
      `\n${'!'.repeat(78)}\n!! ${message}\n!! SKIPPING every browser test. Install it: apt-get install chromium\n${'!'.repeat(78)}\n`,
    );
  }
  if (!existsSync('dist/fm-widgets.js')) {
    throw new Error('dist/fm-widgets.js is missing: run `npm run build` before the browser suite.');
  }

  const server = await startScratchServer('fm-browser', { testMode: true, quiet: true });
  project.provide('baseUrl', server.url);
  project.provide('chromiumPath', hasChromium ? CHROMIUM_PATH : null);
  project.provide('dbPath', server.dbPath);

  return () => server.close();
}
