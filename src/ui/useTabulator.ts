import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { Options, Tabulator as TabulatorTable } from 'tabulator-tables';
import { tableRowsPath, tableRowsResponse } from '../core/contract';
import { errorText } from '../core/error-text';
import { formatCount } from '../core/format';
import type { apiFor } from '../runtime/api';
import { useWords } from '../runtime/words';
import {
  type CellRenderer,
  formatValue,
  frameLayout,
  NARROW_FROZEN_CLASS,
  narrowsWhenFrozen,
  type Row,
  type TableColumn,
  type TableWords,
  toTabulatorColumns,
} from './columns';
import { measureCellWords, measureHeadingWords } from './heading-words';
import messages from './messages';
import { fetchAllRows, type RowsQuery, rowsQuery, type TabulatorParams } from './table-data';
import { observeSize, watchSidewaysScroll } from './table-scroll';
import { Tabulator } from './tabulator';

type Api = ReturnType<typeof apiFor>;

export type LoadState =
  | { status: 'loading' }
  | { status: 'ready' }
  | { status: 'error'; message: string };

/** What makes a table: a change of any of these builds it again. */
export interface TableDefinition {
  fitsRows: boolean;
  columns: readonly TableColumn[];
  url?: string;
  pageSize: number | null;
  pageSizes: readonly number[];
  searchDelay: number;
  height?: string;
  framed: boolean;
}

/** What the table reads when it needs it, without being built again when it changes. */
interface TableCallbacks {
  renderCell?: CellRenderer;
  onTable?: (table: TabulatorTable | null) => void;
  emptyText?: string;
  rows?: readonly Row[];
  /** The element's words for the tables. */
  words?: TableWords;
}

const SORT_KEYS = ['Enter', ' '];

/** '5,250 rows'. */
export const rowsText = (count: number, words: TableWords = messages.table) => words.rows(count);

/** 'Showing 101–200 of 5,250 rows'; nothing when there are none (the empty state says so). */
export function rowsCounter(
  first: number,
  size: number,
  total: number,
  words: TableWords = messages.table,
): string {
  if (total === 0) return '';
  const last = Math.min(first + size - 1, total);
  return words.showing({ first: formatCount(first), last: formatCount(last), total });
}

/**
 * 'Page 2 of 53': where the pager has no room for the page buttons (a phone), it says where the
 * page on show is; nothing when there are no rows.
 */
