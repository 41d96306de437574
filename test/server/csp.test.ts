import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../demo/server/csp';
import { HOST_PAGES } from '../browser/host-pages';
import { createHost, type Host } from './host';

let host: Host;
beforeAll(() => {
  host = createHost();
});
afterAll(() => host.close());

describe('Content-Security-Policy', () => {
  it('is strict: scripts of this origin only, no plugins, no <base>, framed by this origin', () => {
    const directives = CONTENT_SECURITY_POLICY.split('; ');
    expect(directives).toEqual(
      expect.arrayContaining([
        "script-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'self'",
      ]),
    );
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(eval|inline)|style-src|default-src/);
  });

  it.each(HOST_PAGES)(
    '$path is sent with it, and runs no inline script or handler',
    async ({ path }) => {
      const response = await host.get(path);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      const page = await response.text();
      const inline = [...page.matchAll(/<script\b([^>]*)>/gi)]
        .map((match) => match[1] ?? '')
        .filter((attributes) => !/\bsrc=/.test(attributes))
        .filter((attributes) => !/\btype="application\/json"/.test(attributes));
      expect(inline).toEqual([]);
      expect(page.match(/<[a-z][^>]*\son[a-z]+\s*=/gi) ?? []).toEqual([]);
      expect(page).not.toMatch(/javascript:/i);
    },
  );

  it("is the PHP example host's too", () => {
    const router = readFileSync('demo/php/host/router.php', 'utf8');
    expect(router).toContain(`header("Content-Security-Policy: ${CONTENT_SECURITY_POLICY}");`);
  });

  it('comes with JSON answers and errors too', async () => {
    for (const path of ['/dashboards/fetch/1', '/api/no-such-call']) {
      const response = await host.get(path);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
  });
});
