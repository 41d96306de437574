import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** Where Debian installs Chromium's headless shell and the browser, in the order they are sought. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/**
 * Debian's `chromium-headless-shell` where it is installed: Chromium's old headless mode, the one
 * Playwright runs headless tests in, without the browser's own interface, which took half the CPU
 * of the browser suite on this two-core machine. Else Debian's `chromium`, or CHROMIUM_PATH.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string | null;
    /** The run's folder, where each worker's reference host keeps its database (harness.ts). */
    scratchFolder: string;
  }
}

/**
 * Finds Chromium and the build for the browser suite, and makes the folder where each worker's
 * reference host keeps its database (harness.ts), removed after the run: a worker is stopped, not
 * left to end, so it cannot remove its own. Without Chromium the suite is skipped loudly, unless
 * REQUIRE_BROWSER=1 (CI) turns that into a failure.
 */
export default async function setup(project: TestProject) {
  const hasChromium = existsSync(CHROMIUM_PATH);
  if (!hasChromium) {
    const message = `Chromium not found at ${CHROMIUM_PATH}: the browser suite cannot run.`;
    if (process.env.REQUIRE_BROWSER === '1') throw new Error(`${message} (REQUIRE_BROWSER=1)`);
    console.warn(
      `\n${'!'.repeat(78)}\n!! ${message}\n!! SKIPPING every browser test. Install it: apt-get install chromium-headless-shell\n${'!'.repeat(78)}\n`,
    );
  }
  if (!existsSync('dist/fm-widgets.js')) {
    throw new Error('dist/fm-widgets.js is missing: run `npm run build` before the browser suite.');
  }
  project.provide('chromiumPath', hasChromium ? CHROMIUM_PATH : null);
  const scratchFolder = mkdtempSync(join(tmpdir(), 'fm-browser-run-'));
  project.provide('scratchFolder', scratchFolder);
  return () => rmSync(scratchFolder, { recursive: true, force: true });
}
