import { fireEvent } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/linking-table/index';

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

const stored = (id: number, priority: number) => ({
  id,
  priority_id: priority,
  contractor_id: 20,
  asset_id: null,
  model_id: null,
  not_to_exceed: 250,
  time_to_fix: 4,
  include_non_working: false,
  active: true,
});

/** The Option constructor happy-dom lacks (the table measures its selects' options with it). */
function Option(text = '', value = text, _default = false, selected = false) {
  const option = document.createElement('option');
  option.text = text;
  option.value = value;
  option.selected = selected;
  return option;
}

/** The host's answers, with `rows` as the table's stored links. */
function host(rows: unknown[]) {
  vi.stubGlobal('Option', Option);
  const answers: Record<string, unknown> = {
    '/api/linking/rows': { data: rows },
    '/api/priorities/index': { 1: 'P1 Emergency (4 hours)', 3: 'P3 Routine (5 days)' },
    '/api/contractors/index/1': [
      { user_id: 20, name: 'Northern Mechanical Ltd', primary: true, status: 1 },
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => json(answers[new URL(request.url).pathname])),
  );
}

async function mount(attributes = '') {
  document.body.innerHTML = `<fm-linking-table data-source-url="/api/linking/rows?model=Site&amp;site_id=1"
    data-save-url="/api/linking/save" data-model="Site" data-site-id="1" ${attributes}></fm-linking-table>`;
  return vi.waitFor(() => {
    const grid = document.querySelector('[role="grid"]');
    if (!grid) throw new Error('no table yet');
    return grid;
  });
}

/** What the table's status region announces. */
const announced = () => document.querySelector('.fm-table__status')?.textContent;

afterEach(() => vi.unstubAllGlobals());

describe('fm-linking-table', () => {
  it('says there are no links, or that none matches the search and how to clear it', async () => {
    host([]);
    await mount();
    await vi.waitFor(() =>
      expect(announced()).toBe('There are no links here yet: Add link makes one.'),
    );
    document.body.innerHTML = '';

    host([stored(1, 1), stored(2, 3)]);
    await mount();
    await vi.waitFor(() => expect(announced()).toBe('2 rows'));
    const search = document.querySelector('input[type="search"]') as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'Acme' } });
    await vi.waitFor(
      () =>
        expect(announced()).toBe('No link matches “Acme”. Clear the search box to see every link.'),
      { timeout: 3000 },
    );
  });

  it('says its words, and names its table and controls, in the words of its data-messages', async () => {
    host([]);
    const words = {
      'linkingTable.addLink': 'Verknüpfung hinzufügen',
      'linkingTable.search': 'Verknüpfungen suchen',
      'linkingTable.table': 'Prioritäten und Auftragnehmer',
      'linkingTable.noLinks': 'Noch keine Verknüpfungen.',
    };
    const grid = await mount(`data-messages='${JSON.stringify(words)}'`);
    expect(grid.getAttribute('aria-label')).toBe('Prioritäten und Auftragnehmer');
    expect(document.querySelector('.fm-linking__add')?.textContent).toBe('Verknüpfung hinzufügen');
    expect(document.querySelector('label')?.textContent).toBe('Verknüpfungen suchen');
    await vi.waitFor(() => expect(announced()).toBe('Noch keine Verknüpfungen.'));
  });
});
