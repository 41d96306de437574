import type { Plugin } from 'rollup';

/** One entry of dist/manifest.json (Vite's ManifestChunk). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function widgetTag(moduleId: string | null | undefined): string | undefined;
export function bundleManifest(
  chunks: import('rollup').OutputChunk[],
  options: { root: string; css: string[]; loader?: string },
): Manifest;
export function modulePreloads(manifest: Manifest, tags: Iterable<string>): string[];
export function manifest(options?: { root?: string; css?: string[]; loader?: string }): Plugin;
export const PRELOAD_MARKER: string;
export function preloadTable(): Plugin;
