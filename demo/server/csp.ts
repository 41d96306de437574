import type { MiddlewareHandler } from 'hono';

/**
 * The Content-Security-Policy of every answer of the reference host (issue 17), the policy the
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
export const CONTENT_SECURITY_POLICY = [
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "frame-src 'self' https://*.powerbi.com https://*.fabric.microsoft.com",
].join('; ');

export function contentSecurityPolicy(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  };
}
