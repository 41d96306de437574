import { describe, expect, it } from 'vitest';
import {
  ENGINES,
  type EngineName,
  type EnginePage,
  engineAvailable,
  settle,
  takeRequests,
  useEngine,
} from './engines';

/**
 * How often each preloaded call reaches the host (DESIGN §7: once). WebKit hands a
 * `<link rel="preload" as="fetch">` to no script request, fetch() or XMLHttpRequest, whatever its
 * headers or cache mode (README "Preloading a page's widgets"): there the call is made twice, and
 * this says so until WebKit changes.
 */
const TIMES: Record<EngineName, number> = { Firefox: 1, WebKit: 2 };

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

    it('/dashboard: each tile call', async () => {
      const requests = await requestsOf(open(), '/dashboard');
      const calls = [1, 2, 3, 4].map((tile) => `/dashboards/fetch/${tile}`);
      expect(calls.map((call) => count(requests, call))).toEqual(calls.map(() => TIMES[engine]));
    });

    it('/engineer/jobs/1004: the site times', async () => {
      const requests = await requestsOf(open(), '/engineer/jobs/1004');
      expect(count(requests, '/api/site_times/index/1004')).toBe(TIMES[engine]);
    });
  });
});
