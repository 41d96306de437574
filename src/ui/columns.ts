/**
 * Our table columns, as hosts write them in `data-columns`, and how they become Tabulator column
 * definitions. Kept free of Tabulator itself so the definitions can be tested without a DOM.
 */
import type { CellComponent, ColumnDefinition, Editor, Formatter } from 'tabulator-tables';
import * as v from 'valibot';
import { AttributeError } from '../core/attributes';
import { expected, tryDecode } from '../core/contract/decode';
import { formatCount, formatDate, formatDateTime, formatMoney } from '../core/format';
import { listText } from '../core/list-text';
import { assetsSearch, jobEdit, jobView, portalOf, sitesSearch, usersByUser } from '../core/routes';
import messages from './messages';

/**
 * How a column's values read: en-GB money and dates (docs/requirements.md §9), counts, percentages.
 */
export type ColumnKind = 'text' | 'number' | 'money' | 'percent' | 'date' | 'datetime' | 'boolean';

/**
 * Where a cell links to, built by the route builders of docs/requirements.md §2 from the cell's
 * value.
 */
export type LinkKind = 'job' | 'job-edit' | 'site-search' | 'asset-search' | 'user';

export interface TableColumn {
  field: string;
  title: string;
  /** Default 'text'. */
  kind?: ColumnKind;
  /** Whether a header click sorts by it; default true. */
  sortable?: boolean;
  /** A search box in the header; default false. */
  filter?: boolean;
  /** Stays put on the left when the table scrolls sideways. */
  frozen?: boolean;
  /** Shows the column's sum in a totals row. */
  total?: boolean;
  /** What the column's cell of the totals row says ('Total'), for a column that is not summed. */
  totalLabel?: string;
  /** The column's cell of the totals row lists its values in the rows totalled ('2025 and 2026'). */
  totalValues?: boolean;
  link?: LinkKind;
  /** Minimum width in pixels, in place of its kind's (KIND_MIN_WIDTH); never below its heading's. */
  width?: number;
  /** Its share of the width left over once every column has its least width; default 1. */
  grow?: number;
}

export type Row = Record<string, unknown>;

/** Narrowest column with a header search box: room for its "Search" placeholder and a few characters. */
export const FILTER_MIN_WIDTH = 88;
/** A narrow frozen column's search box: its "Search" placeholder whole, no more. */
const NARROW_FILTER_MIN_WIDTH = 76;

const NUMERIC_KINDS: readonly ColumnKind[] = ['number', 'money', 'percent'];

/**
 * The least width of a column by what it holds (pixels, cell padding included): a figure or a
 * date stays on one line and whole, and text wraps within at least this much.
 */
export const KIND_MIN_WIDTH: Readonly<Record<ColumnKind, number>> = {
  text: 96,
  number: 72,
  money: 112,
  percent: 72,
  date: 96,
  datetime: 136,
  boolean: 64,
};

/** A bold heading character's width, for a heading that could not be measured (no layout). */
const HEADING_CHAR_WIDTH = 9.5;
/** Room beside a heading: cell padding and border, and the sort arrow of a sortable column. */
const HEADING_PADDING = 12;
const SORT_ARROW_WIDTH = 25;
/** The sort arrow's room in a narrow frozen column, less its smaller padding (table.css). */
const NARROW_SORT_ARROW_WIDTH = 12;

/**
 * The class of a frozen column narrowed to its longest word, on a frame too narrow for every
 * column (Table.tsx): less padding and a smaller sort arrow, so the columns that scroll keep the
 * width. Its text is the size of every other cell's.
 */
export const NARROW_FROZEN_CLASS = 'fm-table__cell--narrow-frozen';

/**
 * The least width of a column whose heading keeps each word whole (it wraps between words):
 * "Quantit / y" is what a narrower one shows. `longestWord` is the measured width of
 * its longest word (heading-words.ts); without it, an estimate from the number of characters.
 */
