/*
 * The one way an error becomes words for the user. An ApiError's message is already
 * fit to show (the host's messages, or ours for a timeout, a lost connection…); any other Error
 * gives its message; anything else thrown is written as it is. Free of imports: the loader and
 * the configuration readers use it too, without pulling in the HTTP client.
 */

/** The error as one text (an ApiError's list joined, as its `message` already is). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The error as the lines it is shown in: the host's list (an ApiError's) stays a list. */
export function errorLines(error: unknown): string[] {
  const list = error instanceof Error && 'messages' in error ? error.messages : null;
  return Array.isArray(list) ? list.map(String) : [errorText(error)];
}
