/**
 * dist/fm-sw.js, the service worker of the engineer's pages (docs/offline.md), built from Workbox:
 * the bundle files those pages need precached; the pages and their data calls network first, kept
 * in the cache of the host's session and shown from it, marked, when no host answers; the bundle's
 * other files and the host's own stylesheets and scripts kept as they pass.
 */
import { clientsClaim, copyResponse } from 'workbox-core';
import type {
  RouteHandlerCallback,
  RouteHandlerCallbackOptions,
  WorkboxPlugin,
} from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { KEPT_AT_HEADER } from '../core/contract/paths';
import {
  ASSETS_CACHE,
  BUNDLE_CACHE,
  currentSession,
  pagesCache,
  sessionOfCache,
} from './cache-names';
import { keptUrl, markServedFromDevice } from './device-copy';
import { type KeptPage, notOnDevicePage, titleOf } from './not-on-device';
import { readSessionMessage, type SessionMessage } from './session-message';

/** Written in by the build: the bundle files an engineer's page needs (scripts/offline-bundle.mjs). */
declare const __FM_PRECACHE__: PrecacheEntry[];

/** The little of the worker's global scope used here (the DOM's types have none of it). */
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  location: Location;
  caches: CacheStorage;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: WorkerEvent) => void): void;
  addEventListener(
    type: 'message',
    listener: (event: WorkerEvent & { data: unknown }) => void,
  ): void;
}
const worker = globalThis as unknown as WorkerScope;

/**
 * How long a page or a data call waits for the host before the kept copy is shown: a phone on one
 * bar of signal in a basement may wait minutes for nothing. The widgets' own timeout (README "Page
 * configuration", `timeout`) is as long.
 */
const NETWORK_TIMEOUT_SECONDS = 10;
/** The most bundle files and host assets kept beyond the precache, each. */
const MOST_KEPT_FILES = 60;

/** Keeps only a whole answer of the host, stamped with when it was kept. */
const keepAnswers: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    // A redirect (to a sign-in page) is not the page asked for; an error is no page to show.
    if (response.status !== 200 || response.redirected) return null;
    return copyResponse(response, (init) => {
      const headers = new Headers(init.headers);
      headers.set(KEPT_AT_HEADER, new Date().toISOString());
      return { ...init, headers };
    });
  },
  // A data preload's mark is new on every page: the copy is kept, and found, without it.
  cacheKeyWillBeUsed: async ({ request }) => keptUrl(request.url),
};

/** When a kept answer was kept, ISO 8601 (the host's Date for one kept before the stamp). */
function keptAt(response: Response): string {
  const when = new Date(response.headers.get(KEPT_AT_HEADER) ?? response.headers.get('date') ?? '');
  return Number.isNaN(when.getTime()) ? new Date().toISOString() : when.toISOString();
}

/** A page shown from the device says so: the mark its script reads (src/offline/notice.ts). */
const markPages: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse?.headers.get('content-type')?.includes('text/html')) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    const html = markServedFromDevice(await cachedResponse.text(), keptAt(cachedResponse));
    const { status, statusText } = cachedResponse;
    return new Response(html, { status, statusText, headers });
  },
};

/**
 * Network first, kept in the cache of the session the pages last said; with no session (no one
 * signed in, or the host's pages not seen yet) the host alone answers and nothing is kept.
 */
function keptInSession(plugins: WorkboxPlugin[]): RouteHandlerCallback {
  return async ({ event, request }: RouteHandlerCallbackOptions) => {
    const session = currentSession(await worker.caches.keys());
    if (session === null) return new NetworkOnly().handle({ event, request });
    return keptFor(session, plugins).handle({ event, request });
  };
}

/** Network first, kept in `session`'s cache. */
function keptFor(session: string, plugins: WorkboxPlugin[]): NetworkFirst {
  return new NetworkFirst({
    cacheName: pagesCache(session),
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins,
    // Kept by URL alone: a page asked for by the worker is found by the browser's navigation.
    matchOptions: { ignoreVary: true },
  });
}

const keptPage = keptInSession([keepAnswers, markPages]);

/**
 * A page of the host says whose session it is of: the other sessions' copies are deleted, and the
 * page and its data calls are kept now when the worker did not answer them (the first visit, or a
 * page of a session new to the worker).
 */
async function followSession(message: SessionMessage, event: WorkerEvent): Promise<void> {
  const before = currentSession(await worker.caches.keys());
  await forgetOtherSessions(message.session);
  if (message.session === '') return;
  await worker.caches.open(pagesCache(message.session));
  if (message.controlled && before === message.session) return;
  // Kept for the session the page said, whatever caches there are meanwhile: a late write of the
  // old session's (a page of it answered as this message came) brings its cache back.
  const strategy = keptFor(message.session, [keepAnswers]);
  const own = message.urls.filter((url) => new URL(url).origin === worker.location.origin);
  await Promise.allSettled(own.map((url) => strategy.handle({ event, request: new Request(url) })));
  // And it is deleted again, so that this session's is the one cache of pages.
  await forgetOtherSessions(message.session);
}

/** Deletes every session's cache of pages but `session`'s. */
async function forgetOtherSessions(session: string): Promise<void> {
  const others = (await worker.caches.keys()).filter((name) => {
    const of = sessionOfCache(name);
    return of !== null && of !== session;
  });
  await Promise.all(others.map((name) => worker.caches.delete(name)));
}

precacheAndRoute(__FM_PRECACHE__);
cleanupOutdatedCaches();
worker.addEventListener('install', () => void worker.skipWaiting());
clientsClaim();

const bundleChunks = new URL('chunks/', worker.location.href).href;
/** The host's own files a page needs to look right; its images and documents are not kept. */
const HOST_ASSETS = new Set<RequestDestination>(['style', 'script', 'font']);

registerRoute(({ request }) => request.mode === 'navigate', keptPage);
registerRoute(
  ({ url }) => url.href.startsWith(bundleChunks),
  new CacheFirst({
    cacheName: BUNDLE_CACHE,
    plugins: [keepAnswers, new ExpirationPlugin({ maxEntries: MOST_KEPT_FILES })],
  }),
);
registerRoute(
  ({ sameOrigin, request }) => sameOrigin && HOST_ASSETS.has(request.destination),
  new NetworkFirst({
    cacheName: ASSETS_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [keepAnswers, new ExpirationPlugin({ maxEntries: MOST_KEPT_FILES })],
  }),
);
// The pages' data calls (fetch, XMLHttpRequest, a data preload), and a page read again by its script.
registerRoute(
  ({ sameOrigin, request }) => sameOrigin && request.destination === '',
  keptInSession([keepAnswers]),
);

worker.addEventListener('message', (event) => {
  const message = readSessionMessage(event.data);
  if (message) event.waitUntil(followSession(message, event));
});

/** The pages kept for the current session, with their titles (none without a session). */
async function keptPages(): Promise<KeptPage[]> {
  const session = currentSession(await worker.caches.keys());
  if (session === null) return [];
  const cache = await worker.caches.open(pagesCache(session));
  const pages: KeptPage[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response?.headers.get('content-type')?.includes('text/html')) continue;
    pages.push({ url: request.url, title: titleOf(await response.text()) });
  }
  return pages;
}

// A page no host answers and the device does not keep: said in words, with the pages kept,
// instead of the browser's "no internet" page.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  return new Response(notOnDevicePage(request.url, await keptPages()), {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
});
