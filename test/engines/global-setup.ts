import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const XVFB_PATH = '/usr/bin/Xvfb';
/** Debian's Python, which has python3-gi (a pyenv one on PATH may not). */
export const PYTHON_PATH = '/usr/bin/python3';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The engines that can run: Firefox ESR, and WebKitGTK with its display. */
    firefoxPath: string | null;
    webkit: { driverPath: string; display: string } | null;
    /** Why each engine cannot run here (null: it can), for the summary of test/timing-reporter.ts. */
    enginesMissing: { Firefox: string | null; WebKit: string | null };
  }
}

/** What is missing for WebKitGTK (WebKitWebDriver, Xvfb, the host's Python bindings), if any. */
function webkitMissing(): string | null {
  if (!existsSync(WEBKIT_DRIVER_PATH)) return `WebKitWebDriver not found at ${WEBKIT_DRIVER_PATH}`;
  if (!existsSync(XVFB_PATH)) return `Xvfb not found at ${XVFB_PATH}`;
  const bindings = spawnSync(PYTHON_PATH, [
    '-c',
    "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1')",
  ]);
  if (bindings.status !== 0) return 'python3-gi or gir1.2-webkit2-4.1 is not installed';
  return null;
}

/** Starts Xvfb on a free display; `-noreset`, or the second WebKit session cannot open it. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(XVFB_PATH, ['-displayfd', '3', '-noreset', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    xvfb.once('error', reject);
    xvfb.stdio[3]?.once('data', (data) =>
      resolve({ display: `:${String(data).trim()}`, process: xvfb }),
    );
  });
}

/**
 * Finds the engines and starts Xvfb for WebKitGTK; each spec file starts a reference host of its
 * own (engines.ts). A missing engine is skipped loudly, unless
 * REQUIRE_BROWSER=1 (CI) makes it a failure, as global-setup.ts does for Chromium.
 */
export default async function setup(project: TestProject) {
  const enginesMissing = {
    Firefox: existsSync(FIREFOX_PATH) ? null : `Firefox not found at ${FIREFOX_PATH}`,
    WebKit: webkitMissing(),
  };
  project.provide('enginesMissing', enginesMissing);
  const missing = [enginesMissing.Firefox, enginesMissing.WebKit].filter(
    (reason): reason is string => reason !== null,
  );
  if (missing.length > 0) {
    const message = `${missing.join('; ')}: the Firefox and WebKit suite cannot run in full.`;
    if (process.env.REQUIRE_BROWSER === '1') throw new Error(`${message} (REQUIRE_BROWSER=1)`);
    console.warn(
      `\n${'!'.repeat(78)}\n!! ${message}\n!! SKIPPING that engine. Install: apt-get install firefox-esr webkit2gtk-driver xvfb xauth python3-gi gir1.2-webkit2-4.1\n${'!'.repeat(78)}\n`,
    );
  }
  if (!existsSync('dist/fm-widgets.js')) {
    throw new Error('dist/fm-widgets.js is missing: run `npm run build` before the engine suite.');
  }

  const xvfb = enginesMissing.WebKit === null ? await startXvfb() : null;
  project.provide('firefoxPath', existsSync(FIREFOX_PATH) ? FIREFOX_PATH : null);
  project.provide(
    'webkit',
    xvfb ? { driverPath: WEBKIT_DRIVER_PATH, display: xvfb.display } : null,
  );

  return () => {
    xvfb?.process.kill();
  };
}
