// The two files that keep the engineer's pages on the device (docs/offline.md), built after the
// bundle, each whole in one file: the page's script (`fm-offline.js`, a module importing nothing)
// and the service worker (`fm-sw.js`, a classic script, as every browser runs one) with the list
// of the bundle files an engineer's page needs written in for Workbox to precache.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import replace from '@rollup/plugin-replace';
import { rollup } from 'rollup';
import { bundleManifest, modulePreloads } from './bundle-manifest.mjs';

/** The free identifier in the worker's source that the build replaces with the precache list. */
export const PRECACHE_MARKER = '__FM_PRECACHE__';

/** A file's revision for Workbox: a hash of its content, for a file whose name stays the same. */
function revisionOf(source) {
  return createHash('sha256').update(source).digest('hex').slice(0, 16);
}

/**
 * The files those chunks load lazily (a dynamic import: the runtime's token renewal of a page
 * shown from the device), with what they import; not the loader's, which are every widget's.
 * What they import is mostly precached already (the runtime, the loader's chunk): only its
 * static imports are followed, or the loader's chunk would bring every widget.
 */
function lazyParts(manifest, files) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const loader = new Set(entry?.imports ?? []);
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const found = new Set();
  const follow = (key) => {
    const chunk = manifest[key];
    if (!chunk || found.has(chunk.file)) return;
    found.add(chunk.file);
    for (const imported of chunk.imports ?? []) follow(imported);
  };
  for (const file of files) {
    const key = keyOf.get(file);
    if (key === undefined || loader.has(key) || manifest[key].isEntry) continue;
    for (const imported of manifest[key].dynamicImports ?? []) follow(imported);
  }
  return [...found];
}

/**
 * Workbox's precache list: the files of `tags` from the bundle's manifest (the loader, each tag's
 * chunk and what it imports, and what those load lazily), the stylesheets and `extra`, relative to
 * dist/. A hashed chunk needs
 * no revision (its name changes with it); every other file has its content's. A tag the bundle
 * does not have is an error: its page would not open offline.
 */
export function precacheList(manifest, tags, sources) {
  for (const tag of tags) {
    if (!Object.values(manifest).some((chunk) => chunk.isDynamicEntry && chunk.name === tag)) {
      throw new Error(`the precache names ${tag}, which the bundle has no chunk for`);
    }
  }
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const preloaded = modulePreloads(manifest, tags);
  const files = [
    ...preloaded,
    ...lazyParts(manifest, preloaded),
    ...(entry?.css ?? []),
    ...Object.keys(sources),
  ];
  return [...new Set(files)].map((url) => ({
    url,
    revision: url.startsWith('chunks/') ? null : revisionOf(sources[url] ?? ''),
  }));
}

/**
 * Rollup plugin of the bundle's build: once the bundle is written, builds `page` (the page's
 * script) and `worker` into its folder as `pageFile` and `workerFile`, with `plugins()` (the
 * production pipeline); the worker precaches the files of `tags`.
 */
export function offlineBundles({ page, pageFile, worker, workerFile, tags, plugins, manifestOf }) {
  return {
    name: 'fm-offline-bundles',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const outputs = Object.values(bundle);
      const chunks = outputs.filter((output) => output.type === 'chunk');
      const sourceOf = (file) => readFileSync(join(dir, file));
      const pageBundle = await rollup({
        input: page,
        plugins: plugins(),
        onwarn: (warning) => this.warn(warning),
      });
      await pageBundle.write({ file: join(dir, pageFile), format: 'es', sourcemap: 'hidden' });
      await pageBundle.close();
      const manifest = bundleManifest(chunks, manifestOf);
      const unhashed = [manifestOf.loader, pageFile].filter(Boolean);
      const sources = Object.fromEntries(
        [...unhashed, ...manifestOf.css].map((file) => [file, sourceOf(file)]),
      );
      const list = precacheList(manifest, tags, sources);
      const workerBundle = await rollup({
        input: worker,
        plugins: [
          replace({ preventAssignment: true, values: { [PRECACHE_MARKER]: JSON.stringify(list) } }),
          ...plugins(),
        ],
        onwarn: (warning) => this.warn(warning),
      });
      await workerBundle.write({
        file: join(dir, workerFile),
        format: 'iife',
        sourcemap: 'hidden',
      });
      await workerBundle.close();
    },
  };
}
