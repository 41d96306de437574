import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The reference host's own files (its stylesheet and page scripts), served under /demo-assets/. */
export const HOST_ASSETS_DIR = new URL('./assets/', import.meta.url).pathname;

const versions = new Map<string, { mtimeMs: number; version: string }>();

/**
 * A digest of the file `name` (a plain file name) as it is now, read again when it changes; ''
 * when there is no such file.
 */
export function assetVersion(name: string): string {
  if (!/^[\w-][\w.-]*$/.test(name)) return '';
  const file = join(HOST_ASSETS_DIR, name);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return '';
  }
  const known = versions.get(name);
  if (known?.mtimeMs === mtimeMs) return known.version;
  const version = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 10);
  versions.set(name, { mtimeMs, version });
  return version;
}

/**
 * The URL of one of the host's own files, versioned by its content (`/demo-assets/host.css?v=…`),
 * as CakePHP's `Asset.timestamp` versions a layout's assets: served with that version, the file
 * never changes and is cached for good, so a warm page does not spend a round trip (and one of
 * the browser's six connections) asking whether it did.
 */
export function hostAsset(name: string): string {
  return `/demo-assets/${name}?v=${assetVersion(name)}`;
}
