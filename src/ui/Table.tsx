import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Options, Tabulator as TabulatorTable } from 'tabulator-tables';
import { tableRowsPath, tableRowsResponse } from '../core/contract';
import { errorText } from '../core/error-text';
import { apiFor } from '../runtime/api';
import { useConfig, useHost } from '../runtime/define';
import { formatCount } from '../runtime/format';
import { Alert } from './Alert';
import {
  type CellRenderer,
  formatValue,
  frameLayout,
  NARROW_FROZEN_CLASS,
  narrowsWhenFrozen,
  type Row,
  type TableColumn,
  toTabulatorColumns,
} from './columns';
import { measureCellWords, measureHeadingWords } from './heading-words';
import {
  fetchAllRows,
  type RowsQuery,
  rowsQuery,
  saveCsv,
  type TabulatorParams,
  toCsv,
} from './table-data';
import { observeSize, watchSidewaysScroll } from './table-scroll';
import { Tabulator } from './tabulator';

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

type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

const SORT_KEYS = ['Enter', ' '];

const rowsText = (count: number) => `${formatCount(count)} ${count === 1 ? 'row' : 'rows'}`;

/** 'Showing 101–200 of 5,250 rows'; nothing when there are none (the empty state says so). */
export function rowsCounter(first: number, size: number, total: number): string {
  if (total === 0) return '';
  const last = Math.min(first + size - 1, total);
  return `Showing ${formatCount(first)}–${formatCount(last)} of ${rowsText(total)}`;
}

/**
 * 'Page 2 of 53': where the pager has no room for the page buttons (a phone), it says where the
 * page on show is; nothing when there are no rows.
 */
export function pagePosition(page: number, pages: number, total: number): string {
  if (total === 0) return '';
  return `Page ${formatCount(page)} of ${formatCount(pages)}`;
}

/** Puts `text` in the pager between the page buttons and Next (table.css shows it on a phone). */
function showPagePosition(pager: HTMLElement, text: string): void {
  let position = pager.querySelector('.fm-table__page-position');
  if (!position) {
    position = document.createElement('span');
    position.className = 'fm-table__page-position';
    pager.querySelector('.tabulator-pages')?.after(position);
  }
  position.textContent = text;
}

/**
 * What the status region announces once rows are shown (the grid itself is silent): the empty
 * state's words, the paged counter, or how many rows an unpaged table shows.
 */
export function shownAnnouncement(rowCount: number, empty: string, counter: string): string {
  if (rowCount === 0) return empty;
  return counter || rowsText(rowCount);
}

/** What an empty table says, and what to do about it when searches hid every row. */
export function emptyMessage(searching: boolean, emptyText?: string): string {
  if (searching) {
    return 'No rows match the search. Change or clear the search boxes under the column headings.';
  }
  return emptyText ?? 'There are no rows to show yet.';
}

/** The empty state, as a node: Tabulator would read a string as HTML. */
function emptyState(searching: boolean, emptyText?: string): HTMLElement {
  const element = document.createElement('p');
  element.className = 'fm-table__empty';
  element.textContent = emptyMessage(searching, emptyText);
  return element;
}

/** A narrowed frozen cell's padding and border beside its text (table.css), and a pixel to spare. */
const NARROW_CELL_PADDING = 8;

/** Each narrowed frozen column's width: its longest word, heading and search box allowing. */
function frozenWordWidths(
  holder: HTMLElement,
  table: TabulatorTable,
  columns: TableColumn[],
): Map<string, number> {
  const narrowed = columns.filter(narrowsWhenFrozen);
  const rows = table.getData() as Row[];
  const words = measureCellWords(
    holder,
    narrowed.map((column) => rows.map((row) => formatValue(column.kind, row[column.field]))),
    NARROW_FROZEN_CLASS,
  );
  return new Map(
    narrowed.map((column, index) => [
      column.field,
      Math.max(
        table.getColumn(column.field).getDefinition().minWidth ?? 0,
        (words[index] ?? 0) + NARROW_CELL_PADDING,
      ),
    ]),
  );
}

/**
 * Sets the narrowed columns to their words' widths. Tabulator fits the columns to the frame again
 * on a change of its width, which forgets a width set before (it keeps only a definition's), so
 * this is done again after each such change.
 */
