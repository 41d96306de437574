import { PRELOAD_MARK } from '../core/contract/paths';
import { isSessionKey, PAGES_CACHE_PREFIX } from './cache-names';
import { servedFromDevice } from './device-copy';
import { followSignal } from './notice';
import { SESSION_MESSAGE, type SessionMessage } from './session-message';

// dist/fm-offline.js (docs/offline.md), which a host prints on its engineer's pages only:
// registers the worker over them and tells it whose session the page is of, says so when the page
// was shown from the device, and, on the host's sign-in page (`data-session=""`), forgets every
// page kept on the device.

/** The worker, beside this file in dist/. */
export const WORKER_FILE = 'fm-sw.js';

export interface OfflineOptions {
  /** The pages the worker keeps (`data-scope`, a path such as `/engineer/`). */
  scope: string;
  /** The host's session key (`data-session`); '' when no one is signed in. */
  session: string;
}

/** The `<script>` of this module (`import.meta.url`), which carries its options. */
export function ownScript(doc: Document, moduleUrl: string): HTMLScriptElement | null {
  return (
    [...doc.querySelectorAll('script[src]')].find(
      (script): script is HTMLScriptElement =>
        script instanceof HTMLScriptElement && script.src === moduleUrl,
    ) ?? null
  );
}

/** The script's `data-scope` and `data-session`; throws, in words for the integrator, when wrong. */
export function readOptions(script: Element | null): OfflineOptions {
  const session = script?.getAttribute('data-session');
  const scope = script?.getAttribute('data-scope') ?? '';
  if (session === null || session === undefined) {
    throw new Error('data-session is missing, so no page is kept on this device');
  }
  if (session !== '' && !isSessionKey(session)) {
    throw new Error(`data-session must be 1 to 128 letters, digits, - or _ (got "${session}")`);
  }
  if (session !== '' && !scope.startsWith('/')) {
    throw new Error(`data-scope must be a path such as /engineer/ (got "${scope}")`);
  }
  return { scope, session };
}

/**
 * The page and the data calls it made before the worker answered its requests: its fetches, and
 * its data preloads (marked `fm_preload`), of its own origin. The worker keeps those it would keep.
 * With them the page the engineer came from, when it is of the scope (`referrer`): My jobs, left
 * for a job before the worker, installing, could hear of it.
 */
export function pageUrls(
  href: string,
  entries: readonly Pick<PerformanceResourceTiming, 'name' | 'initiatorType'>[],
  referrer = '',
  scope = '',
): string[] {
  const page = new URL(href);
  page.hash = '';
  const calls = entries.flatMap(({ name, initiatorType }) => {
    const url = new URL(name, page);
    const call =
      initiatorType === 'fetch' ||
      initiatorType === 'xmlhttprequest' ||
      (initiatorType === 'link' && url.searchParams.has(PRELOAD_MARK));
    return call && url.origin === page.origin ? [url.href] : [];
  });
  const from = referrer ? new URL(referrer, page) : null;
  if (from) from.hash = '';
  const cameFrom =
    from && scope && from.origin === page.origin && from.pathname.startsWith(scope)
      ? [from.href]
      : [];
  return [...new Set([page.href, ...calls, ...cameFrom])];
}

/** Forgets every page and data call kept on the device (the host says no one is signed in). */
export async function forgetPages(storage: CacheStorage): Promise<void> {
  const names = await storage.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(PAGES_CACHE_PREFIX)).map((name) => storage.delete(name)),
  );
}

/** The registration, or the one kept from an earlier visit when the worker cannot be fetched. */
async function register(
  container: ServiceWorkerContainer,
  url: URL,
  scope: string,
): Promise<ServiceWorkerRegistration> {
  try {
    return await container.register(url, { scope });
  } catch (error) {
    const kept = await container.getRegistration(scope);
    if (kept) return kept;
    throw error;
  }
}

/** The registration's active worker, once there is one. */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  if (registration.active) return Promise.resolve(registration.active);
  const coming = registration.installing ?? registration.waiting;
  return new Promise((resolve, reject) => {
    if (!coming) return reject(new Error('the worker was not installed'));
    coming.addEventListener('statechange', () => {
      if (coming.state === 'activated') resolve(coming);
      if (coming.state === 'redundant') reject(new Error('the worker could not be installed'));
    });
  });
}

/** The page's requests so far, as the browser timed them. */
function resourcesOf(window: Window): PerformanceResourceTiming[] {
  return window.performance.getEntriesByType('resource') as PerformanceResourceTiming[];
}

/** What this script does on the page it was printed on (see the top of this file). */
export async function startOffline(
  doc: Document,
  moduleUrl: string,
  /** Ends the notice's following of the signal (the page's life, in the page). */
  signal?: AbortSignal,
): Promise<void> {
  const keptAt = servedFromDevice(doc);
  if (keptAt) followSignal(doc, keptAt, signal);
  const { scope, session } = readOptions(ownScript(doc, moduleUrl));
  const window = doc.defaultView;
  if (!window) return;
  if (session === '') {
    if (window.caches) await forgetPages(window.caches);
    return;
  }
  const container = window.navigator.serviceWorker;
  if (!container) return;
  // Whether the worker answered this page's requests: read before a new worker claims the page.
  const controlled = container.controller !== null;
  const registration = await register(container, new URL(WORKER_FILE, moduleUrl), scope);
  const worker = await activeWorker(registration);
  const message: SessionMessage = {
    type: SESSION_MESSAGE,
    session,
    urls: pageUrls(doc.location.href, resourcesOf(window), doc.referrer, scope),
    controlled,
  };
  worker.postMessage(message);
}
