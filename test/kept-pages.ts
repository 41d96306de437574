import { PAGES_CACHE_PREFIX } from '../src/offline/cache-names';

/**
 * Run in a page (its source is sent as text: no closures): the paths kept in the sessions' caches
 * of pages whose names start with `prefix`, sorted; none while the worker has kept none.
 */
async function keptPathsInPage(prefix: string): Promise<string[]> {
  const names = (await caches.keys()).filter((name) => name.startsWith(prefix));
  // Opened only while it is there: `open` makes a cache the worker has just deleted again
  // (an empty old session's beside the new one, and the worker keeps nothing for either).
  const kept = await Promise.all(
    names.map(async (name) =>
      (await caches.has(name)) ? (await (await caches.open(name)).keys()).map((r) => r.url) : [],
    ),
  );
  return kept
    .flat()
    .map((url) => new URL(url).pathname)
    .sort();
}

/** Whatever drives the page (Playwright's Page, the engines' page): its `evaluate`. */
interface Evaluates {
  evaluate(script: typeof keptPathsInPage, prefix: string): Promise<string[]>;
}

/** The paths the offline worker keeps on the device for the session, in `page`'s browser. */
export function keptPaths(page: Evaluates): Promise<string[]> {
  return page.evaluate(keptPathsInPage, PAGES_CACHE_PREFIX);
}
