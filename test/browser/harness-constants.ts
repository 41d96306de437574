/** Chromium flags for this machine: no sandbox as root, no calls home (docs/libraries.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The analytics service, which the reference host's pages embed, is out of reach as it is for
  // the reference host: a name that is not found, at once, whatever the machine's DNS does. A test
  // that fakes the service routes its requests, which Playwright answers before any lookup.
  '--host-resolver-rules=MAP *.powerbi.com ~NOTFOUND, MAP *.fabric.microsoft.com ~NOTFOUND',
];

/**
 * How many pages a spec file opens at once where its tests are independent (`it.concurrent`, the
 * browser project's maxConcurrency): the waits of one page (its requests, its quiet time) are
 * spent on the next, without crowding two cores.
 */
export const PAGES_AT_ONCE = 3;

/**
 * How long one step on a page (a click, a field read, an element awaited) may take before it counts
 * as hung, and an `expect.poll` of the browser project (vitest.config.ts): a limit, not a measure.
 * At 8 s, a linking table shown again after its page reloaded, on a machine busy with three
 * files, took longer than that once.
 */
export const STEP_LIMIT_MS = 30_000;
