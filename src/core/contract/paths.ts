// Path segments, apart from the schemas so a chunk that builds a path needs no valibot.
/** A value as one path segment. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}
