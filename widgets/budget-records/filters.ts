import {
  type BudgetRecordsFilter,
  budgetRecords,
  parseListParam,
  parseParams,
} from '../../src/core/routes';
import type messages from './messages';

export type BudgetRecordsWords = (typeof messages)['budgetRecords'];

/** Session storage key of the selected fascias. */
export const FASCIAS_KEY = 'fascias'; // docs/requirements.md §9

/** The selected fascias kept for the session, or [] when none (or unreadable). */
export function storedFascias(storage: Storage): string[] {
  try {
    const value = JSON.parse(storage.getItem(FASCIAS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function storeFascias(storage: Storage, fascias: readonly string[]): void {
  if (fascias.length === 0) storage.removeItem(FASCIAS_KEY);
  else storage.setItem(FASCIAS_KEY, JSON.stringify(fascias));
}

/**
 * The filters of the page, read back from its path (docs/requirements.md §2:
 * /surveyor:{id}/fascias:{a,b}/ category_id:{id}/scope:{value}); fascias not in the path come from
 * the session.
 */
export function readFilter(pathname: string, storage: Storage): BudgetRecordsFilter {
  const params = parseParams(pathname);
  const fascias = parseListParam(pathname, 'fascias');
  return {
    surveyor: params.surveyor ?? null,
    fascias: fascias.length > 0 ? fascias : storedFascias(storage),
    categoryId: params.category_id ?? null,
    scope: params.scope ?? null,
  };
}

/**
 * Where Apply goes: the report's path with the chosen filters (route builder of
 * docs/requirements.md §2).
 */
export function filterPath(filter: BudgetRecordsFilter): string {
  return budgetRecords(filter);
}

/** The rows call's filters (call 22: `filter[field]=value`) for the chosen filters. */
export function rowsFilter(filter: BudgetRecordsFilter): Record<string, string> {
  const rows: Record<string, string> = {};
  if (filter.surveyor) rows.surveyor_id = String(filter.surveyor);
  if (filter.fascias && filter.fascias.length > 0) rows.fascia = filter.fascias.join(',');
  if (filter.categoryId) rows.category_id = String(filter.categoryId);
  if (filter.scope) rows.scope = filter.scope;
  return rows;
}

/**
 * What the table says with no rows: while a filter is set, that no rows match the filters and how
 * to widen them (`noMatchingRecords`); else the table's own.
 */
export function emptyRecordsText(
  filter: BudgetRecordsFilter,
  words: BudgetRecordsWords,
): string | undefined {
  return Object.keys(rowsFilter(filter)).length > 0 ? words.noMatchingRecords() : undefined;
}

/** `url` with the filters in its query, ahead of the table's own paging parameters. */
export function filteredUrl(url: string, filter: BudgetRecordsFilter): string {
  const query = new URLSearchParams();
  for (const [field, value] of Object.entries(rowsFilter(filter))) {
    query.set(`filter[${field}]`, value);
  }
  const search = query.toString();
  return search === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

const unsafe = /[^A-Za-z0-9._-]+/g;

/**
 * The CSV's name, from the report's type, period and year start (docs/requirements.md §2):
 * `budget-records_{type}_{period}_{yearStart}.csv`, each part with anything but letters, digits,
 * '.', '_' and '-' turned into '-'.
 */
export function csvFileName(type: string, period: string, yearStart: string | number): string {
  const part = (text: string | number) => String(text).trim().replace(unsafe, '-') || 'all';
  return `budget-records_${part(type)}_${part(period)}_${part(yearStart)}.csv`;
}
