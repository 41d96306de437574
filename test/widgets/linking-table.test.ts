import { describe, expect, it, vi } from 'vitest';
import { type LinkingRow, linkingSaveBody, linkingSaveRequest } from '../../src/core/contract';
import { decode } from '../../src/core/contract/decode';
import { INVALID_AMOUNT } from '../../src/core/money-input';
import type { Api } from '../../src/runtime/api';
import { changesSaved } from '../../src/ui/SaveBar';
import {
  assetCategoryLinks,
  changedLinks,
  createAssetCategoryStore,
  orderCategories,
} from '../../widgets/asset-category-linking/store';
import messages from '../../widgets/linking-table/messages';
import {
  type CompleteRow,
  choiceProblems,
  linkingSavePayload,
  matchingRows,
  newRow,
  readNotToExceed,
  readTimeToFix,
} from '../../widgets/linking-table/rows';
import { keepSavedNote, takeSavedNote } from '../../widgets/linking-table/saved-note';
import { createLinkingStore } from '../../widgets/linking-table/store';

const words = messages.linkingTable;
const linkingWords = () => words;

const contractors = [
  { user_id: 20, name: 'Northern Mechanical Ltd', primary: true, status: 1 },
  { user_id: 21, name: 'Pennine Electrical Services', primary: false, status: 2 },
];
const priorities: [number, string][] = [
  [1, 'P1 Emergency (4 hours)'],
  [3, 'P3 Routine (5 days)'],
];

/** An API answering each GET path from `answers` and every save with success. */
function fakeApi(answers: Record<string, unknown>): Api {
  return {
    getJson: async (path: string) => answers[path.split('?')[0] as string],
    postForm: async () => ({ status: 'success', message: 'every row saved' }),
  } as unknown as Api;
}
const signal = new AbortController().signal;

/** A row with its priority and contractor chosen (P1, Northern Mechanical unless told). */
const chosenRow = (key: number, choices: Partial<CompleteRow> = {}): CompleteRow => ({
  ...newRow(key, { model: 'Site' }),
  priority_id: 1,
  contractor_id: 20,
  ...choices,
});

describe('what a save says', () => {
  it('counts the changes, not the rows posted', () => {
    expect(changesSaved(1)).toBe('1 change saved');
    expect(changesSaved(1200)).toBe('1,200 changes saved');
    expect(changesSaved(0)).toBe('Saved. Nothing had changed.');
  });

  it('of the linking table: rows added or edited and stored rows removed, kept over the reload', async () => {
    const stored = (id: number) => ({ ...chosenRow(0, { priority_id: id }), id });
    const store = createLinkingStore(
      fakeApi({
        '/api/linking/rows': {
          data: [stored(1), stored(2), stored(3)].map(({ key: _, ...row }) => row),
        },
        '/api/priorities/index': { 1: 'P1', 3: 'P3' },
        '/api/contractors/index/1': contractors,
      }),
      { model: 'Site', siteId: 1 },
      linkingWords,
    );
    await store.getState().load('/api/linking/rows?model=Site', signal);
    const [first, second, third] = store.getState().rows;
    store.getState().editRow(first?.key ?? 0, { time_to_fix: 8 });
    store.getState().editRow(first?.key ?? 0, { time_to_fix: 9 });
    store.getState().editRow(second?.key ?? 0, { active: false });
    store.getState().removeRow(second?.key ?? 0);
    store.getState().removeRow(third?.key ?? 0);
    store.getState().removeRow(store.getState().addRow().key);
    store.getState().editRow(store.getState().addRow().key, { priority_id: 3, contractor_id: 21 });
    expect(await store.getState().save('/api/linking/save', signal)).toBe(true);
    expect(store.getState().saved).toBe(4);

    keepSavedNote('/api/linking/rows?model=Site', 4);
    expect(takeSavedNote('/api/linking/rows?model=Site')).toBe(4);
    expect(takeSavedNote('/api/linking/rows?model=Site')).toBeNull();
  });

  it('of the asset categories: only the rows whose category changed', async () => {
    const rows = [
      { id: 5, name: 'Heater', asset_category_id: null, asset_category_name: null },
      { id: 6, name: 'Lift', asset_category_id: 2, asset_category_name: 'Lifts' },
      { id: 7, name: 'Chiller', asset_category_id: 1, asset_category_name: 'HVAC' },
    ];
    const store = createAssetCategoryStore(
      fakeApi({
        '/api/linking/asset_category_rows': { data: structuredClone(rows) },
        '/api/linking/AssetCategories': {
          data: [
            { id: 1, name: 'HVAC', primary: true },
            { id: 2, name: 'Lifts', primary: true },
            { id: 3, name: 'Plumbing', primary: false },
          ],
        },
      }),
    );
    await store.getState().load('/api/linking/asset_category_rows?model=Model', signal);
    store.getState().choose(5, 3);
    store.getState().choose(6, 1);
    store.getState().choose(6, 2);
    expect(
      changedLinks(
        store.getState().rows,
        new Map(rows.map((row) => [row.id, row.asset_category_id])),
      ),
    ).toBe(1);
    await store.getState().save('/api/linking/asset_category_save', 'Model', signal);
    expect(store.getState().saved).toBe(1);
    store.getState().choose(7, null);
    await store.getState().save('/api/linking/asset_category_save', 'Model', signal);
    expect(store.getState().saved).toBe(1);
  });
});

