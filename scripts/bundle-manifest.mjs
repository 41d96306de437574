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
  if (chunk.isEntry) return chunk.name;
  return widgetTag(chunk.facadeModuleId) ?? chunk.name;
}

/**
 * The manifest of a bundle's chunks: `file` relative to the output folder, `imports` (static) and
 * `dynamicImports` as keys of this same manifest, and the stylesheets `css` on the entry and on
 * every dynamic entry (our widgets share one stylesheet).
 *
 * With `loader`, the file the build writes to import the entry chunk and start it (rollup.config's
 * stableLoader): that file is the entry, under the entry's source key, importing the entry chunk,
 * which is listed as a shared chunk (`_` + its file name). A host that prints the entry's `file`
 * and the modulepreloads of its imports, as for any Vite entry, gets both.
 */
export function bundleManifest(chunks, { root, css, loader }) {
  const keys = new Map(chunks.map((chunk) => [chunk.fileName, keyOf(chunk, root)]));
  const entry = loader ? chunks.find((chunk) => chunk.isEntry) : undefined;
  if (entry) keys.set(entry.fileName, `_${basename(entry.fileName)}`);
  const keysOf = (files) => files.map((file) => keys.get(file) ?? `_${basename(file)}`);
  const manifest = {};
  if (entry) {
    const key = keyOf(entry, root);
    manifest[key] = {
      file: loader,
      name: basename(loader, '.js'),
      src: key,
      isEntry: true,
      imports: [keys.get(entry.fileName)],
      ...(css.length > 0 ? { css } : {}),
    };
  }
  for (const chunk of chunks) {
    const key = keys.get(chunk.fileName);
    const isEntry = chunk.isEntry && !entry;
    const isDynamicEntry = !chunk.isEntry && chunk.isDynamicEntry;
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

/**
 * What a page with these tags needs, from dist/manifest.json: the loader, then each tag's chunk
 * with everything it imports, followed recursively; paths relative to dist/, each once. A host
 * `<link rel="modulepreload">`s them (docs/serving.md), the worker precaches an engineer page's
 * (docs/offline.md). A tag the manifest does not know adds nothing.
 */
export function modulePreloads(manifest, tags) {
  const files = new Set();
  const follow = (key) => {
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

/** Rollup plugin: writes `manifest.json` next to the bundle (`loader`: see bundleManifest). */
export function manifest({ root = process.cwd(), css = [], loader } = {}) {
  return {
    name: 'fm-manifest',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.json',
        source: `${JSON.stringify(bundleManifest(chunks, { root, css, loader }), null, 2)}\n`,
      });
    },
  };
}

/** The free identifier in the loader's source that the build replaces with the preload table. */
export const PRELOAD_MARKER = '__FM_PRELOADS__';

/**
 * A part of the loader itself that it imports lazily (the link bridge, in a frame only): no
 * widget's chunk, so it has no row in the table.
 */
function isLoaderPart(chunk) {
  return (
    chunk?.isDynamicEntry === true && /[\\/]src[\\/]loader[\\/]/.test(chunk.facadeModuleId ?? '')
  );
}

/** Indexes are written as base-36 digits, one character each. */
const MAX_PRELOAD_FILES = 36;

/**
 * For each `import()` of the entry, in the order they appear in its code (the order of the
 * loader's registry), every file the imported chunk needs besides the loader (its static imports,
 * followed recursively), relative to the loader: one list of files and, per import, their indexes
 * in it (the shape of Vite's `__vite__mapDeps`, which keeps shared files from being written twice),
 * in ascending order as a string of base-36 digits (`"03"`: files 0 and 3). Aligned with the
 * registry rather than keyed by tag, and in digits rather than lists of numbers, the table costs
 * the loader every page downloads as few bytes as it can. An import of anything but a widget's
 * chunk or a part of the loader is an error: the table would no longer line up with the registry.
 */
function preloadTableOf(entry, chunks, code) {
  const files = [];
  const indexes = new Map();
  const here = posix.dirname(entry.fileName);
  const imports = Array.from(
    code.matchAll(/\bimport\((["'`])([^"'`]+)\1\)/g),
    ([, , specifier]) => ({
      specifier,
      chunk: chunks[posix.join(here, specifier)],
    }),
  ).filter(({ chunk }) => !isLoaderPart(chunk));
  const tags = imports.map(({ specifier, chunk }) => {
    if (!chunk?.isDynamicEntry || !widgetTag(chunk.facadeModuleId)) {
      throw new Error(`${entry.fileName} imports ${specifier}, which is not a widget's chunk`);
    }
    const needed = new Set();
    const follow = (fileName) => {
      for (const dependency of chunks[fileName]?.imports ?? []) {
        if (dependency === entry.fileName || needed.has(dependency)) continue;
        needed.add(dependency);
        follow(dependency);
      }
    };
    follow(chunk.fileName);
    const numbers = [...needed].map((fileName) => {
      if (!indexes.has(fileName)) {
        indexes.set(fileName, files.length);
        files.push(posix.relative(here, fileName));
      }
      return indexes.get(fileName);
    });
    return numbers
      .sort((a, b) => a - b)
      .map((index) => index.toString(36))
      .join('');
  });
  if (files.length > MAX_PRELOAD_FILES) {
    throw new Error(
      `the preload table writes an index as one base-36 digit: ${files.length} shared files are more than ${MAX_PRELOAD_FILES}`,
    );
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
      let table;
      try {
        table = preloadTableOf(chunk, meta.chunks, code);
      } catch (error) {
        this.error(error.message);
      }
      const source = new MagicString(code);
      source.overwrite(at, at + PRELOAD_MARKER.length, JSON.stringify(table));
      return { code: source.toString(), map: source.generateMap({ hires: true }) };
    },
  };
}
