import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { PageContext } from '../pages/layout';
import { notFoundPage } from '../pages/not-found';
import type { Deps } from './deps';
import { takeFlash } from './flash';
import type { AppEnv } from './http';
import { pageConfig } from './settings';
import { readManifest } from './static';
import { wordsConfig } from './words';

export function pageContext(c: Context<AppEnv>, deps: Deps): PageContext {
  return {
    csrfToken: c.get('csrfToken'),
    nonce: c.get('cspNonce'),
    // The words chosen on the gallery (words.ts) over the host's settings.
    config: { ...pageConfig(deps.settings(), new URL(c.req.url).origin), ...wordsConfig(c) },
    path: c.req.path,
    flash: takeFlash(c),
    manifest: readManifest(deps.distDir),
    bootstrap: deps.bootstrap,
    session: sessionKey(c.get('csrfToken')),
    // Opened in a portal's frame (the browser's Fetch Metadata says so): the portal is the chrome.
    framed: c.req.header('sec-fetch-dest') === 'iframe',
  };
}

/**
 * The session the engineer's pages are kept on the device under (docs/offline.md). The reference
 * host has no sign-in: a browser's session is its CSRF cookie, new when the cookies are cleared.
 * A digest, so the page never carries the cookie's value.
 */
export function sessionKey(csrfToken: string): string {
  return createHash('sha256').update(csrfToken).digest('base64url').slice(0, 32);
}

export function renderNotFound(c: Context<AppEnv>, deps: Deps) {
  return c.html(notFoundPage(pageContext(c, deps)), 404);
}
