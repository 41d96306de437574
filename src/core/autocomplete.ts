/**
 * The search term of an autocomplete input (docs/requirements.md §5: "Autocomplete starts at 2
 * characters (last comma-separated term)"), and the text after a choice. Pure, so the input's rules
 * are tested without a DOM.
 */

/** docs/requirements.md §5, §9: no search below this many characters. */
export const AUTOCOMPLETE_MIN_LENGTH = 2;

/** The term to search for: the whole text, or with `multiple` the part after the last comma. */
export function currentTerm(text: string, multiple = false): string {
  const term = multiple ? (text.split(',').pop() ?? '') : text;
  return term.trim();
}

/** Whether `text` is worth a search at `minLength` characters. */
export function shouldSearch(
  text: string,
  multiple = false,
  minLength = AUTOCOMPLETE_MIN_LENGTH,
): boolean {
  return currentTerm(text, multiple).length >= minLength;
}

/**
 * The input's text once `choice` is chosen: the choice itself, or with `multiple` the earlier
 * terms kept, the last replaced, and ', ' added so the next term can be typed at once.
 */
export function completeTerm(text: string, choice: string, multiple = false): string {
  if (!multiple) return choice;
  const kept = text
    .split(',')
    .slice(0, -1)
    .map((term) => term.trim())
    .filter((term) => term !== '');
  return [...kept, choice, ''].join(', ');
}
