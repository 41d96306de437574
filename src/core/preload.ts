import type { Registry } from './loader';

/**
 * The files each tag's chunk needs besides the loader, written into the loader by the build
 * (`scripts/bundle-manifest.mjs`): one list of files relative to the loader and, per tag, the
 * indexes of its files in that list.
 */
export interface PreloadTable {
  files: readonly string[];
  tags: Readonly<Record<string, readonly number[]>>;
}

/**
 * Wraps each import of `registry` so that it first starts every file the tag's chunk needs, with
 * a `<link rel="modulepreload">` each, as Vite does for its dynamic imports: the browser fetches
 * them all at once instead of finding each one only when its parent is parsed. A file already
 * preloaded (by the host page, from dist/manifest.json, or for another tag) is not added again.
 */
export function withPreloads(
  registry: Registry,
  table: PreloadTable,
  base: string,
  doc: Document = document,
): Registry {
  const started = new Set<string>();
  function preload(tag: string) {
    for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) {
      started.add(link.href);
    }
    for (const index of table.tags[tag] ?? []) {
      const href = new URL(table.files[index] ?? '', base).href;
      if (started.has(href)) continue;
      started.add(href);
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      doc.head.append(link);
    }
  }
  return Object.fromEntries(
    Object.entries(registry).map(([tag, importChunk]) => [
      tag,
      () => {
        preload(tag);
        return importChunk();
      },
    ]),
  );
}
