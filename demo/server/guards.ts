import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Deps } from './deps';
import { type AppEnv, HttpError } from './http';
import { BYTES_PER_MB } from './routes/photos';

// Bad input refused before any handler sees it, with a 4xx that says why (never a 500, never
// half a change): a URL that is not percent-encoded properly, one too long, a body too large,
// a method the path does not answer.

/** Longer paths are refused with 414 (Apache's and nginx's defaults are about 8 KB of line). */
export const MAX_PATH_LENGTH = 2048;
/** Every body but a photo: forms and JSON calls are a few KB; a 5 MB note is not one. */
export const MAX_BODY_BYTES = BYTES_PER_MB;
/** A photo's multipart wrapping (boundaries, field names, job and site ids) on top of the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const PHOTO_UPLOAD_PATH = '/api/photos/upload';

/** 400 for malformed percent-encoding (`/dist/%E0%A4%A`), 414 for an over-long path. */
export function urlGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = rawPath(c.req.url);
    if (raw.length > MAX_PATH_LENGTH) {
      throw new HttpError(414, `The path is longer than ${MAX_PATH_LENGTH} characters`);
    }
    try {
      decodeURIComponent(raw);
    } catch {
      throw new HttpError(400, 'The path is not percent-encoded properly');
    }
    await next();
  };
}

/** The path as sent, before any decoding. */
function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  const end = url.search(/[?#]/);
  return start < 0 ? '/' : url.slice(start, end < 0 ? undefined : end);
}

/** 413 for a body over MAX_BODY_BYTES, or for a photo, over the configured upload size. */
export function bodySizeGuard({ settings }: Deps): MiddlewareHandler<AppEnv> {
  const tooLarge = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new HttpError(413, `The request body is larger than ${maxSize} bytes`);
      },
    });
  const anyBody = tooLarge(MAX_BODY_BYTES);
  return (c, next) => {
    if (c.req.path !== PHOTO_UPLOAD_PATH) return anyBody(c, next);
    const photo = settings().uploadMaxFileSize * BYTES_PER_MB + MULTIPART_OVERHEAD_BYTES;
    return tooLarge(Math.max(photo, MAX_BODY_BYTES))(c, next);
  };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Served by the static files middleware, which answers GET and HEAD only. */
const STATIC_PREFIXES = ['/dist/', '/demo-assets/', '/uploads/'];

/**
 * For a request no route answered: the methods some route of `app` answers its path with (a
 * 405's Allow header), or an empty list when the path is not there for any method either (404).
 * Only routes for one method count, not middleware for all.
 */
export function allowedMethods(app: Hono<AppEnv>, c: Context<AppEnv>): string[] {
  const allowed = methodsFor(app, c.req.path);
  return allowed.includes(c.req.method) ? [] : allowed;
}

function methodsFor(app: Hono<AppEnv>, path: string): string[] {
  if (STATIC_PREFIXES.some((prefix) => path.startsWith(prefix))) return ['GET', 'HEAD'];
  const handlers = new Set(
    app.routes.filter((route) => route.method !== 'ALL').map((route) => route.handler),
  );
  // The router keeps each route as [handler, route].
  const allowed = METHODS.filter((method) =>
    app.router.match(method, path)[0].some(([[handler]]) => handlers.has(handler)),
  );
  return allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
}
