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

/**
 * A native form post the host refused, kept for the page it sends the user back to (post/redirect/
 * get): the host's messages and the fields as posted, which the page hands to the form again
 * (`data-refusal` and the form's own attributes). CakePHP keeps the same in its session.
 */
export type Refusal = {
  /** The form's tag, so that only that form takes it. */
  form: string;
  messages: string[];
  fields: Record<string, string>;
};

const REFUSAL_COOKIE = 'refused';

export function keepRefusal(c: Context<AppEnv>, refusal: Refusal): void {
  setCookie(c, REFUSAL_COOKIE, encodeURIComponent(JSON.stringify(refusal)), {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
  });
}

const texts = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The refusal kept for `form`, removed so that it shows once; null when there is none. */
export function takeRefusal(c: Context<AppEnv>, form: string): Refusal | null {
  const raw = getCookie(c, REFUSAL_COOKIE);
  if (raw === undefined) return null;
  deleteCookie(c, REFUSAL_COOKIE, { path: '/' });
  let kept: Partial<Refusal> = {};
  try {
    kept = JSON.parse(decodeURIComponent(raw)) as Partial<Refusal>;
  } catch {
    return null; // Not one of ours.
  }
  const fields = kept.fields;
  if (kept.form !== form || !texts(kept.messages) || typeof fields !== 'object' || !fields) {
    return null;
  }
  const keptFields = Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return { form, messages: kept.messages, fields: keptFields };
}
