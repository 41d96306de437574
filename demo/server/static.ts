import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import type { Manifest } from '../../scripts/bundle-manifest.mjs';
import { PRELOAD_MARK } from '../../src/core/contract';
import { assetVersion } from '../pages/host-assets';

// Static files served as a CDN would (README "Caching"): the built bundle (dist/), the demo's own
// stylesheet and uploaded photos; and the one kind of API answer a browser may keep, a marked
// preload's. Text is compressed by hono/compress, installed for the whole app.

/** For a file whose name changes with its content: the hashed chunks of dist/chunks/. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** For a file whose URL stays when it changes (the loader, the stylesheet): ask every time, 304. */
export const REVALIDATE = 'no-cache';

/** dist/chunks/* are content-hashed and never change; the loader and the stylesheet revalidate. */
export function distCacheControl(url: URL): string {
  return /[\\/]chunks[\\/][^\\/]+$/.test(url.pathname) ? IMMUTABLE : REVALIDATE;
}

/**
 * The `SourceMap` header of a script served with its map beside it (`x.js` and `x.js.map`). The
 * bundle's files carry no `//# sourceMappingURL=` comment (Rollup's `sourcemap: 'hidden'`), which
 * every page would download with each file; DevTools finds a map through this header instead.
 */
export function sourceMapHeader(root: string, prefix: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.ok || !c.req.path.endsWith('.js')) return;
    const file = c.req.path.slice(prefix.length);
    if (existsSync(join(root, `${file}.map`))) {
      c.res.headers.set('SourceMap', `${file.slice(file.lastIndexOf('/') + 1)}.map`);
    }
  };
}

/**
 * The host's own files (demo/pages/host-assets.ts): asked for with the version of their current
 * content (`?v=…`, as the pages link them), they never change; any other way, they revalidate.
 */
export function hostAssetCacheControl(url: URL): string {
  const name = /^\/demo-assets\/([\w.-]+)$/.exec(url.pathname)?.[1];
  const version = url.searchParams.get('v');
  return name && version && version === assetVersion(name) ? IMMUTABLE : REVALIDATE;
}

/**
 * The files of `root` under the URL `prefix` (ending in `/`), with an ETag (304 on a matching
 * If-None-Match) and the Cache-Control that `cacheControl` gives a file's URL.
 */
export function staticFiles(
  prefix: string,
  root: string,
  cacheControl: (url: URL) => string,
): MiddlewareHandler[] {
  const caching: MiddlewareHandler = async (c, next) => {
    await next();
    // Before etag() sees the answer: its 304 keeps the Cache-Control of the 200 it replaces.
    if (c.res.ok) c.res.headers.set('Cache-Control', cacheControl(new URL(c.req.url)));
  };
  return [
    etag(),
    caching,
    serveStatic({ root, rewriteRequestPath: (path) => path.slice(prefix.length - 1) }),
  ];
}

/** The bundle's dist/manifest.json (Vite's shape); empty when the bundle is not built. */
export function readManifest(distDir: string): Manifest {
  const file = join(distDir, 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** How long a browser keeps a marked preload's answer: long enough for the page's scripts. */
export const PRELOADED_ANSWER = 'private, max-age=60';

/**
 * A successful GET marked `?fm_preload=…` (a data preload the page printed with a mark of its own,
 * `dataPreloads()`) may be kept a minute by the browser that asked: WebKit, which hands an
 * `as="fetch"` preload to no script request, then answers the element's request for the same
 * marked URL from its HTTP cache. Every other answer is left as it is: never kept.
 */
export function preloadCache(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const marked = c.req.method === 'GET' && c.req.query(PRELOAD_MARK) !== undefined;
    if (marked && c.res.status === 200) c.res.headers.set('Cache-Control', PRELOADED_ANSWER);
  };
}

/**
 * `Service-Worker-Allowed` on the worker's script (dist/fm-sw.js): a worker served from /dist/
 * may then keep the pages under `scope`, the engineer's (docs/offline.md).
 */
export function serviceWorkerScope(scope: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set('Service-Worker-Allowed', scope);
  };
}
