import * as v from 'valibot';
import { TABLE_PAGE_SIZE } from './constants';
import { expected, int, nonNegative, text } from './decode';
import { withQuery } from './query';
import { bracketForm } from './shapes';

// 22. Server-side table rows
/** The reference host's rows source for the jobs table. */
export function jobsTablePath(): string {
  return '/api/jobs/table';
}
const fieldName = v.pipe(v.string(), v.regex(/^[A-Za-z_][\w.]*$/, expected('a field name')));
export const tableSort = v.object({ field: fieldName, dir: v.picklist(['asc', 'desc']) });
export type TableSort = v.InferOutput<typeof tableSort>;
/** `sort=field:asc,field2:desc` as a list of tableSort. */
const sortList = v.pipe(
  text,
  v.transform((list: string) =>
    list
      .split(',')
      .filter((item) => item !== '')
      .map((item) => {
        const [field, dir] = item.split(':');
        return { field, dir };
      }),
  ),
  v.array(tableSort),
);
/** `?page=1&size=100&sort=field:asc&filter[field]=value`, parsed. */
export const tableRowsQuery = bracketForm(
  v.object({
    page: v.optional(
      v.pipe(
        int,
        v.check((n: number) => n >= 1, expected('1 or more')),
      ),
      1,
    ),
    size: v.optional(
      v.pipe(
        int,
        v.check((n: number) => n >= 1, expected('1 or more')),
      ),
      TABLE_PAGE_SIZE,
    ),
    sort: v.optional(sortList, ''),
    filter: v.optional(v.record(v.string(), text), {}),
  }),
);
export type TableRowsQuery = v.InferOutput<typeof tableRowsQuery>;
export function tableRowsPath(
  sourceUrl: string,
  query: {
    page: number;
    size: number;
    sort?: readonly TableSort[];
    filter?: Readonly<Record<string, string>>;
  },
): string {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  const sort = (query.sort ?? []).map((item) => `${item.field}:${item.dir}`).join(',');
  if (sort !== '') params.set('sort', sort);
  for (const [field, value] of Object.entries(query.filter ?? {})) {
    params.set(`filter[${field}]`, value);
  }
  return withQuery(sourceUrl, params);
}
export const tableRowsResponse = v.object({
  data: v.array(v.record(v.string(), v.unknown())),
  last_page: v.pipe(int, nonNegative),
  total: v.pipe(int, nonNegative),
});
export type TableRowsResponse = v.InferOutput<typeof tableRowsResponse>;
