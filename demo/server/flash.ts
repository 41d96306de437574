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

/** Keeps `value` for the next page, as JSON in a cookie of its own the page's script cannot read. */
function keepForNextPage(c: Context<AppEnv>, name: string, value: unknown): void {
  setCookie(c, name, encodeURIComponent(JSON.stringify(value)), {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
  });
}

/** What keepForNextPage kept under `name` (undefined when none); null when it is not JSON. */
function keptForThisPage(c: Context<AppEnv>, name: string): unknown {
  const raw = getCookie(c, name);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(decodeURIComponent(raw)) as unknown;
  } catch {
    return null; // Not one of ours.
  }
}

export function setFlash(c: Context<AppEnv>, flash: Flash): void {
  keepForNextPage(c, FLASH_COOKIE, flash);
}

/** The message waiting for this page, removed so that it shows once. */
export function takeFlash(c: Context<AppEnv>): Flash | null {
  const kept = keptForThisPage(c, FLASH_COOKIE);
  if (kept === undefined) return null;
  // Not one of ours: dropped below.
  const flash = (typeof kept === 'object' && kept !== null ? kept : {}) as Partial<Flash>;
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
  keepForNextPage(c, REFUSAL_COOKIE, refusal);
}

const texts = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The refusal kept for `form`, removed so that it shows once; null when there is none. */
export function takeRefusal(c: Context<AppEnv>, form: string): Refusal | null {
  const found = keptForThisPage(c, REFUSAL_COOKIE);
  if (found === undefined) return null;
  deleteCookie(c, REFUSAL_COOKIE, { path: '/' });
  if (typeof found !== 'object' || found === null) return null; // Not one of ours.
  const kept = found as Partial<Refusal>;
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
