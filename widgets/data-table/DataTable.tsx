import { TABLE_PAGE_SIZE } from '../../src/core/contract';
import { useWords } from '../../src/runtime/words';
import { parseColumns, type Row } from '../../src/ui/columns';
import { Table } from '../../src/ui/Table';
import messages from './messages';

export interface DataTableProps {
  /** Rows source (call 22): `?page=&size=&sort=&filter[field]=` → `{ data, last_page, total }`. */
  url?: string;
  /** The columns as JSON: `[{ field, title, kind?, sortable?, filter?, frozen?, link? }]`. */
  columns: unknown;
  /** Rows held in the page instead of a `url` (JSON list of objects). */
  rows?: unknown;
  /** The table's accessible name. */
  label?: string;
  /** Name of the CSV file; without it there is no CSV button. */
  csvFileName?: string;
}

/** Delay between the last keystroke in a header search and the request. */
export const DATA_TABLE_SEARCH_DELAY = 400; // docs/requirements.md §9

/**
 * A server-paged table: 100 rows a page, remote sorting, header searches
 * (docs/requirements.md §2, §9).
 */
export function DataTable({ url, columns, rows, label, csvFileName }: DataTableProps) {
  const words = useWords(messages).dataTable;
  const parsed = parseColumns(columns);
  if (!url && !Array.isArray(rows)) throw new Error('data-url or data-rows is required');
  return (
    <Table
      label={label ?? words.table()}
      columns={parsed}
      url={url}
      rows={url ? undefined : (rows as Row[])}
      pageSize={TABLE_PAGE_SIZE}
      searchDelay={DATA_TABLE_SEARCH_DELAY}
      csvFileName={csvFileName}
    />
  );
}
