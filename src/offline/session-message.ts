import * as v from 'valibot';
import { isSessionKey } from './cache-names';

// What a page of the host tells the worker (docs/offline.md), decoded by the worker: whose session
// the page is of ('' when no one is signed in), the page's URL and its data calls, and whether the
// worker answered them: when it did not, or kept them for another session, it keeps them now.

export const SESSION_MESSAGE = 'fm-offline-session';

export const SessionMessage = v.object({
  type: v.literal(SESSION_MESSAGE),
  /** The host's session key, or '' for none: every page kept on the device is forgotten. */
  session: v.union([v.literal(''), v.pipe(v.string(), v.check(isSessionKey))]),
  /** The page's URL and its data calls. */
  urls: v.array(v.string()),
  /** Whether the worker answered this page's requests (it then kept them already). */
  controlled: v.boolean(),
});

export type SessionMessage = v.InferOutput<typeof SessionMessage>;

/** The message, or null for anything else the worker is sent. */
export function readSessionMessage(data: unknown): SessionMessage | null {
  const result = v.safeParse(SessionMessage, data);
  return result.success ? result.output : null;
}
