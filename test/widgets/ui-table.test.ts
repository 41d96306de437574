import type { CellComponent, Editor } from 'tabulator-tables';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/runtime/api';
import {
  FILTER_MIN_WIDTH,
  formatValue,
  frameLayout,
  headingMinWidth,
  KIND_MIN_WIDTH,
  linkHref,
  NARROW_FROZEN_CLASS,
  parseColumns,
  type TableColumn,
  toTabulatorColumns,
  valuesText,
} from '../../src/ui/columns';
import { emptyMessage, pagePosition, rowsCounter, shownAnnouncement } from '../../src/ui/Table';
import { fetchAllRows, rowsQuery, toCsv } from '../../src/ui/table-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('columns', () => {
  const columns: TableColumn[] = [
    { field: 'id', title: 'Job', link: 'job', filter: true, frozen: true },
    { field: 'total', title: 'Total', kind: 'money', total: true },
    { field: 'created', title: 'Logged', kind: 'datetime', sortable: false },
  ];

  it('become Tabulator definitions: sorting, searches, frozen, totals and alignment', () => {
    const [id, total, created] = toTabulatorColumns(columns);
    expect(id).toMatchObject({
      field: 'id',
      title: 'Job',
      headerSort: true,
      frozen: true,
      headerFilterLiveFilter: false,
      headerFilterPlaceholder: 'Search',
    });
    expect(typeof id?.headerFilter).toBe('function');
    expect(total).toMatchObject({ sorter: 'number', hozAlign: 'right', bottomCalc: 'sum' });
    expect(total).not.toHaveProperty('headerFilter');
    expect(created).toMatchObject({ headerSort: false, sorter: 'string' });
  });

  it('search from a heading box however its text changes: typed, pasted or cleared', () => {
    vi.useFakeTimers();
    try {
      const [id] = toTabulatorColumns(columns, undefined, [], { searchDelay: 400 });
      const searchBox = id?.headerFilter as Exclude<Editor, string | true>;
      const success = vi.fn();
      const cell = { getValue: () => '' } as unknown as CellComponent;
      const box = searchBox(
        cell,
        () => {},
        success,
        () => {},
        {},
      ) as HTMLInputElement;
      document.body.append(box);
      expect(box.type).toBe('search');
      expect(box.getAttribute('aria-label')).toBe('Search Job');
      // A paste is an input event with no key pressed.
      box.value = '6250';
      box.dispatchEvent(new Event('input', { bubbles: true }));
      vi.advanceTimersByTime(399);
      expect(success).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(success).toHaveBeenCalledExactlyOnceWith('6250');
      // Enter or leaving the box searches at once.
      box.value = '62';
      box.dispatchEvent(new Event('input', { bubbles: true }));
      box.dispatchEvent(new Event('change', { bubbles: true }));
      expect(success).toHaveBeenLastCalledWith('62');
      vi.advanceTimersByTime(400);
      expect(success).toHaveBeenCalledTimes(2);
      box.remove();
    } finally {
      vi.useRealTimers();
    }
  });

  it('say in the totals row what they total: a label, or the values of the rows totalled', () => {
    const [site, year] = toTabulatorColumns([
      { field: 'site', title: 'Site', totalLabel: 'Total' },
      { field: 'year', title: 'Year start', totalValues: true },
    ]);
    const calc = (definition: typeof site, values: unknown[]) => {
      const bottomCalc = definition?.bottomCalc;
      return typeof bottomCalc === 'function' ? bottomCalc(values, [], {}) : undefined;
    };
    expect(calc(site, ['Leeds', 'York'])).toBe('Total');
    expect(calc(year, [2026, 2025, 2026])).toBe('2025 and 2026');
    expect(valuesText(undefined, ['2026', 2024, '2025', null, ''])).toBe('2024, 2025 and 2026');
    expect(valuesText(undefined, [2026])).toBe('2026');
    expect(valuesText(undefined, [])).toBe('');
  });

  it('fit the frame: text wraps, figures and dates keep one line and their least width', () => {
    const [id, total, created] = toTabulatorColumns(
      [...columns, { field: 'description', title: 'Description', grow: 3 }],
      undefined,
      [30, 40, 100],
    );
    expect(id).toMatchObject({ minWidth: KIND_MIN_WIDTH.text, cssClass: 'fm-table__cell--wrap' });
    expect(total).toMatchObject({ minWidth: KIND_MIN_WIDTH.money, headerWordWrap: true });
    expect(total).not.toHaveProperty('cssClass');
    expect(created).toMatchObject({ minWidth: KIND_MIN_WIDTH.datetime, vertAlign: 'middle' });
    const description = toTabulatorColumns([{ field: 'd', title: 'Description', grow: 3 }])[0];
    expect(description).toMatchObject({ widthGrow: 3, variableHeight: true });
    // A host's width replaces its kind's, never leaving a search box too narrow.
    const narrow = toTabulatorColumns([{ field: 'n', title: 'N', width: 40, filter: true }]);
    expect(narrow[0]?.minWidth).toBe(FILTER_MIN_WIDTH);
  });

  it('are wide enough for the longest word of their heading, measured or estimated', () => {
    // 'Quantity' measured at 60 px: padding 12 and the sort arrow 25.
    expect(headingMinWidth('Quantity', true, 60)).toBe(97);
    expect(headingMinWidth('Quantity', false, 60)).toBe(72);
    // Without layout: 9.5 px a character of the longest word.
    expect(headingMinWidth('Order Number', false)).toBe(69);
    const [wide] = toTabulatorColumns(
      [{ field: 'q', title: 'Quantity', kind: 'number' }],
      undefined,
      [200],
    );
    expect(wide?.minWidth).toBe(237);
  });

  it('on a narrow frame, ask of a frozen text column only its heading and search box', () => {
    const budget: TableColumn[] = [
      { field: 'site', title: 'Site', frozen: true, filter: true },
      { field: 'branch', title: 'Branch', frozen: true },
      { field: 'budget', title: 'Budget', kind: 'money', frozen: true },
      { field: 'year', title: 'Year' },
    ];
    const [site, branch, money, year] = toTabulatorColumns(budget, undefined, [30, 44, 50, 30], {
      narrowFrameWidth: 600,
    });
    // A search box's "Search", then padding 12 and the smaller sort arrow 12.
    expect(site).toMatchObject({ minWidth: 76, cssClass: NARROW_FROZEN_CLASS, frozen: true });
    expect(branch).toMatchObject({ minWidth: 68, cssClass: NARROW_FROZEN_CLASS });
    // A figure and a column that scrolls keep their widths.
    expect(money?.minWidth).toBe(KIND_MIN_WIDTH.money);
    expect(year).toMatchObject({ minWidth: KIND_MIN_WIDTH.text, cssClass: 'fm-table__cell--wrap' });
  });

  it('on a narrow frame, keep frozen only the columns that leave room beside them', () => {
    const budget: TableColumn[] = [
      { field: 'site', title: 'Site', frozen: true },
      { field: 'branch', title: 'Branch', frozen: true },
      { field: 'code', title: 'Budget code', frozen: true },
      { field: 'budget', title: 'Budget', kind: 'money' },
    ];
    const frozen = (narrowFrameWidth: number) =>
      toTabulatorColumns(budget, undefined, [], { narrowFrameWidth }).map(
        (column) => column.frozen ?? false,
      );
    // Estimated least widths 62, 81 and 81: at most 40% of the frame.
    expect(frozen(344)).toEqual([true, false, false, false]);
    expect(frozen(400)).toEqual([true, true, false, false]);
    expect(frozen(608)).toEqual([true, true, true, false]);
    expect(frozen(0)).toEqual([true, true, true, false]);
    // The first stays, whatever its width.
    expect(frozen(100)).toEqual([true, false, false, false]);
    // Those that scroll are narrowed to their longest word all the same.
    expect(
      toTabulatorColumns(budget, undefined, [], { narrowFrameWidth: 344 }).map(
        (column) => column.cssClass,
      ),
    ).toEqual([NARROW_FROZEN_CLASS, NARROW_FROZEN_CLASS, NARROW_FROZEN_CLASS, undefined]);
  });

  it('are laid out again only when a new frame width changes what is frozen or narrowed', () => {
    const budget: TableColumn[] = [
      { field: 'site', title: 'Site', frozen: true, filter: true },
      { field: 'branch', title: 'Branch', frozen: true },
      { field: 'code', title: 'Budget code', frozen: true },
      { field: 'budget', title: 'Budget', kind: 'money' },
      { field: 'spend', title: 'Spend', kind: 'money' },
    ];
    const desk = frameLayout(budget, [], 1280);
    const phone = frameLayout(budget, [], 344);
    // Least widths 3 × 96 + 2 × 112 = 512 px: a desk frame takes them, a phone narrows them.
    expect(desk.narrowFrameWidth).toBe(0);
    expect(phone.narrowFrameWidth).toBe(344);
    expect(phone.key).not.toBe(desk.key);
    // A desk a little narrower, or a hidden frame (no width yet), lays them out as a desk.
    expect(frameLayout(budget, [], 1000).key).toBe(desk.key);
    expect(frameLayout(budget, [], 0)).toEqual(desk);
    // A phone a little wider keeps the same columns frozen: nothing to build again.
    expect(frameLayout(budget, [], 360).key).toBe(phone.key);
    // Columns a narrow frame changes nothing of (one frozen link) take one layout at any width.
    expect(frameLayout(columns, [], 200).narrowFrameWidth).toBe(200);
    expect(frameLayout(columns, [], 200).key).toBe(frameLayout(columns, [], 1280).key);
  });

  it('draw cells as text, never as HTML, and links through the route builders', () => {
    const [id, total] = toTabulatorColumns(columns);
    const cell = (value: unknown) => ({ getValue: () => value }) as never;
    const format = (definition: typeof id, value: unknown) => {
      const formatter = definition?.formatter as unknown as (cell: never) => Node;
      return formatter(cell(value));
    };
    const anchor = format(id, '<b>7</b>') as HTMLAnchorElement;
    expect(anchor.textContent).toBe('<b>7</b>');
    expect(anchor.querySelector('b')).toBeNull();
    expect(format(total, '1234.5').textContent).toBe('1,234.50');
    expect(linkHref('job', 1001, '/contractor/jobs')).toBe('/contractor/jobs/view/1001');
    expect(linkHref('job', 1001, '/jobs')).toBe('/jobs/view/1001');
    expect(linkHref('site-search', 'Leeds Briggate', '/')).toBe(
      '/sites/index/search:Leeds%20Briggate',
    );
  });

  it('format en-GB: money 2 decimals, DD/MM/YYYY dates, percentages, yes/no', () => {
    expect(formatValue('money', 12)).toBe('12.00');
    expect(formatValue('date', '2024-03-05 14:07:00')).toBe('05/03/2024');
    expect(formatValue('datetime', '2024-03-05 14:07:00')).toBe('05/03/2024 14:07');
    expect(formatValue('percent', '87.25')).toBe('87.3%');
    expect(formatValue('boolean', '1')).toBe('Yes');
    expect(formatValue('text', null)).toBe('');
  });

  it('are read from data-columns, naming what is wrong', () => {
    expect(parseColumns([{ field: 'id', title: 'Job' }])).toEqual([{ field: 'id', title: 'Job' }]);
    expect(() => parseColumns({})).toThrow('data-columns: expected a list, got an object');
    expect(() => parseColumns([{ field: 'id', title: 'Job', kind: 'colour' }])).toThrow(
      'data-columns: [0].kind: expected one of "text" | "number" | "money" | "percent" | "date" | "datetime" | "boolean", got "colour"',
    );
    expect(() => parseColumns([{ field: 'id', title: 'Job', grow: 0 }])).toThrow(
      'data-columns: [0].grow: expected a number above 0, got 0',
    );
    expect(() => parseColumns([{ field: '', title: 'Job' }])).toThrow(
      'data-columns: [0].field: expected a field name, got ""',
    );
  });
});

