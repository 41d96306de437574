import { ApiError } from '../runtime/api';

// Which request fields a host's refusal names (src/ui/useAction.tsx marks them on the form): here,
// with the widgets that show refusals against fields, rather than in the client every page loads.

/**
 * A request field's path at the start of a host's message: `Job.priority_id: there is no
 * priority 9`, `Cost.authorised_via is required for a quote`, `budget_code_id: …` (a path then a
 * colon, or a dotted or bracketed path then a space), as the reference host words a refusal.
 */
const FIELD_AT_START = /^([A-Za-z_]\w*((?:\.\w+|\[[^\]\s]*\])*))(:|\s)/;

/** The field a message begins by naming, as a dotted path (`Cost[labour]` → `Cost.labour`); or null. */
export function namedField(message: string): string | null {
  const match = FIELD_AT_START.exec(message);
  if (!match || (match[3] !== ':' && !match[2])) return null;
  return (match[1] as string).replace(/\[([^\]]*)\]/g, '.$1');
}

/**
 * The request fields the host's refusal of a call names, in its order: none for any other
 * failure (our own messages, or an answer that does not match the contract, name no field of the
 * request). Found in the error or what caused it (a widget may word the host's refusal its own
 * way, 'Error: …', keeping it as the cause).
 */
export function refusedFields(error: unknown): string[] {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ApiError) {
      if (cause.kind !== 'http') return [];
      return cause.messages.flatMap((message) => namedField(message) ?? []);
    }
  }
  return [];
}
