import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './http';

/** What the policy's script-src allows: this origin's files, or scripts carrying the nonce. */
export type CspMode = 'self' | 'nonce';

/** Every directive but script-src: the same under both policies. */
const OTHER_DIRECTIVES = [
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "frame-src 'self' https://*.powerbi.com https://*.fabric.microsoft.com",
];

/**
 * The Content-Security-Policy of every answer of the reference host, the policy the
 * bundle is built to work under (README "Content Security Policy"):
 *
 * - scripts only from this origin: no inline script (the JSON of #fm-config is data, never run),
 *   no `eval`, no `javascript:` URL; no plugins; no `<base>` that would move the bundle's URLs;
 * - framed only by this origin's pages (the portal shell);
 * - frames only of this origin and of the analytics service fm-report embeds (powerbi-client
 *   accepts `https://*.powerbi.com` and `https://*.fabric.microsoft.com` report addresses).
 *
 * Styles are not restricted: Tabulator, Chart.js and flatpickr set inline styles.
 */
export const CONTENT_SECURITY_POLICY = ["script-src 'self'", ...OTHER_DIRECTIVES].join('; ');

/**
 * The strict policy browser vendors recommend, as CakePHP's CspMiddleware sends it with
 * `scriptNonce`: a script runs only if it carries this response's nonce, or if a script
 * that did started it (`'strict-dynamic'`: the loader's import() of each chunk). `'self'` is for
 * browsers that know no `'strict-dynamic'`; the others ignore it.
 */
export function nonceContentSecurityPolicy(nonce: string): string {
  return [`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`, ...OTHER_DIRECTIVES].join('; ');
}

/**
 * Sends the policy with every answer. Under `'nonce'` each answer gets a fresh nonce, which the
 * pages read as `c.get('cspNonce')` and put on every script and modulepreload they print.
 */
export function contentSecurityPolicy(mode: CspMode = 'self'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // 128 random bits, as the CSP spec asks of a nonce.
    const nonce = mode === 'nonce' ? randomBytes(16).toString('base64') : undefined;
    c.set('cspNonce', nonce);
    await next();
    c.res.headers.set(
      'Content-Security-Policy',
      nonce === undefined ? CONTENT_SECURITY_POLICY : nonceContentSecurityPolicy(nonce),
    );
  };
}
