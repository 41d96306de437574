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
 * every file the tag's chunk needs, with a `<link rel="modulepreload">` each, as Vite does for its
 * dynamic imports: the browser fetches them all at once instead of finding each one only when its
 * parent is parsed. A file already preloaded (by the host page, from dist/manifest.json, or for
 * another tag) is not added again.
 */
export function withPreloads(
  registry: Registry,
  table: PreloadTable,
  base: string,
  doc: Document = document,
): Registry {
  const started = new Set<string>();
  function preload(position: number) {
    for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) {
      started.add(link.href);
    }
    for (const digit of table.tags[position] ?? '') {
      const href = new URL(table.files[Number.parseInt(digit, 36)] ?? '', base).href;
      if (started.has(href)) continue;
      started.add(href);
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      doc.head.append(link);
    }
  }
  return Object.fromEntries(
    Object.entries(registry).map(([tag, importChunk], position) => [
      tag,
      () => {
        preload(position);
        return importChunk();
      },
    ]),
  );
}
