import { defineConfig } from 'vitest/config';
import { PAGES_AT_ONCE } from './test/browser/harness-constants';

// Four suites: pure modules and widgets in happy-dom, the reference host in Node, user journeys
// in Chromium against a running demo server, and every page and the main journeys in Firefox and
// WebKit (docs/testing.md).
export default defineConfig({
  test: {
    // Beside the default one: each file's time, slowest first, and what ran or was skipped.
    reporters: ['default', './test/timing-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/core/**/*.test.ts', 'test/widgets/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts', 'test/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['test/browser/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
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
          // A journey opens two or three pages; each wait inside has its own, shorter limit.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // After the other projects, not beside Chromium's suite on a two-core machine.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
