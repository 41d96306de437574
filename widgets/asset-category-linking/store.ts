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
import { type Api, isAbort } from '../../src/runtime/api';
import { changesSaved } from '../../src/ui/SaveBar';

export interface AssetCategoryState {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  rows: AssetCategoryLinkRow[];
  /** Primary categories first, then by name (SPEC §3 "Asset category option"). */
  categories: AssetCategoryOption[];
  dirty: boolean;
  saving: boolean;
  saveError: string | null;
  /** What the last save changed ('1 change saved'). */
  saved: string | null;
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createAssetCategoryStore(api: Api) {
  /** Each row's category as the host holds it, to count what a save changes. */
  let stored = new Map<number, number | null>();
  const remember = (rows: readonly AssetCategoryLinkRow[]) => {
    stored = new Map(rows.map((row) => [row.id, row.asset_category_id]));
  };

  return createStore<AssetCategoryState>()((set, get) => ({
    status: 'loading',
    error: null,
    rows: [],
    categories: [],
    dirty: false,
    saving: false,
    saveError: null,
    saved: null,

    async load(sourceUrl, signal) {
      set({ status: 'loading', error: null });
      try {
        const [rows, categories] = await Promise.all([
          api.getJson(sourceUrl, assetCategoryRowsResponse, { signal }),
          api.getJson(assetCategoriesPath(), assetCategoriesResponse, { signal }),
        ]);
        remember(rows.data);
        set({
          status: 'ready',
          rows: rows.data,
          categories: orderCategories(categories.data),
          dirty: false,
        });
      } catch (error) {
        if (!isAbort(error)) set({ status: 'error', error: messageOf(error) });
      }
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
      if (get().saving) return false;
      set({ saving: true, saveError: null, saved: null });
      try {
        const { rows } = get();
        const changed = changedLinks(rows, stored);
        const body = assetCategorySaveBody({ model, ids: assetCategoryLinks(rows) });
        await api.postForm(saveUrl, body, assetCategorySaveResponse, { signal });
        remember(rows);
        set({ saving: false, dirty: false, saved: changesSaved(changed) });
        return true;
      } catch (error) {
        if (!isAbort(error)) set({ saving: false, saveError: messageOf(error) });
        return false;
      }
    },
  }));
}

export type AssetCategoryStore = ReturnType<typeof createAssetCategoryStore>;
