import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_CLASSES } from '../../src/ui/Alert';
import { Tabulator } from '../../src/ui/tabulator';
import '../../widgets/data-table/index';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const COLUMNS = JSON.stringify([
  { field: 'id', title: 'Job', link: 'job', filter: true },
  { field: 'site', title: 'Site' },
]);

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.querySelector('fm-data-table') as HTMLElement;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fm-data-table', () => {
  // Drawing rows needs layout: Chromium checks the cells (test/browser/tables.spec.ts).
  it('asks the host for page 1 of 100 rows and counts what came back', async () => {
    const fetch = vi.fn(async (_request: Request) =>
      json({ data: [{ id: 7, site: 'Leeds <Briggate>' }], last_page: 1, total: 1 }),
    );
    vi.stubGlobal('fetch', fetch);
    const element = mount(
      `<fm-data-table data-url="/api/jobs/table" data-label="Jobs" data-columns='${COLUMNS}'></fm-data-table>`,
    );
    await vi.waitFor(() =>
      expect(element.querySelector('.fm-table__counter')?.textContent).toBe('Showing 1–1 of 1 row'),
    );
    // The grid is silent: the status region says what came back.
    expect(element.querySelector('[role="status"]')?.textContent).toBe('Showing 1–1 of 1 row');
    // A phone's pager says which page of how many (table.css shows it there).
    expect(element.querySelector('.fm-table__pager .fm-table__page-position')?.textContent).toBe(
      'Page 1 of 1',
    );
    const [request] = fetch.mock.calls[0] ?? [];
    const url = new URL((request as Request).url);
    expect(url.pathname).toBe('/api/jobs/table');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('size')).toBe('100');
    expect(element.querySelector('[role="grid"]')?.getAttribute('aria-label')).toBe('Jobs');
    expect(element.querySelector('[role="searchbox"], input[type="search"]')).not.toBeNull();
  });

  it('shows a failed load with Retry, which asks again', async () => {
    const fetch = vi
      .fn(async (_request: Request) => json({ data: [], last_page: 1, total: 0 }))
      .mockResolvedValueOnce(json({ status: 'error', message: 'Jobs are unavailable.' }, 500));
    vi.stubGlobal('fetch', fetch);
    const element = mount(
      `<fm-data-table data-url="/api/jobs/table" data-columns='${COLUMNS}'></fm-data-table>`,
    );
    await vi.waitFor(() =>
      expect(element.querySelector('[role="alert"]')?.textContent).toContain(
        'Jobs are unavailable.',
      ),
    );
    const retry = [...element.querySelectorAll('button')].find((b) => b.textContent === 'Retry');
    expect(retry?.className).toBe(RETRY_CLASSES);
    retry?.click();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(element.querySelector('[role="alert"]')).toBeNull());
  });

  it('names a bad data-columns instead of rendering', async () => {
    const element = mount(
      `<fm-data-table data-url="/x" data-columns='[{"title":"No field"}]'></fm-data-table>`,
    );
    await vi.waitFor(() =>
      expect(element.querySelector('[role="alert"]')?.textContent).toBe(
        'fm-data-table: data-columns: [0].field is required',
      ),
    );
  });

  it('announces an empty table in its status region, as the grid shows it', async () => {
    const element = mount(
      `<fm-data-table data-rows='[]' data-columns='${COLUMNS}'></fm-data-table>`,
    );
    await vi.waitFor(() =>
      expect(element.querySelector('[role="status"]')?.textContent).toBe(
        'There are no rows to show yet.',
      ),
    );
  });

  it("names the grid in the element's data-messages when it has no data-label", async () => {
    const element = mount(
      `<fm-data-table data-rows='[]' data-columns='${COLUMNS}' data-messages='{"dataTable.table": "Jobs list"}'></fm-data-table>`,
    );
    await vi.waitFor(() =>
      expect(element.querySelector('.tabulator')?.getAttribute('aria-label')).toBe('Jobs list'),
    );
  });

  it('reads no header filter before the table is built (Tabulator warns "Table Not Initialized")', async () => {
    const warn = vi.spyOn(console, 'warn');
    const element = mount(
      `<fm-data-table data-rows='[]' data-columns='${COLUMNS}'></fm-data-table>`,
    );
    await vi.waitFor(() => expect(element.querySelector('.tabulator-header')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warn.mock.calls.flat().join('\n')).not.toContain('Table Not Initialized');
    warn.mockRestore();
  });

  it('destroys its table when removed, also when removed before the table was built', async () => {
    const destroy = vi.spyOn(Tabulator.prototype, 'destroy');
    const element = mount(
      `<fm-data-table data-rows='[{"id":1,"site":"York"}]' data-columns='${COLUMNS}'></fm-data-table>`,
    );
    await vi.waitFor(() => expect(element.querySelector('.tabulator')).not.toBeNull());
    // Removed in the same task as the table started building.
    element.remove();
    await vi.waitFor(() => expect(destroy).toHaveBeenCalledTimes(1));
    destroy.mockRestore();
  });
});
