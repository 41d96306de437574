// Run before each file of the browser project (its `setupFiles`, vitest.config.ts): the files of
// a worker share its reference host and its Chromium (test/browser/harness.ts), and each begins
// with the host as it was started, its database as seeded.
import { beforeAll } from 'vitest';
import { freshHost } from './harness';

beforeAll(freshHost);