export function headingMinWidth(
  title: string,
  sortable: boolean,
  longestWord = 0,
  arrowWidth = SORT_ARROW_WIDTH,
): number {
  const characters = Math.max(0, ...title.split(/\s+/).map((word) => word.length));
  const word = longestWord > 0 ? longestWord : characters * HEADING_CHAR_WIDTH;
  return Math.ceil(word) + HEADING_PADDING + (sortable ? arrowWidth : 0);
}

/** Whether `column` is one a narrow frame narrows to its longest word: frozen text. */
export function narrowsWhenFrozen(column: TableColumn): boolean {
  return column.frozen === true && (column.kind ?? 'text') === 'text' && !column.link;
}

/** Kinds whose values wrap onto more lines when the column is narrow; the others never break. */
const WRAPPING_KINDS: readonly ColumnKind[] = ['text'];

/** The words of the tables (messages.json, docs/words.md). */
export type TableWords = (typeof messages)['table'];

/** A cell value as the user reads it (also what the CSV holds). */
export function formatValue(
  kind: ColumnKind | undefined,
  value: unknown,
  words: TableWords = messages.table,
): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      return formatMoney(value as number | string);
    case 'number':
      return formatCount(value as number | string);
    case 'percent': {
      const number = Number(value);
      return Number.isFinite(number) ? `${number.toFixed(1)}%` : '';
    }
    case 'date':
      return formatDate(String(value));
    case 'datetime':
      return formatDateTime(String(value));
    case 'boolean':
      return value === true || value === 1 || value === '1' ? words.yes() : words.no();
    default:
      return String(value);
  }
}

/** The href of a linked cell; `pathname` gives the portal prefix (docs/requirements.md §2). */
export function linkHref(link: LinkKind, value: unknown, pathname: string): string {
  const text = String(value);
  switch (link) {
    case 'job':
      return jobView(portalOf(pathname), text);
    case 'job-edit':
      return jobEdit(text);
    case 'site-search':
      return sitesSearch(text);
    case 'asset-search':
      return assetsSearch(text);
    case 'user':
      return usersByUser(text);
  }
}

/** Tabulator appends a returned node; its types only admit elements. */
const textNode = (text: string) => document.createTextNode(text) as unknown as HTMLElement;

/**
 * A cell of its own for a field (a control of an editing table), or null for the usual text.
 * It gets the row object the table holds, and the cell (a control that grows, showing why a value
 * is refused, fits its row again with `cell.getRow().normalizeHeight()`).
 */
export type CellRenderer = (field: string, row: Row, cell: CellComponent) => Node | null;

/** Cells are built as DOM nodes: Tabulator would read a returned string as HTML. */
function cellFormatter(
  column: TableColumn,
  words: TableWords,
  renderCell?: CellRenderer,
): Formatter {
  return (cell) => {
    const own = renderCell?.(column.field, cell.getData() as Row, cell);
    if (own) return own as HTMLElement;
    const value = cell.getValue();
    const text = formatValue(column.kind, value, words);
    if (!column.link || text === '') return textNode(text);
    const anchor = document.createElement('a');
    anchor.href = linkHref(column.link, value, location.pathname);
    anchor.textContent = text;
    return anchor;
  };
}

function totalFormatter(column: TableColumn, words: TableWords): Formatter {
  return (cell) => textNode(formatValue(column.kind, cell.getValue(), words));
}

/** The different values of a column, in order, as a list a user reads: '2025 and 2026'. */
export function valuesText(
  kind: ColumnKind | undefined,
  values: readonly unknown[],
  words: TableWords = messages.table,
): string {
  const present = values.filter((value) => value !== null && value !== undefined && value !== '');
  const numeric = present.every((value) => Number.isFinite(Number(value)));
  const distinct = [...new Set(present.map((value) => (numeric ? Number(value) : String(value))))];
  distinct.sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
  );
  return listText(
    distinct.map((value) => formatValue(kind, value, words)),
    words.valuesList,
  );
}

