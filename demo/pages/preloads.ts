import type { Manifest } from '../../scripts/bundle-manifest.mjs';

export { modulePreloads } from '../../scripts/bundle-manifest.mjs';

import { dashboardFetchPath, PRELOAD_MARK, siteTimeIndexPath } from '../../src/core/contract';

/** The fm-* tags in a page's markup. */
export function tagsIn(markup: string): Set<string> {
  return new Set(
    [...markup.matchAll(/<(fm-[a-z][a-z0-9-]*)[\s/>]/g)].map((match) => match[1] ?? ''),
  );
}

/**
 * The files the entry imports, which a page may also start itself with
 * `<script type="module" async>`: the hashed loader, which then runs while the page still loads
 * and, with a warm cache, has React running before the stylesheets are in (src/index.ts).
 */
export function earlyScripts(manifest: Manifest): string[] {
  return Object.values(manifest)
    .filter((chunk) => chunk.isEntry)
    .flatMap((chunk) => chunk.imports ?? [])
    .flatMap((key) => manifest[key]?.file ?? []);
}

/**
 * The call an element makes first, on its own, by tag, from its start tag's attributes. Asked
 * for with the page (`<link rel="preload" as="fetch" crossorigin>`), its answer is on its way
 * before the loader has run, and the element's own request (same URL, same-origin credentials)
 * takes it over: on a phone this saves the round trip that would follow the scripts.
 */
const FIRST_CALLS: Record<string, (attributes: Map<string, string>) => string | null> = {
  'fm-dashboard-tile': (attributes) =>
    wholeNumber(attributes.get('data-tile-id'), dashboardFetchPath),
  'fm-engineer-job': (attributes) => wholeNumber(attributes.get('data-job-id'), siteTimeIndexPath),
};

function wholeNumber(value: string | undefined, path: (id: number) => string): string | null {
  return value && /^[1-9]\d*$/.test(value) ? path(Number(value)) : null;
}

/**
 * The URLs of the first calls of the elements in `markup`, under `apiBase`, each once, marked
 * with this page's `mark` (`?fm_preload=…`): the host lets the browser keep a marked answer a
 * minute (`preloadCache()`), which is how WebKit, which hands a preload to no script request,
 * answers the element's request without asking again. A reload has a new mark: never an old answer.
 */
export function dataPreloads(markup: string, apiBase: string, mark: string): string[] {
  // A base that is no path or http(s) address is the configuration's mistake: nothing to preload.
  if (!/^(?:$|\/(?!\/)|https?:\/\/)/i.test(apiBase)) return [];
  const urls = new Set<string>();
  for (const [, tag = '', rest = ''] of markup.matchAll(/<(fm-[a-z][a-z0-9-]*)(\s[^>]*)?>/g)) {
    const attributes = new Map(
      [...rest.matchAll(/([a-z][a-z0-9-]*)="([^"]*)"/g)].map(([, name = '', value = '']) => [
        name,
        value,
      ]),
    );
    const path = FIRST_CALLS[tag]?.(attributes);
    if (path) urls.add(`${apiBase.replace(/\/$/, '')}${path}?${PRELOAD_MARK}=${mark}`);
  }
  return [...urls];
}
