// dist/manifest.json in Vite's manifest shape (https://vite.dev/guide/backend-integration), so a
// host (PHP, the reference host) can print <link rel="modulepreload"> for the tags it renders.
import { basename, relative, sep } from 'node:path';

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
