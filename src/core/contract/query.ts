// Query strings and form bodies, apart from paths.ts: a chunk that builds only a path (a dashboard
// tile's) downloads none of this.
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
