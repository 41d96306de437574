import type { Manifest } from '../../scripts/bundle-manifest.mjs';

/** The fm-* tags in a page's markup. */
export function tagsIn(markup: string): Set<string> {
  return new Set(
    [...markup.matchAll(/<(fm-[a-z][a-z0-9-]*)[\s/>]/g)].map((match) => match[1] ?? ''),
  );
}

/**
 * What a page with these tags should `<link rel="modulepreload">`, from dist/manifest.json: the
 * loader, then each tag's chunk with everything it imports, followed recursively (DESIGN §9).
 * Paths relative to dist/; a tag the manifest does not know adds nothing.
 */
export function modulePreloads(manifest: Manifest, tags: Iterable<string>): string[] {
  const files = new Set<string>();
  const follow = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) follow(imported);
  };
  const entries = Object.entries(manifest);
  for (const [key, chunk] of entries) if (chunk.isEntry) follow(key);
  for (const tag of tags) {
    for (const [key, chunk] of entries) if (chunk.isDynamicEntry && chunk.name === tag) follow(key);
  }
  return [...files];
}
