import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { type AppEnv, HttpError, readBody } from './http';

// CSRF protection as CakePHP's CsrfProtectionMiddleware does it: a `csrfToken` cookie set on any
// response that lacks a good one (pages copy it into <meta name="csrf-token">), and every
// state-changing request must echo it in the X-CSRF-Token header or a `_csrfToken` form field.
// As in CakePHP, the token is signed: a random value and its HMAC with the server's secret, so a
// cookie and token pair an attacker makes up (planted by a sibling subdomain) is refused.

export const CSRF_COOKIE = 'csrfToken';
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_FIELD = '_csrfToken';
export const CSRF_MESSAGE = 'Missing or incorrect CSRF token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** CakePHP's TOKEN_VALUE_LENGTH. */
const VALUE_BYTES = 16;

function signature(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** A new token: `value.signature`, both base64url (cookie-safe). */
export function createCsrfToken(
  secret: string,
  value = randomBytes(VALUE_BYTES).toString('base64url'),
): string {
  return `${value}.${signature(value, secret)}`;
}

/** True when this server signed `token`. */
export function isSignedToken(token: string, secret: string): boolean {
  const dot = token.indexOf('.');
  return dot > 0 && same(token.slice(dot + 1), signature(token.slice(0, dot), secret));
}

export function csrfProtection(
  secret: string,
  isExempt: (path: string) => boolean,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cookie = getCookie(c, CSRF_COOKIE);
    // A cookie this server did not sign (made up, or from before a restart) counts as none.
    const signed = cookie !== undefined && isSignedToken(cookie, secret) ? cookie : undefined;
    const token = signed ?? createCsrfToken(secret);
    c.set('csrfToken', token);

    if (!SAFE_METHODS.has(c.req.method) && !isExempt(c.req.path)) {
      const sent = c.req.header(CSRF_HEADER) ?? (await fieldToken(c));
      if (signed === undefined || sent === undefined || !same(signed, sent)) {
        // A fresh token goes with the refusal, whichever answer it takes (app.ts: JSON, or a
        // form brought back to its page).
        if (signed === undefined) c.header('Set-Cookie', tokenCookie(token), { append: true });
        throw new HttpError(403, CSRF_MESSAGE);
      }
    }

    await next();
    if (signed === undefined) c.res.headers.append('Set-Cookie', tokenCookie(token));
  };
}

const tokenCookie = (token: string) => `${CSRF_COOKIE}=${token}; Path=/; SameSite=Lax`;

/** The `_csrfToken` field of a form or multipart body (JSON bodies carry the header instead). */
async function fieldToken(c: Context<AppEnv>): Promise<string | undefined> {
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
