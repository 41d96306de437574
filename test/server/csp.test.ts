import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, nonceContentSecurityPolicy } from '../../demo/server/csp';
import { HOST_PAGES } from '../browser/host-pages';
import { createHost, type Host } from './host';

const PHP_PATH = process.env.PHP_PATH ?? '/usr/bin/php';

let host: Host;
let nonceHost: Host;
beforeAll(() => {
  host = createHost();
  nonceHost = createHost({ csp: 'nonce' });
});
afterAll(() => {
  host.close();
  nonceHost.close();
});

/** The PHP example host's policy, as its router sends it (FM_CSP=nonce for the nonce one). */
function phpHostPolicy(csp: 'self' | 'nonce'): string {
  return execFileSync(
    PHP_PATH,
    ['-r', 'require "demo/php/host/app.php"; echo content_security_policy();'],
    { encoding: 'utf8', env: { ...process.env, FM_CSP: csp } },
  );
}

/** The start tags of the page's scripts and module preloads. */
const scriptTags = (page: string) =>
  [...page.matchAll(/<script\b[^>]*>|<link\b[^>]*\brel="modulepreload"[^>]*>/gi)].map(
    ([tag]) => tag,
  );

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

  it.skipIf(!existsSync(PHP_PATH))("is the PHP example host's too, under both switches", () => {
    expect(phpHostPolicy('self')).toBe(CONTENT_SECURITY_POLICY);
    const policy = phpHostPolicy('nonce');
    const nonce = /'nonce-([\w+/=]+)'/.exec(policy)?.[1] ?? '';
    expect(nonce).toMatch(/^[\w+/]{22}==$/);
    expect(policy).toBe(nonceContentSecurityPolicy(nonce));
    expect(phpHostPolicy('nonce'), 'a fresh nonce per answer').not.toContain(nonce);
  });

  it("puts no nonce on anything under 'self'", async () => {
    for (const { path } of HOST_PAGES) {
      expect(await (await host.get(path)).text(), path).not.toContain('nonce');
    }
  });

  it('comes with JSON answers and errors too', async () => {
    for (const path of ['/dashboards/fetch/1', '/api/no-such-call']) {
      const response = await host.get(path);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
  });
});

describe('Content-Security-Policy with nonces (the switch: --nonce-csp, `csp: nonce`)', () => {
  it("is the strict policy: script-src 'self' 'nonce-…' 'strict-dynamic', the rest unchanged", () => {
    expect(nonceContentSecurityPolicy('N')).toBe(
      CONTENT_SECURITY_POLICY.replace(
        "script-src 'self'",
        "script-src 'self' 'nonce-N' 'strict-dynamic'",
      ),
    );
  });

  it.each(HOST_PAGES)(
    '$path: a fresh nonce in each answer, on every script and module preload it prints',
    async ({ path }) => {
      const nonces = [];
      for (const answer of [await nonceHost.get(path), await nonceHost.get(path)]) {
        const policy = answer.headers.get('content-security-policy') ?? '';
        const nonce = /'nonce-([\w+/=]+)'/.exec(policy)?.[1] ?? '';
        expect(policy).toBe(nonceContentSecurityPolicy(nonce));
        const tags = scriptTags(await answer.text());
        expect(tags.length).toBeGreaterThan(0);
        expect(tags.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
        nonces.push(nonce);
      }
      expect(nonces[0]).toMatch(/^[\w+/]{22}==$/);
      expect(nonces[1]).not.toBe(nonces[0]);
    },
  );

  it('comes with JSON answers too, each with its own nonce', async () => {
    const policies = await Promise.all(
      ['/dashboards/fetch/1', '/dashboards/fetch/1'].map(async (path) =>
        (await nonceHost.get(path)).headers.get('content-security-policy'),
      ),
    );
    expect(policies[0]).toMatch(/^script-src 'self' 'nonce-[\w+/=]+' 'strict-dynamic'; /);
    expect(policies[1]).not.toBe(policies[0]);
  });
});