export function pagePosition(
  page: number,
  pages: number,
  total: number,
  words: TableWords = messages.table,
): string {
  if (total === 0) return '';
  return words.page({ page: formatCount(page), pages: formatCount(pages) });
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

/** Tabulator's own words (its pager's buttons and their titles), as its Localize module takes them. */
function tabulatorWords(words: TableWords) {
  return {
    pagination: {
      page_size: words.pageSize(),
      page_title: words.pageTitle(),
      first: words.first(),
      first_title: words.firstTitle(),
      last: words.last(),
      last_title: words.lastTitle(),
      prev: words.prev(),
      prev_title: words.prevTitle(),
      next: words.next(),
      next_title: words.nextTitle(),
      all: words.all(),
    },
  };
}

/** What an empty table says, and what to do about it when searches hid every row. */
export function emptyMessage(
  searching: boolean,
  emptyText?: string,
  words: TableWords = messages.table,
): string {
  if (searching) return words.noneMatch();
  return emptyText ?? words.empty();
}

/** The empty state, as a node: Tabulator would read a string as HTML. */
function emptyState(searching: boolean, callbacks: TableCallbacks | null): HTMLElement {
  const element = document.createElement('p');
  element.className = 'fm-table__empty';
  element.textContent = emptyMessage(searching, callbacks?.emptyText, callbacks?.words);
  return element;
}

/** A narrowed frozen cell's padding and border beside its text (table.css), and a pixel to spare. */
const NARROW_CELL_PADDING = 8;

/** Each narrowed frozen column's width: its longest word, heading and search box allowing. */
function frozenWordWidths(
  holder: HTMLElement,
  table: TabulatorTable,
  columns: readonly TableColumn[],
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

/** Whether the table on show has been built, and whether it has gone (left, or built again). */
interface TableLife {
  built: boolean;
  gone: boolean;
}

/** The grid's own options: its columns, size, empty state and pager, and what the user had set. */
function gridOptions(
  definition: TableDefinition,
  columns: Options['columns'],
  life: TableLife,
  callbacks: RefObject<TableCallbacks>,
  kept: UserSettings | null,
): Options {
  const { height, framed, fitsRows } = definition;
  const options: Options = {
    columns,
    // Every column in the frame when their least widths allow (text wraps); wider, it scrolls.
    layout: 'fitColumns',
    // Drawn once before the build too, when no header filter may be read yet (it warns).
    placeholder(this: TabulatorTable) {
      return emptyState(life.built && this.getHeaderFilters().length > 0, callbacks.current);
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
  return options;
}

/** The pager's options of a paged table: its sizes, our counter, and the pager of ours it fills. */
function pagerOptions(
  pageSize: number,
  pageSizes: readonly number[],
  pagerElement: HTMLElement | null,
  life: TableLife,
  setCounter: (counter: string) => void,
  words: TableWords,
): Options {
  const options: Options = {
    // A page is at most a few hundred rows: all of them in the DOM, for find-in-page, screen
    // readers and tests, rather than only those scrolled into view.
    renderVertical: 'basic',
    pagination: true,
    paginationSize: pageSize,
    paginationSizeSelector: [...new Set([...pageSizes, pageSize])].sort((a, b) => a - b),
    // Our own counter, en-GB: Tabulator leaves its counter out with an outside pager.
    paginationCounter: (size, first, page, total, pages) => {
      if (life.gone) return '';
      setCounter(rowsCounter(first, size, total, words));
      if (pagerElement) showPagePosition(pagerElement, pagePosition(page, pages, total, words));
      return '';
    },
  };
  // Outside the grid: a grid may only own rows (axe aria-required-children).
  if (pagerElement) options.paginationElement = pagerElement;
  return options;
}

/** Where the rows come from: the host, a page or all at once, or the rows held in the page. */
function rowOptions(
  { url, pageSize }: TableDefinition,
  api: Api,
  signal: AbortSignal,
  lastQuery: RefObject<RowsQuery | null>,
  rows: readonly Row[] | undefined,
): Options {
  // A load cut short by the element leaving ends quietly, empty: Tabulator logs a failed load
  // with console.error, and a logged error is kept alive with the table it came from.
  const settleIfGone =
    <T>(empty: T) =>
    (error: unknown): T => {
      if (signal.aborted) return empty;
      throw error;
    };
  if (url && pageSize !== null) {
    return {
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
    } satisfies Options;
  }
  if (url) {
    // Unpaged: every row is fetched once and sorted and searched in the page.
    return {
      ajaxURL: url,
      ajaxRequestFunc: () =>
        fetchAllRows(api, url, { sort: [], filter: {} }, { signal }).catch(settleIfGone([])),
    } satisfies Options;
  }
  return { data: [...(rows ?? [])] };
}

/** The focusable scroll box moves onto the rows group, and sortable headers take the focus. */
function makeGridAccessible(element: HTMLElement, table: TabulatorTable) {
  // The focusable scroll box moves onto the rows group: a grid owns only rows (axe).
  element.querySelector('.tabulator-tableholder')?.removeAttribute('tabindex');
  element.querySelector<HTMLElement>('.tabulator-table')?.setAttribute('tabindex', '0');
  for (const column of table.getColumns()) {
    if (column.getDefinition().headerSort !== false) column.getElement().tabIndex = 0;
  }
}

/** Headers sort from the keyboard as they do on click (Enter or Space). */
function sortFromKeyboard(table: TabulatorTable, life: TableLife) {
  return (event: KeyboardEvent) => {
    const header = event.target as HTMLElement;
    if (!SORT_KEYS.includes(event.key) || header.getAttribute('role') !== 'columnheader') return;
    const field = header.getAttribute('tabulator-field');
    if (!field || !life.built) return;
    event.preventDefault();
    const ascending = header.getAttribute('aria-sort') === 'ascending';
    table.setSort(field, ascending ? 'desc' : 'asc');
  };
}

/** What the table tells the component: loading, rows shown, loaded, failed. */
interface TableState {
  setLoad(load: LoadState): void;
  setSettled(settled: boolean): void;
  setCounter(counter: string): void;
  setShown(shown: { count: number; empty: string } | null): void;
}

/**
 * Tells `state` what the table's loads come to and how many rows are on show, and sets the
 * narrowed frozen columns to the rows' words (`narrowWords`) as each set of rows is processed.
 */
function followLoads(
  table: TabulatorTable,
  life: TableLife,
  signal: AbortSignal,
  state: TableState,
  callbacks: RefObject<TableCallbacks>,
  narrowWords: (() => void) | null,
) {
  table.on('dataLoading', () => !life.gone && state.setLoad({ status: 'loading' }));
  const countShown = () => {
    if (life.gone) return;
    const count = table.getDataCount('active');
    const searching = life.built && table.getHeaderFilters().length > 0;
    const { emptyText, words } = callbacks.current ?? {};
    state.setShown({ count, empty: emptyMessage(searching, emptyText, words) });
  };
  table.on('dataProcessed', () => {
    if (life.gone) return;
    narrowWords?.();
    countShown();
  });
  table.on('dataFiltered', () => {
    if (life.built) queueMicrotask(countShown);
  });
  table.on('dataLoaded', () => {
    if (life.gone) return;
    state.setLoad({ status: 'ready' });
    state.setSettled(true);
  });
  table.on('dataLoadError', (error: unknown) => {
    if (life.gone || signal.aborted) return;
    state.setSettled(true);
    state.setLoad({ status: 'error', message: errorText(error) });
  });
}

interface BuildContext {
  definition: TableDefinition;
  /** The element's words for the tables: its columns' and its pager's. */
  words: TableWords;
  label: string;
  api: Api;
  signal: AbortSignal;
  pagerElement: HTMLElement | null;
  callbacks: RefObject<TableCallbacks>;
  lastQuery: RefObject<RowsQuery | null>;
  tableRef: RefObject<TabulatorTable | null>;
  /** What the user had set in the table a new layout replaces, carried to the next. */
  carried: RefObject<UserSettings | null>;
  /** Builds the table again, for a frame come to another layout of the columns. */
  relayout(): void;
  state: TableState;
}

/** Builds the table in `element`; returns what destroys it. */
function buildTable(element: HTMLElement, context: BuildContext): () => void {
  const { definition, signal, pagerElement, callbacks, tableRef, carried, state } = context;
  const { fitsRows, columns, pageSize, pageSizes, searchDelay } = definition;
  // Tabulator makes the holder its grid; the name goes on it.
  element.setAttribute('aria-label', context.label);
  const life: TableLife = { built: false, gone: false };
  let stopWatchingScroll = () => {};
  const renderCell: CellRenderer = (field, row, cell) =>
    callbacks.current?.renderCell?.(field, row, cell) ?? null;
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
  const { words } = context;
  const tabulatorColumns = toTabulatorColumns(columns, renderCell, headingWords, {
    narrowFrameWidth,
    searchDelay,
    words,
  });
  const table = new Tabulator(element, {
    ...gridOptions(definition, tabulatorColumns, life, callbacks, kept),
    langs: { default: tabulatorWords(words) },
    ...(pageSize === null
      ? {}
      : pagerOptions(pageSize, pageSizes, pagerElement, life, state.setCounter, words)),
    ...rowOptions(definition, context.api, signal, context.lastQuery, callbacks.current?.rows),
  });
  const narrowWords = () => {
    wordWidths = frozenWordWidths(element, table, columns);
    setWidths(table, wordWidths);
  };
  followLoads(table, life, signal, state, callbacks, narrowFrozen ? narrowWords : null);
  // A frame come to another layout of the columns (a narrower window, a phone turned): the
  // table is built again for it, as it would be at that width, with what the user had set.
  const relayoutIfNeeded = () => {
    const width = element.clientWidth;
    if (width === 0 || frameLayout(columns, headingWords, width).key === layout.key) return false;
    carried.current = userSettings(element, table, pageSize !== null);
    context.relayout();
    return true;
  };
  table.on('tableBuilt', () => {
    if (life.gone) {
      // Destroying before the build does not stop it (docs/libraries.md): finish the job now.
      table.destroy();
      return;
    }
    life.built = true;
    if (kept?.focusedSearch) table.setHeaderFilterFocus(kept.focusedSearch);
    stopWatchingScroll = watchSidewaysScroll(element, table);
    makeGridAccessible(element, table);
    tableRef.current = table;
    callbacks.current?.onTable?.(table);
    // The frame may have changed width while the table was being built.
    relayoutIfNeeded();
  });

  const sortFromKeys = sortFromKeyboard(table, life);
  element.addEventListener('keydown', sortFromKeys);

  // A table built while hidden has no rows drawn: draw it again once it has a size.
  let width = element.clientWidth;
  const stopObserving = observeSize(element, () => {
    const wasHidden = width === 0;
    const widthChanged = element.clientWidth !== width;
    width = element.clientWidth;
    if (life.gone || !life.built || relayoutIfNeeded()) return;
    if (wasHidden && width > 0) table.redraw(true);
    else if (fitsRows && widthChanged) table.redraw();
    // After Tabulator's own fit to the new width (on the window's resize, a frame earlier).
    if (widthChanged) setWidths(table, wordWidths);
  });

  return () => {
    life.gone = true;
    stopObserving();
    stopWatchingScroll();
    element.removeEventListener('keydown', sortFromKeys);
    tableRef.current = null;
    callbacks.current?.onTable?.(null);
    if (life.built) table.destroy();
    // Tabulator leaves its buttons in a pager of ours: the next table puts in its own.
    pagerElement?.replaceChildren();
  };
}

/**
 * A Tabulator table in `holder`, its pager in `pager`, built in the same task as the element's
 * first render, built again when `definition` changes or its frame comes to another layout of the
 * columns, and destroyed when the element leaves, even if that happens before it was built.
 * Returns the table once built, and what its loads came to.
 */
export function useTabulator(
  definition: TableDefinition,
  label: string,
  api: Api,
  signal: AbortSignal,
  latest: TableCallbacks,
) {
  const holder = useRef<HTMLDivElement>(null);
  const pager = useRef<HTMLDivElement>(null);
  const tableRef = useRef<TabulatorTable | null>(null);
  /** The query of the page on show, for the CSV of a remote table. */
  const lastQuery = useRef<RowsQuery | null>(null);
  const [load, setLoad] = useState<LoadState>({ status: definition.url ? 'loading' : 'ready' });
  /** Whether the first rows (or the first error) have come: until then headers and pager wait. */
  const [settled, setSettled] = useState(!definition.url);
  const [counter, setCounter] = useState('');
  /** The rows on show (after searches), or null before the first are. */
  const [shown, setShown] = useState<{ count: number; empty: string } | null>(null);
  const words = useWords(messages).table;
  const callbacks = useRef<TableCallbacks>({ ...latest, words });
  callbacks.current = { ...latest, words };
  /** Counts the builds for a frame that came to another layout of the columns (frameLayout). */
  const [relayouts, setRelayouts] = useState(0);
  /** What the user had set in the table that a new layout replaces. */
  const carried = useRef<UserSettings | null>(null);

  // Rebuilt only when what the table is changes, or how its frame lays out the columns; rows of a
  // local table are replaced by the caller.
  const built = JSON.stringify({ ...definition, relayouts });

  // A layout effect: the table starts building in the same task as the element's first render,
  // not a frame later (docs/benchmark.md compares first render with raw Tabulator).
  useLayoutEffect(() => {
    const element = holder.current;
    if (!element) return;
    return buildTable(element, {
      words,
      definition: JSON.parse(built) as TableDefinition,
      label,
      api,
      signal,
      pagerElement: pager.current,
      callbacks,
      lastQuery,
      tableRef,
      carried,
      relayout: () => setRelayouts((count) => count + 1),
      state: { setLoad, setSettled, setCounter, setShown },
    });
  }, [built, label, api, signal, words]);

  return { holder, pager, tableRef, lastQuery, load, setLoad, settled, counter, shown };
}
