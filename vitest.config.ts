import { defineConfig } from 'vitest/config';

// Three suites: pure modules and widgets in happy-dom, the reference host in Node, and
// user journeys in Chromium against a running demo server (DESIGN §6).
export default defineConfig({
  test: {
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
        },
      },
    ],
  },
});
