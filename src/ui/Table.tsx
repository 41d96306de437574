import { type RefObject, useEffect, useState } from 'react';
import type { Tabulator as TabulatorTable } from 'tabulator-tables';
import { errorText } from '../core/error-text';
import type { Api } from '../runtime/api';
import { useHost } from '../runtime/define';
import { useApi } from '../runtime/use-api';
import { useWords } from '../runtime/words';
import { Alert } from './Alert';
import type { CellRenderer, Row, TableColumn, TableWords } from './columns';
import messages from './messages';
import { fetchAllRows, type RowsQuery, saveCsv, toCsv } from './table-data';
import { rowsText, useTabulator } from './useTabulator';

export { emptyMessage, pagePosition, rowsCounter } from './useTabulator';

/**
 * Page size options of the generic table (docs/requirements.md §9: 10, 25, 50, 100, default 10).
 */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 10; // docs/requirements.md §9
/** Delay between the last keystroke in a header search and the request. */
export const DEFAULT_SEARCH_DELAY = 400; // docs/requirements.md §9 (server-side tables)

export interface TableProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly TableColumn[];
  /** Rows from this URL (call 22), paged, sorted and searched by the server. */
  url?: string;
  /** Rows held in the page (used when there is no `url`). */
  rows?: readonly Row[];
  /** Rows a page; null shows every row in one scrolling body. */
  pageSize?: number | null;
  pageSizes?: readonly number[];
  searchDelay?: number;
  /**
   * A fixed height of the grid (CSS length): its rows scroll inside. Without it a paged table sits
   * in a frame of --fm-table-height (toolbar, grid and pager together), and an unpaged one is as
   * tall as its rows.
   */
  height?: string;
  /** Shows "Download CSV"; the name of the file, or a function giving it at download time. */
  csvFileName?: string | (() => string);
  /** Cells of its own for some fields (controls of an editing table). */
  renderCell?: CellRenderer;
  /**
   * What the table says when it has no rows and no header search is set, in place of "There are no
   * rows to show yet.": a widget whose own filters may hide every row says so.
   */
  emptyText?: string;
  /** The built table, for a widget that edits rows; called with null when it goes. */
  onTable?: (table: TabulatorTable | null) => void;
}

/**
 * What the status region announces once rows are shown (the grid itself is silent): the empty
 * state's words, the paged counter, or how many rows an unpaged table shows.
 */
export function shownAnnouncement(
  rowCount: number,
  empty: string,
  counter: string,
  words?: TableWords,
): string {
  if (rowCount === 0) return empty;
  return counter || rowsText(rowCount, words);
}

/** What a CSV is made of: the file's name, the columns, and the remote rows' query if remote. */
interface CsvSource {
  fileName: string | (() => string);
  columns: readonly TableColumn[];
  remote: { url: string; query: RowsQuery | null } | null;
}

/** "Download CSV": every matching row, whether it is being prepared, and why it failed. */
function useCsvDownload(
  tableRef: RefObject<TabulatorTable | null>,
  api: Api,
  signal: AbortSignal,
  source: () => CsvSource | null,
) {
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  async function downloadCsv() {
    const table = tableRef.current;
    const csv = source();
    if (!table || !csv || exporting) return;
    setExporting(true);
    setExportError(null);
    try {
      const all = csv.remote
        ? await fetchAllRows(api, csv.remote.url, csv.remote.query ?? { sort: [], filter: {} }, {
            signal,
          })
        : (table.getData('active') as Row[]);
      const { fileName } = csv;
      saveCsv(typeof fileName === 'function' ? fileName() : fileName, toCsv(csv.columns, all));
    } catch (error) {
      if (!signal.aborted) setExportError(errorText(error));
    } finally {
      if (!signal.aborted) setExporting(false);
    }
  }

  return { exporting, exportError, downloadCsv };
}

/**
 * The one table of the widgets (Tabulator, docs/libraries.md): remote rows through our API client
 * with remote paging, sorting and header searches, or local rows; frozen columns, totals, CSV of
 * every matching row, and loading, empty and error states with Retry. Headers sort from the
 * keyboard and carry aria-sort. The table is redrawn when it becomes visible after being built
 * hidden, and destroyed when the element leaves, even if that happens before it was built.
 */
export function Table(props: TableProps) {
  const { label, columns, url, rows, height, csvFileName, onTable } = props;
  const pageSize = props.pageSize === undefined ? DEFAULT_PAGE_SIZE : props.pageSize;
  const framed = height === undefined && pageSize !== null;
  /** Unpaged without a height: as tall as its rows (table.css), even a row grown since drawn. */
  const fitsRows = height === undefined && pageSize === null;
  const searchDelay = props.searchDelay ?? DEFAULT_SEARCH_DELAY;
  const pageSizes = props.pageSizes ?? PAGE_SIZE_OPTIONS;
  const { signal } = useHost();
  const api = useApi();
  const words = useWords(messages).table;
  const definition = { fitsRows, columns, url, pageSize, pageSizes, searchDelay, height, framed };
  const { holder, pager, tableRef, lastQuery, load, setLoad, settled, counter, shown } =
    useTabulator(definition, label, api, signal, {
      renderCell: props.renderCell,
      onTable,
      emptyText: props.emptyText,
      rows,
    });
  const { exporting, exportError, downloadCsv } = useCsvDownload(tableRef, api, signal, () => {
    // A remote table holds one page: every matching row comes from the host (docs/libraries.md).
    const remote = url && pageSize !== null ? { url, query: lastQuery.current } : null;
    return csvFileName ? { fileName: csvFileName, columns, remote } : null;
  });

  // A local table takes new rows without being rebuilt.
  useEffect(() => {
    if (!url && rows) void tableRef.current?.replaceData([...rows]);
  }, [url, rows, tableRef]);

  function retry() {
    const table = tableRef.current;
    if (!table) return;
    setLoad({ status: 'loading' });
    void (pageSize === null ? table.setData() : table.setPage(table.getPage() || 1));
  }

  return (
    <div
      className={[
        'fm-table',
        framed && 'fm-table--framed',
        fitsRows && 'fm-table--fit-rows',
        !settled && 'fm-table--pending',
      ]
        .filter(Boolean)
        .join(' ')}
      aria-busy={load.status === 'loading'}
    >
      <div className="fm-table__toolbar">
        <p className="fm-table__status" role="status">
          {load.status === 'loading' ? (
            words.loading()
          ) : exporting ? (
            words.preparingCsv()
          ) : shown && load.status === 'ready' ? (
            <span className="fm-visually-hidden">
              {shownAnnouncement(shown.count, shown.empty, counter, words)}
            </span>
          ) : (
            ''
          )}
        </p>
        {csvFileName && (
          <button
            type="button"
            className="fm-table__csv"
            aria-disabled={exporting}
            onClick={() => void downloadCsv()}
          >
            {words.downloadCsv()}
          </button>
        )}
      </div>
      {load.status === 'error' && <TableLoadError message={load.message} onRetry={retry} />}
      {exportError && <Alert kind="danger" box="fm-table__error" messages={exportError} />}
      <div ref={holder} className="fm-table__grid fm-scroll-shadow" />
      <div className="fm-table__footer">
        <span className="fm-table__counter">{counter}</span>
        <div ref={pager} className="fm-table__pager" />
      </div>
    </div>
  );
}

/** A table that could not load, with Retry (Tabulator's tables here, the linking tables). */
export function TableLoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return <Alert kind="danger" box="fm-table__error" messages={message} onRetry={onRetry} />;
}
