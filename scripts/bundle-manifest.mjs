// What the build tells about its own files: dist/manifest.json in Vite's manifest shape
// (https://vite.dev/guide/backend-integration), so a host (PHP, the reference host) can print
// <link rel="modulepreload"> for the tags it renders; and the same knowledge written into the
// loader, so it starts all of a tag's files at once.
import { basename, posix, relative, sep } from 'node:path';
import MagicString from 'magic-string';

/** The tag a widget's registration module defines (widgets/<name>/index.ts is fm-<name>). */
export function widgetTag(moduleId) {
  const widget = moduleId?.match(/widgets[\\/]([^\\/]+)[\\/]index\.tsx?$/);
  return widget ? `fm-${widget[1]}` : undefined;
}

/** Vite's keys: an entry by its source path from the root, a shared chunk as `_` + its file name. */
function keyOf(chunk, root) {
  if (chunk.facadeModuleId && (chunk.isEntry || chunk.isDynamicEntry)) {
    return relative(root, chunk.facadeModuleId).split(sep).join('/');
  }
  return `_${basename(chunk.fileName)}`;
}

function nameOf(chunk) {
  if (chunk.isEntry) return basename(chunk.fileName, '.js');
  return widgetTag(chunk.facadeModuleId) ?? chunk.name;
}

/**
 * The manifest of a bundle's chunks: `file` relative to the output folder, `imports` (static) and
 * `dynamicImports` as keys of this same manifest, and the stylesheets `css` on the entry and on
 * every dynamic entry (our widgets share one stylesheet).
 */
export function bundleManifest(chunks, { root, css }) {
  const keys = new Map(chunks.map((chunk) => [chunk.fileName, keyOf(chunk, root)]));
  const keysOf = (files) => files.map((file) => keys.get(file) ?? `_${basename(file)}`);
  const manifest = {};
  for (const chunk of chunks) {
    const key = keys.get(chunk.fileName);
    const isEntry = chunk.isEntry;
    const isDynamicEntry = !isEntry && chunk.isDynamicEntry;
    const imports = keysOf(chunk.imports);
    const dynamicImports = keysOf(chunk.dynamicImports);
    manifest[key] = {
      file: chunk.fileName,
      name: nameOf(chunk),
      ...(isEntry || isDynamicEntry ? { src: key } : {}),
      ...(isEntry ? { isEntry } : {}),
      ...(isDynamicEntry ? { isDynamicEntry } : {}),
      ...(imports.length > 0 ? { imports } : {}),
      ...(dynamicImports.length > 0 ? { dynamicImports } : {}),
      ...((isEntry || isDynamicEntry) && css.length > 0 ? { css } : {}),
    };
  }
  return manifest;
}

/** Rollup plugin: writes `manifest.json` next to the bundle. */
export function manifest({ root = process.cwd(), css = [] } = {}) {
  return {
    name: 'fm-manifest',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.json',
        source: `${JSON.stringify(bundleManifest(chunks, { root, css }), null, 2)}\n`,
      });
    },
  };
}

/** The free identifier in the loader's source that the build replaces with the preload table. */
export const PRELOAD_MARKER = '__FM_PRELOADS__';

/**
 * For each tag, every file its chunk needs besides the loader (its static imports, followed
 * recursively), relative to the loader: one list of files and, per tag, their indexes in it (the
 * shape of Vite's `__vite__mapDeps`, which keeps shared files from being written twice).
 */
function preloadTableOf(entry, chunks) {
  const files = [];
  const indexes = new Map();
  const tags = {};
  for (const chunk of Object.values(chunks)) {
    const tag = widgetTag(chunk.facadeModuleId);
    if (!tag || !chunk.isDynamicEntry) continue;
    const needed = new Set();
    const follow = (fileName) => {
      for (const dependency of chunks[fileName]?.imports ?? []) {
        if (dependency === entry.fileName || needed.has(dependency)) continue;
        needed.add(dependency);
        follow(dependency);
      }
    };
    follow(chunk.fileName);
    tags[tag] = [...needed].map((fileName) => {
      if (!indexes.has(fileName)) {
        indexes.set(fileName, files.length);
        files.push(posix.relative(posix.dirname(entry.fileName), fileName));
      }
      return indexes.get(fileName);
    });
  }
  return { files, tags };
}

/**
 * Rollup plugin, after minification: writes the preload table into the entry in place of
 * PRELOAD_MARKER. File names still carry Rollup's hash placeholders here, which Rollup replaces
 * with the final hashes afterwards, as it does in import() calls.
 */
export function preloadTable() {
  return {
    name: 'fm-preload-table',
    renderChunk(code, chunk, _options, meta) {
      if (!chunk.isEntry) return null;
      const at = code.indexOf(PRELOAD_MARKER);
      if (at < 0) this.error(`${chunk.fileName} does not read ${PRELOAD_MARKER}`);
      const source = new MagicString(code);
      source.overwrite(
        at,
        at + PRELOAD_MARKER.length,
        JSON.stringify(preloadTableOf(chunk, meta.chunks)),
      );
      return { code: source.toString(), map: source.generateMap({ hires: true }) };
    },
  };
}
