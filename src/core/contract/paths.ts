// Path and form helpers, apart from the schemas so a chunk that builds a path needs no valibot.
/** A value as one path segment. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** `url` with `query` appended, after any query the url already has. */
export function withQuery(url: string, query: URLSearchParams): string {
  const search = query.toString();
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

export type FormValue = string | number | boolean | null | undefined;

/** Form fields as PHP reads them: booleans 1/0, null as '', undefined left out. */
export function formBody(fields: Record<string, FormValue>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    body.append(
      name,
      value === null ? '' : typeof value === 'boolean' ? (value ? '1' : '0') : String(value),
    );
  }
  return body;
}
