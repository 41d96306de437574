import { describe, expect, it } from 'vitest';
import {
  ENGINES,
  type EnginePage,
  engineAvailable,
  settle,
  takeRequests,
  useEngine,
} from './engines';

/**
 * How often each preloaded call reaches the host: once (docs/benchmark.md). Firefox hands the
 * preload to the element's request; WebKit hands an `as="fetch"` preload to no script request, but
 * answers it from its HTTP cache, which the host lets keep the page's marked preloads a minute
 * (README "Preloading a page's widgets").
 */

/** The requests the host answered while `path` was opened and settled. */
async function requestsOf(page: EnginePage, path: string) {
  await takeRequests();
  await page.goto(path);
  await settle(page);
  return takeRequests();
}

describe.each(ENGINES)('%s', (engine) => {
  describe.skipIf(!engineAvailable(engine))('the data preloads', () => {
    const open = useEngine(engine, { width: 360, height: 740 });
    const count = (requests: string[], call: string) =>
      requests.filter((request) => request === `GET ${call}`).length;

    it('/dashboard: each tile call, and again on the next visit (no answer kept for it)', async () => {
      const calls = [1, 2, 3, 4].map((tile) => `/dashboards/fetch/${tile}`);
      for (const visit of [1, 2]) {
        const requests = await requestsOf(open(), '/dashboard');
        expect(calls.map((call) => `${visit}: ${count(requests, call)}`)).toEqual(
          calls.map(() => `${visit}: 1`),
        );
      }
    });

    it('/engineer/jobs/1004: the site times', async () => {
      const requests = await requestsOf(open(), '/engineer/jobs/1004');
      expect(count(requests, '/api/site_times/index/1004')).toBe(1);
    });
  });
});