describe('rows', () => {
  it("turn Tabulator's parameters into the rows query, leaving out empty searches", () => {
    expect(
      rowsQuery(
        {
          page: 2,
          size: 100,
          sort: [{ field: 'site', dir: 'desc' }],
          filter: [
            { field: 'site', value: ' leeds ' },
            { field: 'status', value: '' },
          ],
        },
        10,
      ),
    ).toEqual({
      page: 2,
      size: 100,
      sort: [{ field: 'site', dir: 'desc' }],
      filter: { site: 'leeds' },
    });
    expect(rowsQuery({}, 100)).toEqual({ page: 1, size: 100, sort: [], filter: {} });
  });

  it('are all fetched for a CSV, page after page, with the sort and searches on show', async () => {
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        urls.push(url);
        const page = Number(url.searchParams.get('page'));
        return new Response(JSON.stringify({ data: [{ id: page }], last_page: 3, total: 3 }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const api = createApi({ apiBase: '', timeout: 1000 });
    const rows = await fetchAllRows(api, '/api/jobs/table', {
      sort: [{ field: 'id', dir: 'asc' }],
      filter: { site: 'leeds' },
    });
    expect(rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(urls.map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(urls[0]?.searchParams.get('sort')).toBe('id:asc');
    expect(urls[0]?.searchParams.get('filter[site]')).toBe('leeds');
    expect(urls[0]?.searchParams.get('size')).toBe('1000');
  });

  it('make RFC 4180 CSV: quoted where needed, money to 2 decimals without separators', () => {
    const csv = toCsv(
      [
        { field: 'name', title: 'Name, full' },
        { field: 'total', title: 'Total', kind: 'money' },
        { field: 'created', title: 'Date', kind: 'date' },
      ],
      [{ name: 'Say "hi"', total: 1234.5, created: '2024-03-05' }],
    );
    expect(csv).toBe('"Name, full",Total,Date\r\n"Say ""hi""",1234.50,05/03/2024\r\n');
  });

  it('make CSV text that a spreadsheet cannot run as a formula, numbers staying numbers', () => {
    const csv = toCsv(
      [
        { field: 'name', title: 'Site' },
        { field: 'total', title: 'Total', kind: 'money' },
        { field: 'count', title: 'Count', kind: 'number' },
      ],
      [
        { name: '=HYPERLINK("http://evil.example","Click")', total: -12.5, count: '-3' },
        { name: '+44 113 496 0000', total: 0, count: 0 },
        { name: '@SUM(A1)', total: 1, count: 1 },
        { name: '-Leeds', total: 1, count: 1 },
        { name: '\tTabbed', total: 1, count: 1 },
        { name: 'Leeds = York', total: 1, count: 1 },
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      'Site,Total,Count',
      `"'=HYPERLINK(""http://evil.example"",""Click"")",-12.50,-3`,
      "'+44 113 496 0000,0.00,0",
      "'@SUM(A1),1.00,1",
      "'-Leeds,1.00,1",
      "'\tTabbed,1.00,1",
      'Leeds = York,1.00,1',
      '',
    ]);
  });

  it('are counted en-GB', () => {
    expect(rowsCounter(101, 100, 5250)).toBe('Showing 101–200 of 5,250 rows');
    expect(rowsCounter(5201, 100, 5250)).toBe('Showing 5,201–5,250 of 5,250 rows');
    expect(rowsCounter(1, 100, 0)).toBe('');
    expect(rowsCounter(1, 100, 1)).toBe('Showing 1–1 of 1 row');
  });

  it("are paged, the pager saying which page of how many (a phone's, in place of the page buttons)", () => {
    expect(pagePosition(1, 2, 101)).toBe('Page 1 of 2');
    expect(pagePosition(1200, 1200, 120_000)).toBe('Page 1,200 of 1,200');
    expect(pagePosition(1, 1, 0)).toBe('');
  });

  it('are announced once shown: the empty state, the counter, or how many an unpaged table shows', () => {
    const empty = emptyMessage(true);
    expect(shownAnnouncement(0, empty, '')).toBe(
      'No rows match the search. Change or clear the search boxes under the column headings.',
    );
    expect(shownAnnouncement(100, empty, 'Showing 1–100 of 5,252 rows')).toBe(
      'Showing 1–100 of 5,252 rows',
    );
    expect(shownAnnouncement(1, empty, '')).toBe('1 row');
    expect(shownAnnouncement(1250, empty, '')).toBe('1,250 rows');
  });
});
