import * as v from 'valibot';
import { text } from './decode';
import { autocompleteItem } from './entities';
import { withQuery } from './query';
import { bracketForm } from './shapes';

// 17. Autocomplete from a source URL given to the element
/** `filters` become `filters[field]=v1,v2`; empty lists are left out. */
export function autocompletePath(
  sourceUrl: string,
  term: string,
  filters: Readonly<Record<string, readonly (string | number)[]>> = {},
): string {
  const params = new URLSearchParams({ term });
  for (const [field, values] of Object.entries(filters)) {
    if (values.length > 0) params.set(`filters[${field}]`, values.join(','));
  }
  return withQuery(sourceUrl, params);
}
const commaList = v.pipe(
  text,
  v.transform((list: string) => list.split(',').filter((item) => item !== '')),
);
export const autocompleteQuery = bracketForm(
  v.object({
    term: v.optional(text, ''),
    filters: v.optional(v.record(v.string(), commaList), {}),
  }),
);
export type AutocompleteQuery = v.InferOutput<typeof autocompleteQuery>;
export const autocompleteResponse = v.array(autocompleteItem);
export type AutocompleteResponse = v.InferOutput<typeof autocompleteResponse>;

/** The reference host's own autocomplete sources. */
export function sitesAutocompletePath(): string {
  return '/api/sites/autocomplete';
}
export function assetsAutocompletePath(): string {
  return '/api/assets/autocomplete';
}
