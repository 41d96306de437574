import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from './http';

/**
 * CakePHP's Flash component for the reference host: a message set before a redirect and shown
 * once on the next page (danger as <fm-flash>, success as a status line).
 */
export type Flash = {
  kind: 'danger' | 'success';
  message: string;
  /** The path of the page that shows it, when not the next page (a redirect made by a script). */
  page?: string;
};

const FLASH_COOKIE = 'flash';

export function setFlash(c: Context<AppEnv>, flash: Flash): void {
  setCookie(c, FLASH_COOKIE, encodeURIComponent(JSON.stringify(flash)), {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
  });
}

/** The message waiting for this page, removed so that it shows once. */
export function takeFlash(c: Context<AppEnv>): Flash | null {
  const raw = getCookie(c, FLASH_COOKIE);
  if (raw === undefined) return null;
  let flash: Partial<Flash> = {};
  try {
    flash = JSON.parse(decodeURIComponent(raw)) as Partial<Flash>;
  } catch {
    // Not one of ours: dropped below.
  }
  // Kept for the page it is meant for (another page, a region re-read say, leaves it).
  if (typeof flash.page === 'string' && flash.page !== c.req.path) return null;
  deleteCookie(c, FLASH_COOKIE, { path: '/' });
  return (flash.kind === 'danger' || flash.kind === 'success') && typeof flash.message === 'string'
    ? { kind: flash.kind, message: flash.message }
    : null;
}
