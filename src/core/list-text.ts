/**
 * Items as one phrase a user reads: 'a', 'a and b', 'a, b and c'. The last is joined by `joinLast`,
 * a catalog's text of `{others} and {last}` (docs/words.md), so that a host words the "and".
 */
export function listText(
  items: readonly string[],
  joinLast: (parts: { others: string; last: string }) => string,
): string {
  if (items.length < 2) return items[0] ?? '';
  return joinLast({ others: items.slice(0, -1).join(', '), last: items.at(-1) ?? '' });
}