function setWidths(table: TabulatorTable, widths: Map<string, number>) {
  for (const [field, width] of widths) {
    const column = table.getColumn(field);
    if (column.getWidth() !== width) column.setWidth(width);
  }
}

/** What a user has set in a table, for the table built again in its place (a new frame width). */
interface UserSettings {
  searches: { field: string; value: unknown }[];
  sort: { column: string; dir: 'asc' | 'desc' }[];
  /** The page on show, or null for an unpaged table. */
  page: number | null;
  /** The field of the search box that had the focus. */
  focusedSearch: string | null;
}

function userSettings(holder: HTMLElement, table: TabulatorTable, paged: boolean): UserSettings {
  const focused = holder.querySelector('.tabulator-header-filter input:focus');
  return {
    searches: table.getHeaderFilters().map(({ field, value }) => ({ field, value })),
    sort: table.getSorters().map(({ field, dir }) => ({ column: field, dir })),
    page: paged ? Number(table.getPage()) || 1 : null,
    focusedSearch: focused?.closest('.tabulator-col')?.getAttribute('tabulator-field') ?? null,
  };
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
  const api = apiFor(useConfig());
  const holder = useRef<HTMLDivElement>(null);
  const pager = useRef<HTMLDivElement>(null);
  const tableRef = useRef<TabulatorTable | null>(null);
  /** The query of the page on show, for the CSV of a remote table. */
  const lastQuery = useRef<RowsQuery | null>(null);
  const [load, setLoad] = useState<LoadState>({ status: url ? 'loading' : 'ready' });
  /** Whether the first rows (or the first error) have come: until then headers and pager wait. */
  const [settled, setSettled] = useState(!url);
  const [counter, setCounter] = useState('');
  /** The rows on show (after searches), or null before the first are. */
  const [shown, setShown] = useState<{ count: number; empty: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const renderCellRef = useRef(props.renderCell);
  renderCellRef.current = props.renderCell;
  const onTableRef = useRef(onTable);
  onTableRef.current = onTable;
  const emptyTextRef = useRef(props.emptyText);
  emptyTextRef.current = props.emptyText;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  /** Counts the builds for a frame that came to another layout of the columns (frameLayout). */
  const [relayouts, setRelayouts] = useState(0);
  /** What the user had set in the table that a new layout replaces. */
  const carried = useRef<UserSettings | null>(null);

  // Rebuilt only when what the table is changes, or how its frame lays out the columns; rows of a
  // local table are replaced below.
  const definition = JSON.stringify({
    fitsRows,
    columns,
    url,
    pageSize,
    pageSizes,
    searchDelay,
    height,
    framed,
    relayouts,
  });

  // A layout effect: the table starts building in the same task as the element's first render,
  // not a frame later (docs/benchmark.md compares first render with raw Tabulator).
  useLayoutEffect(() => {
    const element = holder.current;
    if (!element) return;
    const { fitsRows, columns, url, pageSize, pageSizes, searchDelay, height, framed } = JSON.parse(
      definition,
    ) as {
      fitsRows: boolean;
      columns: TableColumn[];
      url?: string;
      pageSize: number | null;
      pageSizes: number[];
      searchDelay: number;
      height?: string;
      framed: boolean;
    };
    const pagerElement = pager.current;
    // Tabulator makes the holder its grid; the name goes on it.
    element.setAttribute('aria-label', label);
    let built = false;
    let gone = false;
    let stopWatchingScroll = () => {};
    const renderCell: CellRenderer = (field, row, cell) =>
      renderCellRef.current?.(field, row, cell) ?? null;
    const headingWords = measureHeadingWords(
      element,
      columns.map((column) => column.title),
    );
    // A frame too narrow for every column (a phone) keeps its frozen text columns to their
    // longest word, and only as many frozen as leave room beside them (columns.ts). A table built
    // hidden (no width yet) is not narrow.
    const layout = frameLayout(columns, headingWords, element.clientWidth);
    const { narrowFrameWidth } = layout;
    const narrowFrozen = narrowFrameWidth > 0 && columns.some(narrowsWhenFrozen);
    /** The narrowed frozen columns' widths for the rows on show (frozenWordWidths). */
    let wordWidths = new Map<string, number>();
    // The searches, sort and page of the table this one replaces for a new layout stay.
    const kept = carried.current;
    carried.current = null;
    const options: Options = {
      columns: toTabulatorColumns(columns, renderCell, headingWords, {
        narrowFrameWidth,
        searchDelay,
      }),
      // Every column in the frame when their least widths allow (text wraps); wider, it scrolls.
      layout: 'fitColumns',
      // Drawn once before the build too, when no header filter may be read yet (it warns).
      placeholder(this: TabulatorTable) {
        return emptyState(built && this.getHeaderFilters().length > 0, emptyTextRef.current);
      },
      dataLoader: false,
      // Errors are shown by us, with Retry; Tabulator's own error overlay goes at once.
      dataLoaderErrorTimeout: 0,
      columnCalcs: 'table',
    };
    if (kept) {
      options.initialHeaderFilter = kept.searches;
      options.initialSort = kept.sort;
      if (kept.page !== null) options.paginationInitialPage = kept.page;
    }
    // The grid has the given height, or fills the frame (CSS); its rows scroll inside.
    if (height) options.height = height;
    else if (framed) options.height = '100%';
    // Tabulator redraws on any change of the table's size, putting every row back into the grid,
    // which takes the focus from a control in a cell: a table as tall as its rows grows when a
    // cell shows why its value was refused, so it is redrawn here on a change of width only.
    if (fitsRows) options.autoResize = false;
    if (pageSize !== null) {
      // A page is at most a few hundred rows: all of them in the DOM, for find-in-page, screen
      // readers and tests, rather than only those scrolled into view.
      options.renderVertical = 'basic';
      options.pagination = true;
      options.paginationSize = pageSize;
      options.paginationSizeSelector = [...new Set([...pageSizes, pageSize])].sort((a, b) => a - b);
      // Our own counter, en-GB: Tabulator leaves its counter out with an outside pager.
      options.paginationCounter = (size, first, page, total, pages) => {
        if (gone) return '';
        setCounter(rowsCounter(first, size, total));
        if (pagerElement) showPagePosition(pagerElement, pagePosition(page, pages, total));
        return '';
      };
      // Outside the grid: a grid may only own rows (axe aria-required-children).
      if (pagerElement) options.paginationElement = pagerElement;
    }
    // A load cut short by the element leaving ends quietly, empty: Tabulator logs a failed load
    // with console.error, and a logged error is kept alive with the table it came from.
    const settleIfGone =
      <T,>(empty: T) =>
      (error: unknown): T => {
        if (signal.aborted) return empty;
        throw error;
      };
    if (url && pageSize !== null) {
      Object.assign(options, {
        ajaxURL: url,
        paginationMode: 'remote',
        sortMode: 'remote',
        filterMode: 'remote',
        dataReceiveParams: { last_row: 'total' },
        ajaxRequestFunc: (_url: string, _config: unknown, params: TabulatorParams) => {
          const query = rowsQuery(params, pageSize);
          lastQuery.current = query;
          return api
            .getJson(tableRowsPath(url, query), tableRowsResponse, { signal })
            .catch(settleIfGone({ data: [], last_page: 1, total: 0 }));
        },
      } satisfies Options);
    } else if (url) {
      // Unpaged: every row is fetched once and sorted and searched in the page.
      Object.assign(options, {
        ajaxURL: url,
        ajaxRequestFunc: () =>
          fetchAllRows(api, url, { sort: [], filter: {} }, { signal }).catch(settleIfGone([])),
      } satisfies Options);
    } else {
      options.data = [...(rowsRef.current ?? [])];
    }

    const table = new Tabulator(element, options);
    table.on('dataLoading', () => !gone && setLoad({ status: 'loading' }));
    const countShown = () => {
      if (gone) return;
      const count = table.getDataCount('active');
      const searching = built && table.getHeaderFilters().length > 0;
      setShown({ count, empty: emptyMessage(searching, emptyTextRef.current) });
    };
    table.on('dataProcessed', () => {
      if (gone) return;
      if (narrowFrozen) {
        wordWidths = frozenWordWidths(element, table, columns);
        setWidths(table, wordWidths);
      }
      countShown();
    });
    table.on('dataFiltered', () => {
      if (built) queueMicrotask(countShown);
    });
    table.on('dataLoaded', () => {
      if (gone) return;
      setLoad({ status: 'ready' });
      setSettled(true);
    });
    table.on('dataLoadError', (error: unknown) => {
      if (gone || signal.aborted) return;
      setSettled(true);
      setLoad({ status: 'error', message: errorText(error) });
    });
    // A frame come to another layout of the columns (a narrower window, a phone turned): the
    // table is built again for it, as it would be at that width, with what the user had set.
    const relayoutIfNeeded = () => {
      const width = element.clientWidth;
      if (width === 0 || frameLayout(columns, headingWords, width).key === layout.key) return false;
      carried.current = userSettings(element, table, pageSize !== null);
      setRelayouts((count) => count + 1);
      return true;
    };
    table.on('tableBuilt', () => {
      if (gone) {
        // Destroying before the build does not stop it (docs/libraries.md): finish the job now.
        table.destroy();
        return;
      }
      built = true;
      if (kept?.focusedSearch) table.setHeaderFilterFocus(kept.focusedSearch);
      stopWatchingScroll = watchSidewaysScroll(element, table);
      // The focusable scroll box moves onto the rows group: a grid owns only rows (axe).
      element.querySelector('.tabulator-tableholder')?.removeAttribute('tabindex');
      element.querySelector<HTMLElement>('.tabulator-table')?.setAttribute('tabindex', '0');
      for (const column of table.getColumns()) {
        if (column.getDefinition().headerSort !== false) column.getElement().tabIndex = 0;
      }
      tableRef.current = table;
      onTableRef.current?.(table);
      // The frame may have changed width while the table was being built.
      relayoutIfNeeded();
    });

    // Headers sort from the keyboard as they do on click (Enter or Space).
    const sortFromKeyboard = (event: KeyboardEvent) => {
      const header = event.target as HTMLElement;
      if (!SORT_KEYS.includes(event.key) || header.getAttribute('role') !== 'columnheader') return;
      const field = header.getAttribute('tabulator-field');
      if (!field || !built) return;
      event.preventDefault();
      const ascending = header.getAttribute('aria-sort') === 'ascending';
      table.setSort(field, ascending ? 'desc' : 'asc');
    };
    element.addEventListener('keydown', sortFromKeyboard);

    // A table built while hidden has no rows drawn: draw it again once it has a size.
    let width = element.clientWidth;
    const stopObserving = observeSize(element, () => {
      const wasHidden = width === 0;
      const widthChanged = element.clientWidth !== width;
      width = element.clientWidth;
      if (gone || !built || relayoutIfNeeded()) return;
      if (wasHidden && width > 0) table.redraw(true);
      else if (fitsRows && widthChanged) table.redraw();
      // After Tabulator's own fit to the new width (on the window's resize, a frame earlier).
      if (widthChanged) setWidths(table, wordWidths);
    });

    return () => {
      gone = true;
      stopObserving();
      stopWatchingScroll();
      element.removeEventListener('keydown', sortFromKeyboard);
      tableRef.current = null;
      onTableRef.current?.(null);
      if (built) table.destroy();
      // Tabulator leaves its buttons in a pager of ours: the next table puts in its own.
      pagerElement?.replaceChildren();
    };
  }, [definition, label, api, signal]);

  // A local table takes new rows without being rebuilt.
  useEffect(() => {
    if (!url && rows) void tableRef.current?.replaceData([...rows]);
  }, [url, rows]);

  function retry() {
    const table = tableRef.current;
    if (!table) return;
    setLoad({ status: 'loading' });
    void (pageSize === null ? table.setData() : table.setPage(table.getPage() || 1));
  }

  async function downloadCsv() {
    const table = tableRef.current;
    if (!table || !csvFileName || exporting) return;
    setExporting(true);
    setExportError(null);
    try {
      // A remote table holds one page: every matching row comes from the host (docs/libraries.md).
      const all =
        url && pageSize !== null
          ? await fetchAllRows(api, url, lastQuery.current ?? { sort: [], filter: {} }, { signal })
          : (table.getData('active') as Row[]);
      saveCsv(typeof csvFileName === 'function' ? csvFileName() : csvFileName, toCsv(columns, all));
    } catch (error) {
      if (!signal.aborted) setExportError(errorText(error));
    } finally {
      if (!signal.aborted) setExporting(false);
    }
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
            'Loading…'
          ) : exporting ? (
            'Preparing the CSV…'
          ) : shown && load.status === 'ready' ? (
            <span className="fm-visually-hidden">
              {shownAnnouncement(shown.count, shown.empty, counter)}
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
            Download CSV
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
