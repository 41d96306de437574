import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyMessage } from '../../src/ui/Table';
import '../../widgets/budget-records/index';
import {
  csvFileName,
  emptyRecordsText,
  FASCIAS_KEY,
  filteredUrl,
  filterPath,
  readFilter,
  rowsFilter,
  storedFascias,
  storeFascias,
} from '../../widgets/budget-records/filters';
import messages from '../../widgets/budget-records/messages';
import { answerRows } from './rows-answer';

const words = messages.budgetRecords;
const NO_MATCHING_RECORDS = words.noMatchingRecords();

afterEach(() => sessionStorage.clear());

describe('budget records filters', () => {
  const filter = {
    surveyor: '7',
    fascias: ['Briggs & Hart', 'North, West'],
    categoryId: '1',
    scope: 'opex',
  };

  it('become the report path of docs/requirements.md §2 and are read back from it', () => {
    const path = filterPath(filter);
    expect(path).toBe(
      '/reports/budget_records/surveyor:7/fascias:Briggs%20%26%20Hart,North%2C%20West/category_id:1/scope:opex',
    );
    expect(readFilter(path, sessionStorage)).toEqual(filter);
    expect(filterPath({ fascias: [] })).toBe('/reports/budget_records');
  });

  it('keep the chosen fascias in session storage under "fascias", used when the path has none', () => {
    storeFascias(sessionStorage, ['Northway']);
    expect(sessionStorage.getItem(FASCIAS_KEY)).toBe('["Northway"]');
    expect(readFilter('/reports/budget_records/scope:capex', sessionStorage)).toEqual({
      surveyor: null,
      fascias: ['Northway'],
      categoryId: null,
      scope: 'capex',
    });
    expect(readFilter('/reports/budget_records/fascias:A', sessionStorage).fascias).toEqual(['A']);
    storeFascias(sessionStorage, []);
    expect(sessionStorage.getItem(FASCIAS_KEY)).toBeNull();
    sessionStorage.setItem(FASCIAS_KEY, 'not json');
    expect(storedFascias(sessionStorage)).toEqual([]);
  });

  it('become the rows call filters, ahead of the paging parameters', () => {
    expect(rowsFilter(filter)).toEqual({
      surveyor_id: '7',
      fascia: 'Briggs & Hart,North, West',
      category_id: '1',
      scope: 'opex',
    });
    const url = new URL(filteredUrl('/api/reports/budget_records', filter), 'http://host');
    expect(url.searchParams.get('filter[fascia]')).toBe('Briggs & Hart,North, West');
    expect(filteredUrl('/rows?x=1', { scope: 'capex' })).toBe('/rows?x=1&filter%5Bscope%5D=capex');
    expect(filteredUrl('/rows', {})).toBe('/rows');
  });

  it('say, when they leave no rows, that no rows match them and how to see more', () => {
    expect(emptyRecordsText({ scope: 'capex' }, words)).toBe(NO_MATCHING_RECORDS);
    expect(emptyRecordsText({ fascias: ['Northway'] }, words)).toBe(NO_MATCHING_RECORDS);
    expect(NO_MATCHING_RECORDS).toBe(
      'No rows match the filters. To see more, set a filter back to All, or unselect the chosen fascias (tap or Ctrl-click each, Cmd on a Mac), and apply the filters again.',
    );
    // No filter: the table's own "There are no rows to show yet."
    expect(
      emptyRecordsText({ surveyor: null, fascias: [], categoryId: null, scope: null }, words),
    ).toBe(undefined);
    expect(emptyMessage(false, emptyRecordsText({}, words))).toBe('There are no rows to show yet.');
    expect(emptyMessage(false, emptyRecordsText({ scope: 'capex' }, words))).toBe(
      NO_MATCHING_RECORDS,
    );
    // A header search set as well: the search message, which names what to clear first.
    expect(emptyMessage(true, NO_MATCHING_RECORDS)).toBe(
      'No rows match the search. Change or clear the search boxes under the column headings.',
    );
  });

  it('name the CSV by type, period and year start', () => {
    expect(csvFileName('spend', 'annual', '2025')).toBe('budget-records_spend_annual_2025.csv');
    expect(csvFileName('Spend / actual', 'Q1 2025', 2025)).toBe(
      'budget-records_Spend-actual_Q1-2025_2025.csv',
    );
    expect(csvFileName('', ' ', '')).toBe('budget-records_all_all_all.csv');
  });
});

describe('fm-budget-records', () => {
  afterEach(() => document.body.replaceChildren());

  it('names a filter list it cannot read, instead of offering "undefined"', async () => {
    document.body.innerHTML = `<fm-budget-records data-url="/api/reports/budget_records"
      data-type="Budget" data-period="Q1" data-year-start="2026-04-01"
      data-surveyors='[{"id":7,"name":"Ann Surveyor"}]' data-categories='[{"id":1},{"id":2}]'>
      </fm-budget-records>`;
    await vi.waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe(
        'fm-budget-records: data-categories: [0].name is required',
      ),
    );
    expect(document.querySelector('select')).toBeNull();
  });

  it('says under the Fascias list that several can be chosen, read with the list', async () => {
    document.body.innerHTML = `<fm-budget-records data-url="/api/reports/budget_records"
      data-type="Budget" data-period="Q1" data-year-start="2026-04-01"
      data-fascia-options='["Northway","Head Office"]'></fm-budget-records>`;
    const fascias = await vi.waitFor(() => {
      const list = document.querySelector<HTMLSelectElement>('select[multiple]');
      if (!list) throw new Error('no Fascias list yet');
      return list;
    });
    expect(fascias.labels?.[0]?.textContent).toBe('Fascias');
    const hints = (fascias.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(hints).toEqual(['Tap or Ctrl-click (Cmd on a Mac) to choose several']);
  });

  it("shows its filters and says what is empty in the element's data-messages", async () => {
    answerRows([]);
    history.replaceState(null, '', '/reports/budget_records/scope:capex');
    const own = {
      'budgetRecords.applyFilters': 'Show the records',
      'budgetRecords.filters': 'Which records',
      'budgetRecords.noMatchingRecords': 'Nothing matches.',
    };
    document.body.innerHTML = `<fm-budget-records data-url="/api/reports/budget_records"
      data-type="Budget" data-period="Q1" data-year-start="2026-04-01"
      data-messages='${JSON.stringify(own)}'></fm-budget-records>`;
    const apply = await vi.waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (!button) throw new Error('no filters yet');
      return button;
    });
    expect(apply.textContent).toBe('Show the records');
    expect(document.querySelector('form')?.getAttribute('aria-label')).toBe('Which records');
    await vi.waitFor(() =>
      expect(document.querySelector('[role="status"]')?.textContent).toBe('Nothing matches.'),
    );
    history.replaceState(null, '', '/');
    vi.unstubAllGlobals();
  });
});
