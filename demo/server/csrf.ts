import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { type AppEnv, errorBody, readBody } from './http';

// CSRF protection as CakePHP's CsrfProtectionMiddleware does it: a random `csrfToken` cookie set on
// any response that lacks one (pages copy it into <meta name="csrf-token">), and every state-changing
// request must echo it in the X-CSRF-Token header or a `_csrfToken` form field.

export const CSRF_COOKIE = 'csrfToken';
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_FIELD = '_csrfToken';
export const CSRF_MESSAGE = 'Missing or incorrect CSRF token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function csrfProtection(isExempt: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cookie = getCookie(c, CSRF_COOKIE);
    const token = cookie ?? randomBytes(32).toString('hex');
    c.set('csrfToken', token);

    if (!SAFE_METHODS.has(c.req.method) && !isExempt(c.req.path)) {
      const sent = c.req.header(CSRF_HEADER) ?? (await fieldToken(c));
      if (cookie === undefined || sent === undefined || !same(cookie, sent)) {
        return c.json(errorBody(CSRF_MESSAGE), 403);
      }
    }

    await next();
    if (cookie === undefined) {
      c.res.headers.append('Set-Cookie', `${CSRF_COOKIE}=${token}; Path=/; SameSite=Lax`);
    }
  };
}

/** The `_csrfToken` field of a form or multipart body (JSON bodies carry the header instead). */
async function fieldToken(
  c: Parameters<MiddlewareHandler<AppEnv>>[0],
): Promise<string | undefined> {
  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return undefined;
  const field = (await readBody(c))[CSRF_FIELD];
  return typeof field === 'string' ? field : undefined;
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
