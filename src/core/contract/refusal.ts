/**
 * What a host hands back to a form whose native post it refused, when it brings the user back to
 * the page (post/redirect/get, docs/requirements.md §8: the user reads the host's message, never a
 * bare answer): the form's `data-refusal` attribute. A PHP controller may write its message as
 * text, or pass on the `{ status: 'error', message }` body of its calls (one message or a list),
 * or a list of messages; the form shows each as text in its Alert.
 */
import * as v from 'valibot';
import { text, tryDecode } from './decode';
import { jsonOf } from './shapes';
import { errorMessages, errorResponse } from './shared';

/** The host's refusal as JSON: its error body, a list of messages, or one quoted message. */
const refusalJson = jsonOf(
  v.union([
    v.pipe(errorResponse, v.transform(errorMessages)),
    v.array(text),
    v.pipe(
      text,
      v.transform((message) => [message]),
    ),
  ]),
);

/**
 * The refusal's messages, each with something in it; null when there is no refusal (the
 * attribute is absent), none when it gave no reason. Text that is JSON of another shape is not
 * shown as it is (the user would read a bare answer): it gives no reason either.
 */
export function refusalMessages(raw: string | null | undefined): readonly string[] | null {
  if (raw === null || raw === undefined) return null;
  const given = raw.trim();
  let messages: readonly string[] = [given];
  if (isJson(given)) {
    const decoded = tryDecode(refusalJson, given);
    messages = decoded.ok ? decoded.value : [];
  }
  return messages.map((message) => message.trim()).filter((message) => message !== '');
}

function isJson(given: string): boolean {
  try {
    JSON.parse(given);
    return true;
  } catch {
    return false;
  }
}