/**
 * A heading's search box: it searches `delay` ms after its text last changed, however it changed
 * (typed, pasted, dropped, cleared with its ×), and at once on Enter or on leaving it. Tabulator's
 * own box listens for key presses only, so a pasted search waited for a key.
 */
function searchBox(title: string, delay: number, words: TableWords): Editor {
  return (cell, _onRendered, success) => {
    const input = document.createElement('input');
    input.type = 'search';
    input.setAttribute('aria-label', words.searchColumn(title));
    input.value = String(cell.getValue() ?? '');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const search = () => {
      clearTimeout(timer);
      // A box taken away with its table (a new search, the element gone) searches nothing.
      if (input.isConnected) success(input.value);
    };
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(search, delay);
    });
    input.addEventListener('change', search);
    return input;
  };
}

/**
 * On a frame too narrow for every column, the share of its width its frozen columns may take (by
 * their least widths): the rest is for the columns that scroll beside them.
 */
export const NARROW_FROZEN_SHARE = 0.4;

/**
 * Frozen columns, from the left, while they leave room beside them on a narrow frame of `width`
 * (NARROW_FROZEN_SHARE); the first always stays. On a phone, budget versus spend's three took 330
 * of 344 px and left none for a figure: there only the site stays.
 */
function keepFrozen(definitions: ColumnDefinition[], width: number): void {
  let taken = 0;
  let kept = 0;
  for (const definition of definitions) {
    if (!definition.frozen) continue;
    taken += definition.minWidth ?? 0;
    if (kept > 0 && taken > width * NARROW_FROZEN_SHARE) delete definition.frozen;
    else kept += 1;
  }
}

/**
 * Tabulator column definitions for `columns`; `headingWords` holds the measured width of each
 * heading's longest word, in the same order. `narrowFrameWidth` is the width of a frame too
 * narrow for every column (a phone): its frozen text columns ask only for their heading and search
 * box (Table.tsx then gives each the width of its longest word once the rows are in), and only as
 * many stay frozen as leave room beside them (keepFrozen).
 */
export function toTabulatorColumns(
  columns: readonly TableColumn[],
  renderCell?: CellRenderer,
  headingWords: readonly number[] = [],
  {
    narrowFrameWidth = 0,
    searchDelay = 0,
    words = messages.table,
  }: {
    /** The width of a frame too narrow for every column; 0 for one wide enough. */
    narrowFrameWidth?: number;
    /** How long a heading's search box waits after its text last changed. */
    searchDelay?: number;
    /** The element's words for the tables. */
    words?: TableWords;
  } = {},
): ColumnDefinition[] {
  const narrowFrame = narrowFrameWidth > 0;
  const definitions = columns.map((column, index) => {
    const kind = column.kind ?? 'text';
    const numeric = NUMERIC_KINDS.includes(kind);
    const wraps = WRAPPING_KINDS.includes(kind);
    const sortable = column.sortable ?? true;
    const narrow = narrowFrame && narrowsWhenFrozen(column);
    const definition: ColumnDefinition = {
      field: column.field,
      title: column.title,
      // Tabulator writes a title as HTML: the host's (or server's) title goes in as text.
      titleFormatter: () => textNode(column.title),
      // A long heading takes a second line rather than being cut.
      headerWordWrap: true,
      headerSort: sortable,
      sorter: numeric ? 'number' : 'string',
      hozAlign: numeric ? 'right' : kind === 'boolean' ? 'center' : 'left',
      vertAlign: 'middle',
      formatter: cellFormatter(column, words, renderCell),
      // A search box narrower than its placeholder reads "Sear".
      minWidth: narrow
        ? Math.max(
            headingMinWidth(column.title, sortable, headingWords[index], NARROW_SORT_ARROW_WIDTH),
            column.filter ? NARROW_FILTER_MIN_WIDTH : 0,
          )
        : Math.max(
            column.width ?? KIND_MIN_WIDTH[kind],
            headingMinWidth(column.title, sortable, headingWords[index]),
            column.filter ? FILTER_MIN_WIDTH : 0,
          ),
    };
    // The table fits its frame (layout fitColumns): text takes more lines, never the frame's edge.
    if (wraps) {
      definition.cssClass = narrow ? NARROW_FROZEN_CLASS : 'fm-table__cell--wrap';
      definition.variableHeight = true;
    }
    if (column.grow) definition.widthGrow = column.grow;
    if (column.frozen) definition.frozen = true;
    if (column.filter) {
      definition.headerFilter = searchBox(column.title, searchDelay, words);
      // The box above searches on its own input events, not on Tabulator's key presses.
      definition.headerFilterLiveFilter = false;
      definition.headerFilterFunc = 'like';
      definition.headerFilterPlaceholder = words.search();
    }
    if (column.total) {
      definition.bottomCalc = 'sum';
      definition.bottomCalcFormatter = totalFormatter(column, words);
    } else if (column.totalValues) {
      definition.bottomCalc = (values: unknown[]) => valuesText(column.kind, values, words);
      definition.bottomCalcFormatter = (cell) => textNode(String(cell.getValue() ?? ''));
    } else if (column.totalLabel !== undefined) {
      const label = column.totalLabel;
      definition.bottomCalc = () => label;
      definition.bottomCalcFormatter = () => textNode(label);
    }
    return definition;
  });
  if (narrowFrame) keepFrozen(definitions, narrowFrameWidth);
  return definitions;
}

