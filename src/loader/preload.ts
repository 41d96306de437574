import type { Registry } from './loader';

/**
 * The files each tag's chunk needs besides the loader, written into the loader by the build
 * (`scripts/bundle-manifest.mjs`): one list of files relative to the loader and, for each entry
 * of the registry in its order, the indexes of its files in that list, each a base-36 digit
 * (`"03"`: files 0 and 3).
 */
export interface PreloadTable {
  files: readonly string[];
  tags: readonly string[];
}

/**
 * Wraps each import of `registry` (the n-th with the table's n-th entry) so that it first starts
 * every file the tag's chunk needs, all at once, as Vite does for its dynamic imports: the browser
 * fetches them together instead of finding each one only when its parent is parsed. They are
 * imported, not only fetched: React and the other shared files run while the page still waits for
 * its stylesheets. The tag's own chunk, which defines the element, is imported once `ready`
 * settles (the page parsed and styled), so no element renders or measures itself before the
 * page's styles apply. A file imported already (by the host page, or for another tag) is the same
 * module, not fetched again.
 */
export function withPreloads(
  registry: Registry,
  table: PreloadTable,
  base: string,
  ready: Promise<unknown>,
  start: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): Registry {
  return Object.fromEntries(
    Object.entries(registry).map(([tag, importChunk], position) => [
      tag,
      () => {
        for (const digit of table.tags[position] ?? '') {
          // A file that fails fails the chunk's own import too, which the loader reports.
          start(new URL(table.files[parseInt(digit, 36)] ?? '', base).href).catch(() => {});
        }
        return ready.then(importChunk);
      },
    ]),
  );
}
