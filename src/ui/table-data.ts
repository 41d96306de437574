/**
 * Rows for the shared table: the rows call (docs/requirements.md §7 "GET table rows", contract
 * call 22) as Tabulator asks for it, every matching row for a CSV, and the CSV itself.
 */

import { type TableSort, tableRowsPath, tableRowsResponse } from '../core/contract';
import type { Api, RequestOptions } from '../runtime/api';
import { formatValue, type Row, type TableColumn } from './columns';

/** The current page, sort and header filters of a table. */
export interface RowsQuery {
  page: number;
  size: number;
  sort: TableSort[];
  filter: Record<string, string>;
}

/** What Tabulator hands `ajaxRequestFunc` with remote paging, sorting and filtering. */
export interface TabulatorParams {
  page?: number;
  size?: number;
  sort?: { field: string; dir: 'asc' | 'desc' }[];
  filter?: { field: string; value: unknown }[];
}

/** Tabulator's request parameters as our rows query; empty searches are left out. */
export function rowsQuery(params: TabulatorParams, pageSize: number): RowsQuery {
  const filter: Record<string, string> = {};
  for (const item of params.filter ?? []) {
    const value = String(item.value ?? '').trim();
    if (value !== '') filter[item.field] = value;
  }
  return {
    page: params.page ?? 1,
    size: params.size ?? pageSize,
    sort: (params.sort ?? []).map(({ field, dir }) => ({ field, dir })),
    filter,
  };
}

/** Rows asked for per request while collecting every row for a CSV. */
export const ALL_ROWS_PAGE_SIZE = 1000;

/** Every row matching `query`'s sort and filters, page after page (a CSV holds them all). */
export async function fetchAllRows(
  api: Api,
  url: string,
  query: Pick<RowsQuery, 'sort' | 'filter'>,
  options: RequestOptions = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.getJson(
      tableRowsPath(url, { ...query, page, size: ALL_ROWS_PAGE_SIZE }),
      tableRowsResponse,
      options,
    );
    rows.push(...answer.data);
    if (page >= answer.last_page || answer.data.length === 0) return rows;
  }
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Text a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+`, `-`, `@`, or after a tab or a
 * carriage return) gets a leading apostrophe, as OWASP advises for CSV files: a site name or a
 * note typed by anyone must not become a formula on the desk of whoever opens the export.
 */
function asText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A value for a spreadsheet: numbers without thousands separators, money to 2 decimals, and
 * anything else as text that cannot run as a formula.
 */
function csvValue(column: TableColumn, value: unknown): string {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (column.kind === 'money' && typeof number === 'number' && Number.isFinite(number)) {
    return number.toFixed(2);
  }
  if (column.kind === 'number' && typeof number === 'number' && Number.isFinite(number)) {
    return String(number);
  }
  return asText(formatValue(column.kind, value));
}

/** RFC 4180 CSV: a header of titles, then each row's values as the table shows them. */
export function toCsv(columns: readonly TableColumn[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvField(asText(column.title))).join(',')];
  for (const row of rows) {
    lines.push(columns.map((column) => csvField(csvValue(column, row[column.field]))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Hands `csv` to the browser as a download named `fileName`. */
export function saveCsv(fileName: string, csv: string): void {
  // A byte-order mark so spreadsheet programs read the text as UTF-8 (£, accents).
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
