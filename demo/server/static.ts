import { readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';

// Static files for the demo: the built bundle (dist/), the demo's own stylesheet and uploaded
// photos. Text files are gzipped when the client accepts it; results are cached by mtime.

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.map', '.json', '.html', '.txt', '.svg']);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

type Entry = { version: string; raw: Buffer; gzip?: Buffer };
const cache = new Map<string, Entry>();

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Serves `relative` from inside `root`, or returns undefined when there is no such file. */
export function serveFile(
  c: Context,
  root: string,
  relative: string,
  cacheControl: string,
): Response | undefined {
  const base = resolve(root);
  const file = resolve(base, relative);
  if (!file.startsWith(base + sep)) return undefined;
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(file);
  } catch {
    return undefined;
  }
  if (!stats.isFile()) return undefined;

  const version = `${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}`;
  let entry = cache.get(file);
  if (entry?.version !== version) {
    entry = { version, raw: readFileSync(file) };
    cache.set(file, entry);
  }
  const headers: Record<string, string> = {
    'Content-Type': contentTypeOf(file),
    'Cache-Control': cacheControl,
    ETag: `W/"${version}"`,
    Vary: 'Accept-Encoding',
  };
  if (c.req.header('if-none-match') === headers.ETag) {
    return new Response(null, { status: 304, headers });
  }
  let body = entry.raw;
  if (
    COMPRESSIBLE.has(extname(file).toLowerCase()) &&
    acceptsGzip(c.req.header('accept-encoding'))
  ) {
    entry.gzip ??= gzipSync(entry.raw);
    body = entry.gzip;
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(body.length);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers,
  });
}

/** True when Accept-Encoding lists gzip (or *) without q=0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** dist/chunks/* are content-hashed and never change; the loader and its CSS must revalidate. */
export function distCacheControl(relative: string): string {
  return relative.startsWith('chunks/') ? IMMUTABLE : NO_CACHE;
}
