import type { Plugin } from 'rollup';
import type { Manifest } from './bundle-manifest.mjs';

/** One entry of Workbox's precache list. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

export const PRECACHE_MARKER: string;
export function precacheList(
  manifest: Manifest,
  tags: readonly string[],
  sources: Record<string, string | Uint8Array>,
): PrecacheEntry[];
export function offlineBundles(options: {
  page: string;
  pageFile: string;
  worker: string;
  workerFile: string;
  tags: readonly string[];
  plugins: () => Plugin[];
  manifestOf: { root: string; css: string[]; loader?: string };
}): Plugin;