describe('linking rows', () => {
  it('start new rows with no priority or contractor chosen, active (docs/requirements.md §3)', () => {
    expect(newRow(9, { model: 'Asset', assetId: 4 })).toEqual({
      key: 9,
      id: null,
      priority_id: null,
      contractor_id: null,
      asset_id: 4,
      model_id: null,
      not_to_exceed: 0,
      time_to_fix: 0,
      include_non_working: false,
      active: true,
    });
  });

  it('post the scope and every row as the ids JSON, without our keys', () => {
    const row = { ...chosenRow(1), id: 12 };
    const request = linkingSavePayload(
      { model: 'Site', siteId: 1, userId: 7, documentationCategoryId: 3 },
      [row, chosenRow(2, { priority_id: 3 })],
    );
    const body = linkingSaveBody(request);
    expect(Object.fromEntries(body)).toEqual({
      model: 'Site',
      asset_id: '',
      documentation_category_id: '3',
      site_id: '1',
      user_id: '7',
      problem_type_id: '',
      ids: expect.any(String),
    });
    const ids = JSON.parse(body.get('ids') ?? '[]') as Record<string, unknown>[];
    expect(ids.map((item) => item.id)).toEqual([12, null]);
    expect(ids.every((item) => !('key' in item))).toBe(true);
    // What the host decodes is what was on screen.
    expect(decode(linkingSaveRequest, Object.fromEntries(body), 'save').ids).toEqual(request.ids);
  });

  it('are searched by priority or contractor name and by value', () => {
    const rows = [
      chosenRow(1, { not_to_exceed: 750 }),
      chosenRow(2, { contractor_id: 21 }),
      newRow(3, { model: 'Site' }),
    ];
    const names = {
      priority: (id: number) => new Map(priorities).get(id) ?? '',
      contractor: (id: number) => contractors.find((c) => c.user_id === id)?.name ?? '',
    };
    // A row still being added, without its priority and contractor, shows whatever the search.
    expect(matchingRows(rows, 'pennine', names).map((row) => row.key)).toEqual([2, 3]);
    expect(matchingRows(rows, '750.00', names).map((row) => row.key)).toEqual([1, 3]);
    expect(matchingRows(rows, '  ', names)).toBe(rows);
    // As the table shows it, too.
    const large = [chosenRow(3, { not_to_exceed: 1500 })];
    expect(matchingRows(large, '1,500', names)).toHaveLength(1);
  });

  it('read a typed amount or number of hours, or say why it cannot be kept', () => {
    expect(readNotToExceed('1,250.5', words)).toEqual({ value: 1250.5 });
    expect(readNotToExceed('£80', words)).toEqual({ value: 80 });
    expect(readNotToExceed('0', words)).toEqual({ value: 0 });
    expect(readNotToExceed('-40', words)).toEqual({
      error: "Can't be negative: enter 0.00 or more",
    });
    // As much as a cost may be (new user: 99,999,999,999.00 was kept).
    expect(readNotToExceed('99,999,999.99', words)).toEqual({ value: 99_999_999.99 });
    expect(readNotToExceed('99999999999', words)).toEqual({
      error: 'Enter an amount of at most 99,999,999.99',
    });
    expect(readNotToExceed('', words)).toEqual({ error: INVALID_AMOUNT });
    expect(readNotToExceed('forty', words)).toEqual({ error: INVALID_AMOUNT });
    expect(readTimeToFix('48', words)).toEqual({ value: 48 });
    expect(readTimeToFix('-2', words)).toEqual({
      error: "Can't be negative: enter 0 or more hours",
    });
    expect(readTimeToFix('2.5', words)).toEqual({ error: 'Enter whole hours, for example 24' });
    expect(readTimeToFix('', words)).toEqual({ error: 'Enter whole hours, for example 24' });
  });

  it('are not saved while a box holds a refused value, and are once it is put right', async () => {
    const posted = vi.fn(async () => ({ status: 'success', message: 'saved' }));
    const api = {
      ...fakeApi({
        '/api/linking/rows': { data: [] },
        '/api/priorities/index': { 1: 'P1' },
        '/api/contractors/index/1': contractors,
      }),
      postForm: posted,
    } as unknown as Api;
    const store = createLinkingStore(api, { model: 'Site', siteId: 1 }, linkingWords);
    await store.getState().load('/api/linking/rows', signal);
    const row = store.getState().addRow();
    store.getState().editRow(row.key, { priority_id: 1, contractor_id: 20 });
    store.getState().markRefused(row.key, 'not_to_exceed', '-40');
    expect(store.getState().refusedText(row.key, 'not_to_exceed')).toBe('-40');
    expect(await store.getState().save('/api/linking/save', signal)).toBe(false);
    expect(store.getState().saveError).toBe(words.refusedValues());
    expect(store.getState().dirty).toBe(true);
    expect(posted).not.toHaveBeenCalled();
    // Put right: the refusal goes, and the row is saved with the value kept.
    store.getState().markRefused(row.key, 'not_to_exceed', null);
    store.getState().editRow(row.key, { not_to_exceed: 40 });
    expect(store.getState().saveError).toBeNull();
    expect(await store.getState().save('/api/linking/save', signal)).toBe(true);
    expect(posted).toHaveBeenCalledOnce();
    // A removed row takes its refused box with it.
    const other = store.getState().addRow();
    store.getState().editRow(other.key, { priority_id: 3, contractor_id: 21 });
    store.getState().markRefused(other.key, 'time_to_fix', '-1');
    store.getState().removeRow(other.key);
    expect(await store.getState().save('/api/linking/save', signal)).toBe(true);
  });
});

