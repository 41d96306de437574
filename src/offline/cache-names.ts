// The worker's caches (docs/offline.md). What the host serves a signed-in engineer (the pages and
// their data calls) is kept in one cache named after the session the host printed, so that what is
// kept for one session is never shown in another: a new session deletes the old one's cache.

/** The pages and data calls of the session `fm-offline-pages-<session>`. */
export const PAGES_CACHE_PREFIX = 'fm-offline-pages-';
/** The bundle's files the precache does not hold (a widget's chunk another page loaded). */
export const BUNDLE_CACHE = 'fm-offline-bundle';
/** The host's own stylesheets, scripts and fonts, the same for every session. */
export const ASSETS_CACHE = 'fm-offline-assets';

/** What the host may print as the session: letters, digits, `-`, `_`, up to 128 of them. */
const SESSION_KEY = /^[\w-]{1,128}$/;

/** Whether `value` is a session key the worker names a cache after. */
export function isSessionKey(value: string): boolean {
  return SESSION_KEY.test(value);
}

/** The cache of a session's pages and data calls. */
export function pagesCache(session: string): string {
  return `${PAGES_CACHE_PREFIX}${session}`;
}

/** The session a cache of pages belongs to; null for any other cache. */
export function sessionOfCache(cacheName: string): string | null {
  if (!cacheName.startsWith(PAGES_CACHE_PREFIX)) return null;
  const session = cacheName.slice(PAGES_CACHE_PREFIX.length);
  return isSessionKey(session) ? session : null;
}

/**
 * The session whose pages may be shown from the device: the one session that has a cache. None
 * when no cache is kept, and none when two are (a page of a new session and a late write of the
 * old one crossed): nothing is shown from the device until a page says again whose session it is.
 */
export function currentSession(cacheNames: readonly string[]): string | null {
  const sessions = cacheNames.flatMap((name) => sessionOfCache(name) ?? []);
  return sessions.length === 1 ? (sessions[0] ?? null) : null;
}