/**
 * How a frame `frameWidth` wide lays out `columns` (heading words as toTabulatorColumns takes
 * them): `narrowFrameWidth` is the frame's width when it is too narrow for every column at its
 * least width (a phone), else 0 (also for a frame not laid out yet, a hidden one); `key` says
 * which columns that keeps frozen and narrows to their words, so that a table whose frame comes to
 * another layout (a window made narrower, a phone turned) is built again for it.
 */
export function frameLayout(
  columns: readonly TableColumn[],
  headingWords: readonly number[],
  frameWidth: number,
): { narrowFrameWidth: number; key: string } {
  const leastWidth = toTabulatorColumns(columns, undefined, headingWords).reduce(
    (sum, column) => sum + (column.minWidth ?? 0),
    0,
  );
  const narrowFrameWidth = frameWidth > 0 && leastWidth > frameWidth ? frameWidth : 0;
  const layout = toTabulatorColumns(columns, undefined, headingWords, { narrowFrameWidth }).map(
    (column) => [column.frozen === true, column.minWidth, column.cssClass ?? ''],
  );
  return { narrowFrameWidth, key: JSON.stringify(layout) };
}

const columnSchema = v.object({
  field: v.pipe(v.string(), v.minLength(1, expected('a field name'))),
  title: v.string(),
  kind: v.optional(
    v.picklist(['text', 'number', 'money', 'percent', 'date', 'datetime', 'boolean']),
  ),
  sortable: v.optional(v.boolean()),
  filter: v.optional(v.boolean()),
  frozen: v.optional(v.boolean()),
  total: v.optional(v.boolean()),
  link: v.optional(v.picklist(['job', 'job-edit', 'site-search', 'asset-search', 'user'])),
  width: v.optional(v.number()),
  grow: v.optional(v.pipe(v.number(), v.gtValue(0, expected('a number above 0')))),
});

/** `data-columns` as columns, or an AttributeError saying what is wrong with it. */
export function parseColumns(value: unknown, attribute = 'data-columns'): TableColumn[] {
  const result = tryDecode(v.array(columnSchema), value);
  if (result.ok) return result.value;
  throw new AttributeError(attribute, `${attribute}: ${result.issues[0]}`);
}
