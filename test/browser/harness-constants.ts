/** Chromium flags for this machine: no sandbox as root, no calls home (docs/libraries.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * How many pages a spec file opens at once where its tests are independent (`it.concurrent`, the
 * browser project's maxConcurrency): the waits of one page (its requests, its quiet time) are
 * spent on the next, without crowding two cores.
 */
export const PAGES_AT_ONCE = 3;
