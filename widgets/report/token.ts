/**
 * Token refresh: a new access token from `data-token-url` (GET, JSON
 * `{ accessToken, expiry }`), and when to ask for one ahead of `data-token-expiry`. A token is
 * never logged, put in a URL or written into a message.
 */

import { type Api, ApiError } from '../../src/runtime/api';
import { remoteLoad } from '../../src/runtime/remote-load';
import type { ReportWords } from './errors';

/** Ask for a new token this long before the expiry the host gave, so the report never lapses. */
export const refreshAheadMs = 2 * 60 * 1000;

export interface FreshToken {
  accessToken: string;
  /** Epoch milliseconds, when the answer gave an expiry. */
  expiresAt?: number;
}

/** An expiry written as an ISO date-time, epoch milliseconds or epoch seconds. */
export function parseExpiry(value: unknown): number | undefined {
  if (value == null || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (Number.isFinite(number)) return number < 1e11 ? number * 1000 : number;
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

// setTimeout fires at once for a longer delay; a later wake-up simply checks again.
const longestTimerMs = 2 ** 31 - 1;

/** How long to wait before asking for a new token (0 when it is already due). */
export function refreshDelay(expiresAt: number, now = Date.now()): number {
  return Math.min(longestTimerMs, Math.max(0, expiresAt - refreshAheadMs - now));
}

/** Why a token request failed, without the token or the address: the element words it. */
export type TokenRefusal =
  | { kind: 'refused'; status: number }
  | { kind: 'refusedBecause'; error: ApiError }
  | { kind: 'notRequested' }
  | { kind: 'without' };

export class TokenRefreshError extends Error {
  override name = 'TokenRefreshError';
  constructor(readonly refusal: TokenRefusal) {
    super(`token refresh: ${refusal.kind}`);
  }
}

function refusalOf(error: ApiError): TokenRefusal {
  if (error.kind === 'http') return { kind: 'refused', status: error.status ?? 0 };
  if (error.kind === 'session') return { kind: 'refusedBecause', error };
  return { kind: 'notRequested' };
}

/**
 * A refusal in the element's words: 'A new access token was refused (HTTP 403).'; `errorText`
 * words the failure of the call that refused it (useErrorText).
 */
export function refusalText(
  refusal: TokenRefusal,
  words: ReportWords,
  errorText: (error: unknown) => string,
): string {
  switch (refusal.kind) {
    case 'refused':
      return words.tokenRefused(refusal.status);
    case 'refusedBecause':
      return words.tokenRefusedBecause(errorText(refusal.error));
    case 'notRequested':
      return words.tokenNotRequested();
    case 'without':
      return words.tokenWithout();
  }
}

function parsed(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown> | null;
  } catch {
    return null;
  }
}

/**
 * A new token from `url`, through the element's API client, loaded the one way (remoteLoad).
 */
export async function fetchToken(api: Api, url: string, signal: AbortSignal): Promise<FreshToken> {
  const done = await remoteLoad()(() => api.getText(url, { signal }), signal);
  // Nothing to tell only once the signal is aborted: its reason, which the caller passes over.
  if (!done) throw signal.reason;
  if (!done.ok) {
    if (!(done.error instanceof ApiError)) throw done.error;
    throw new TokenRefreshError(refusalOf(done.error));
  }
  const body = parsed(done.value);
  if (!body || typeof body.accessToken !== 'string' || body.accessToken === '') {
    throw new TokenRefreshError({ kind: 'without' });
  }
  return { accessToken: body.accessToken, expiresAt: parseExpiry(body.expiry) };
}
