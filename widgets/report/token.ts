/**
 * Token refresh: a new access token from `data-token-url` (GET, JSON
 * `{ accessToken, expiry }`), and when to ask for one ahead of `data-token-expiry`. A token is
 * never logged, put in a URL or written into a message.
 */

import { type Api, ApiError } from '../../src/runtime/api';
import { remoteLoad } from '../../src/runtime/remote-load';

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

export class TokenRefreshError extends Error {
  override name = 'TokenRefreshError';
}

/** Why a token request failed, without the token or the address. */
function refusal(error: ApiError): string {
  if (error.kind === 'http') return `A new access token was refused (HTTP ${error.status}).`;
  if (error.kind === 'session') return `A new access token was refused: ${error.message}`;
  return 'A new access token could not be requested (network error).';
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
    throw new TokenRefreshError(refusal(done.error));
  }
  const body = parsed(done.value);
  if (!body || typeof body.accessToken !== 'string' || body.accessToken === '') {
    throw new TokenRefreshError('The token address answered without an accessToken.');
  }
  return { accessToken: body.accessToken, expiresAt: parseExpiry(body.expiry) };
}
