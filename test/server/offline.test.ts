// The reference host opts its engineer's pages into the worker (docs/offline.md): their script,
// with the scope and a digest of the session, and the worker's header that allows the scope.
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionKey } from '../../demo/server/page-context';
import { createHost, type Host, TOKEN } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

const OFFLINE_SCRIPT =
  /<script type="module" src="\/dist\/fm-offline\.js" data-scope="\/engineer\/" data-session="([\w-]+)"><\/script>/;

describe("the engineer's pages", () => {
  for (const path of ['/engineer/jobs', '/engineer/jobs/1004']) {
    it(`${path} prints the script with the scope and a digest of the session`, async () => {
      const markup = await (await host.get(path)).text();
      const session = OFFLINE_SCRIPT.exec(markup)?.[1];
      expect(session).toBe(sessionKey(TOKEN));
    });
  }

  it("is the only place the script is printed: another page's is not kept", async () => {
    for (const path of ['/dashboard', '/client/jobs/view/1001', '/engineer/jobs/1005']) {
      expect(await (await host.get(path)).text(), path).not.toContain('fm-offline.js');
    }
  });

  it('has a session of its own in each browser', () => {
    expect(sessionKey('one')).toMatch(/^[\w-]{32}$/);
    expect(sessionKey('one')).not.toBe(sessionKey('two'));
  });
});

describe.skipIf(!existsSync('dist/fm-sw.js'))('/dist/fm-sw.js', () => {
  it("is sent with the scope of the engineer's pages, revalidated", async () => {
    const response = await host.get('/dist/fm-sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('service-worker-allowed')).toBe('/engineer/');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });
});