describe('a new link', () => {
  /** A store of site 1 holding `stored` rows, and the saves it posted. */
  async function siteStore(stored: CompleteRow[] = []) {
    const posted = vi.fn(async (_url: string, _body: URLSearchParams) => ({
      status: 'success',
      message: 'saved',
    }));
    const api = {
      ...fakeApi({
        '/api/linking/rows': { data: stored.map(({ key: _, ...row }) => row) },
        '/api/priorities/index': { 1: 'P1 Emergency (4 hours)', 3: 'P3 Routine (5 days)' },
        '/api/contractors/index/1': contractors,
      }),
      postForm: posted,
    } as unknown as Api;
    const store = createLinkingStore(api, { model: 'Site', siteId: 1 }, linkingWords);
    await store.getState().load('/api/linking/rows', signal);
    return { store, posted };
  }

  it('is not saved until its priority and contractor are chosen, with why under each box', async () => {
    const { store, posted } = await siteStore();
    const row = store.getState().addRow();
    expect([row.priority_id, row.contractor_id]).toEqual([null, null]);
    // Not said while it is being filled in.
    expect([...store.getState().choiceErrors]).toEqual([]);

    expect(await store.getState().save('/api/linking/save', signal)).toBe(false);
    expect(posted).not.toHaveBeenCalled();
    expect(store.getState().saveError).toBe(
      'Nothing was saved: correct the values marked in the table first.',
    );
    expect(store.getState().dirty).toBe(true);
    expect([...store.getState().choiceErrors]).toEqual([
      [`${row.key} priority_id`, 'A link needs a priority: choose one'],
      [`${row.key} contractor_id`, 'A link needs a contractor: choose one'],
    ]);

    store.getState().editRow(row.key, { priority_id: 3 });
    expect([...store.getState().choiceErrors]).toEqual([
      [`${row.key} contractor_id`, 'A link needs a contractor: choose one'],
    ]);
    expect(store.getState().saveError).not.toBeNull();
    store.getState().editRow(row.key, { contractor_id: 21 });
    expect([...store.getState().choiceErrors]).toEqual([]);
    expect(store.getState().saveError).toBeNull();

    expect(await store.getState().save('/api/linking/save', signal)).toBe(true);
    expect(store.getState().saved).toBe(1);
    const ids = JSON.parse(posted.mock.calls[0]?.[1].get('ids') ?? '[]') as LinkingRow[];
    expect(ids).toMatchObject([{ id: null, priority_id: 3, contractor_id: 21 }]);
  });

  it('that repeats another row’s priority and contractor is refused at once, and not saved', async () => {
    const { store, posted } = await siteStore([{ ...chosenRow(0), id: 7 }]);
    const row = store.getState().addRow();
    store.getState().editRow(row.key, { priority_id: 1, contractor_id: 20 });
    expect([...store.getState().choiceErrors]).toEqual([
      [
        `${row.key} contractor_id`,
        'Link 1 already has this priority and contractor: choose others or remove this row',
      ],
    ]);
    expect(await store.getState().save('/api/linking/save', signal)).toBe(false);
    expect(posted).not.toHaveBeenCalled();

    store.getState().editRow(row.key, { contractor_id: 21 });
    expect([...store.getState().choiceErrors]).toEqual([]);
    expect(await store.getState().save('/api/linking/save', signal)).toBe(true);
    expect(posted).toHaveBeenCalledOnce();
  });

  it('is a duplicate only of a row alike in priority, contractor, asset and model', () => {
    const rows = [
      chosenRow(1),
      chosenRow(2, { model_id: 4 }),
      chosenRow(3, { priority_id: 3 }),
      chosenRow(4, { model_id: 4 }),
      newRow(5, { model: 'Site' }),
    ];
    expect(choiceProblems(rows, words)).toEqual([
      {
        key: 4,
        field: 'contractor_id',
        message:
          'Link 2 already has this priority and contractor: choose others or remove this row',
        missing: false,
      },
      {
        key: 5,
        field: 'priority_id',
        message: 'A link needs a priority: choose one',
        missing: true,
      },
      {
        key: 5,
        field: 'contractor_id',
        message: 'A link needs a contractor: choose one',
        missing: true,
      },
    ]);
  });
});

describe('asset-category links', () => {
  it('offer primary categories first, each group by name', () => {
    expect(
      orderCategories([
        { id: 3, name: 'Plumbing', primary: false },
        { id: 1, name: 'HVAC', primary: true },
        { id: 2, name: 'Electrical', primary: true },
      ]).map((category) => category.name),
    ).toEqual(['Electrical', 'HVAC', 'Plumbing']);
  });

  it('post each row id with its category, null removing the link', () => {
    expect(
      assetCategoryLinks([
        { id: 5, name: 'Heater', asset_category_id: 3, asset_category_name: 'Plumbing' },
        { id: 6, name: 'Lift', asset_category_id: null, asset_category_name: null },
      ]),
    ).toEqual([
      { id: 5, asset_category_id: 3 },
      { id: 6, asset_category_id: null },
    ]);
  });
});
