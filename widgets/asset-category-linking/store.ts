import { createStore } from 'zustand/vanilla';
import {
  type AssetCategoryLinkRow,
  type AssetCategoryOption,
  assetCategoriesPath,
  assetCategoriesResponse,
  assetCategoryRowsResponse,
  assetCategorySaveBody,
  assetCategorySaveResponse,
} from '../../src/core/contract';
import type { Api } from '../../src/runtime/api';
import {
  LOADING,
  type LoadState,
  loadToEdit,
  NOTHING_SAVED,
  type SaveState,
  saveEdits,
} from '../../src/ui/save-state';

export interface AssetCategoryState extends SaveState, LoadState {
  rows: AssetCategoryLinkRow[];
  /** Primary categories first, then by name (docs/requirements.md §3 "Asset category option"). */
  categories: AssetCategoryOption[];
  load(sourceUrl: string, signal: AbortSignal): Promise<void>;
  /** Sets a row's category in place (the table holds the same object). */
  choose(rowId: number, categoryId: number | null): void;
  save(saveUrl: string, model: string, signal: AbortSignal): Promise<boolean>;
}

/** Primary options first, each group by name. */
export function orderCategories(options: readonly AssetCategoryOption[]): AssetCategoryOption[] {
  return [...options].sort(
    (a, b) => Number(b.primary) - Number(a.primary) || a.name.localeCompare(b.name, 'en-GB'),
  );
}

/** How many rows have another category than `stored`, the categories the host holds. */
export function changedLinks(
  rows: readonly AssetCategoryLinkRow[],
  stored: ReadonlyMap<number, number | null>,
): number {
  return rows.filter((row) => stored.get(row.id) !== row.asset_category_id).length;
}

/** The save call's `ids` (call 21): every row with its category (null removes the link). */
export function assetCategoryLinks(rows: readonly AssetCategoryLinkRow[]) {
  return rows.map((row) => ({ id: row.id, asset_category_id: row.asset_category_id }));
}

export function createAssetCategoryStore(api: Api) {
  /** Each row's category as the host holds it, to count what a save changes. */
  let stored = new Map<number, number | null>();
  const remember = (rows: readonly AssetCategoryLinkRow[]) => {
    stored = new Map(rows.map((row) => [row.id, row.asset_category_id]));
  };

  return createStore<AssetCategoryState>()((set, get) => {
    const loadAnswers = loadToEdit(set);
    return {
      ...LOADING,
      rows: [],
      categories: [],
      ...NOTHING_SAVED,

      async load(sourceUrl, signal) {
        const answers = await loadAnswers(
          () =>
            Promise.all([
              api.getJson(sourceUrl, assetCategoryRowsResponse, { signal }),
              api.getJson(assetCategoriesPath(), assetCategoriesResponse, { signal }),
            ]),
          signal,
        );
        if (!answers) return;
        const [rows, categories] = answers;
        remember(rows.data);
        set({
          status: 'ready',
          rows: rows.data,
          categories: orderCategories(categories.data),
          dirty: false,
        });
      },

      choose(rowId, categoryId) {
        const row = get().rows.find((candidate) => candidate.id === rowId);
        if (!row) return;
        row.asset_category_id = categoryId;
        row.asset_category_name =
          get().categories.find((category) => category.id === categoryId)?.name ?? null;
        set({ dirty: true, saved: null });
      },

      async save(saveUrl, model, signal) {
        return saveEdits(get, set, async () => {
          const { rows } = get();
          const changed = changedLinks(rows, stored);
          const body = assetCategorySaveBody({ model, ids: assetCategoryLinks(rows) });
          await api.postForm(saveUrl, body, assetCategorySaveResponse, { signal });
          remember(rows);
          return changed;
        });
      },
    };
  });
}

export type AssetCategoryStore = ReturnType<typeof createAssetCategoryStore>;
