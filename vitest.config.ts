import { defineConfig } from 'vitest/config';
import { PAGES_AT_ONCE, STEP_LIMIT_MS } from './test/browser/harness-constants.ts';

// Four suites: pure modules and widgets in happy-dom, the reference host in Node, user journeys
// in Chromium against a running demo server, and every page and the main journeys in Firefox and
// WebKit (docs/testing.md).
/**
 * The unit and server projects' limits: they only catch a hang. Vitest's 5 s a test (and 1 s a
 * `vi.waitFor`, test/setup-limits.ts) were taken by the mere wait for a core on a two-core machine
 * busy with other work; every test waits for states, so a longer limit costs nothing when it passes.
 */
const HANG_LIMITS = { testTimeout: 60_000, hookTimeout: 60_000 };

/**
 * Test files run three at a time on two cores, every project's beside the others' (vitest's own
 * default on two cores is one). Much of a browser file's time is waiting, not work: a spinner the
 * product shows for 2 s, the engineer's page trying again on its own, a page's quiet time before it
 * counts as settled. At two files the machine stood idle for 15 % of the run; at three a file's
 * wait is another's work (docs/testing.md). Each browser worker and each engines file has a
 * reference host of its own (test/browser/harness.ts, test/engines/engines.ts).
 */
const FILES_AT_ONCE = 3;

/**
 * The unit and server files run in worker threads rather than child processes: on this machine
 * they took 208 CPU-seconds so against 253 (129 s against 150 s), each file's start being cheaper.
 */
const IN_THREADS = { pool: 'threads' } as const;

/**
 * The unit files of a worker share its modules and its happy-dom window (`isolate: false`)
 * instead of each importing them again into a fresh one: vitest's setup of happy-dom and the
 * imports of React and the widgets were most of the unit project's time (121 CPU-seconds, 20
 * to 26 without). test/setup-dom.ts gives each file the page a fresh window has (its address, storage,
 * navigator). A file that needs what the product keeps once a page (src/ui/outbox.ts asks the
 * browser to keep the device's records once) runs in a worker of its own, in `unit-isolated`.
 */
const UNIT_FILES = [
  'test/core/**/*.test.ts',
  'test/offline/**/*.test.ts',
  'test/widgets/**/*.test.{ts,tsx}',
];
const UNIT_ISOLATED_FILES = ['test/widgets/device-records.test.tsx'];
const UNIT = {
  environment: 'happy-dom',
  setupFiles: ['test/setup-limits.ts', 'test/setup-dom.ts'],
  ...IN_THREADS,
  ...HANG_LIMITS,
};

/**
 * The server files share their worker's modules too (`isolate: false`): 95 CPU-seconds against
 * 115. conformance.test.ts, whose calls were answered 404 in one order of the files (after some
 * other file of its worker), runs in a worker of its own, in `server-isolated`.
 */
const SERVER_FILES = ['test/server/**/*.test.ts', 'test/build/**/*.test.ts'];
const SERVER_ISOLATED_FILES = ['test/server/conformance.test.ts'];

/**
 * The build's files that make a TypeScript program over all the sources, as `npm run typecheck`
 * does (a new element's typecheck and manifest check, the hosts' types): 50 of the server
 * project's 130 CPU-seconds. `npm test` runs them; `npm run test:quick`, the edit-and-test loop,
 * leaves them to it, as it leaves the typecheck.
 */
const PROGRAM_FILES = ['test/build/new-element.test.ts', 'test/build/host-types.test.ts'];
const SERVER = {
  environment: 'node',
  setupFiles: ['test/setup-limits.ts'],
  ...IN_THREADS,
  ...HANG_LIMITS,
};

export default defineConfig({
  test: {
    // Beside the default one: each file's time, slowest first, and what ran or was skipped.
    reporters: ['default', './test/timing-reporter.ts'],
    maxWorkers: FILES_AT_ONCE,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: UNIT_ISOLATED_FILES,
          isolate: false,
          ...UNIT,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: UNIT_ISOLATED_FILES, ...UNIT },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: SERVER_FILES,
          exclude: [...SERVER_ISOLATED_FILES, ...PROGRAM_FILES],
          isolate: false,
          ...SERVER,
        },
      },
      {
        extends: true,
        test: { name: 'server-isolated', include: SERVER_ISOLATED_FILES, ...SERVER },
      },
      {
        extends: true,
        test: { name: 'programs', include: PROGRAM_FILES, isolate: false, ...SERVER },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['test/browser/global-setup.ts'],
          // A worker's files share its modules, its reference host and its Chromium
          // (test/browser/harness.ts), the host made fresh before each (fresh-host.ts): a file's
          // own imports of the host and its launch of Chromium were about 3 CPU-seconds each.
          isolate: false,
          setupFiles: ['test/browser/fresh-host.ts'],
          // Limits that only catch a hang: every test waits for states, and a two-core machine
          // busy with other work (a benchmark beside it) can take many times the idle time.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: STEP_LIMIT_MS } },
          maxConcurrency: PAGES_AT_ONCE,
        },
      },
      {
        extends: true,
        test: {
          name: 'engines',
          include: ['test/engines/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['test/engines/global-setup.ts'],
          // A journey opens two or three pages; as in the browser project, the limits only catch
          // a hang.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
