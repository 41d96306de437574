import { createStore } from 'zustand/vanilla';
import {
  type Contractor,
  contractorsIndexResponse,
  contractorsPath,
  linkingRowsResponse,
  linkingSaveBody,
  linkingSaveResponse,
  prioritiesPath,
  priorityListResponse,
} from '../../src/core/contract';
import { type Api, isAbort } from '../../src/runtime/api';
import { changesSaved } from '../../src/ui/SaveBar';
import { type DraftRow, type LinkingScope, linkingSaveRequest, newRow } from './rows';

export interface LinkingState {
  status: 'loading' | 'ready' | 'error';
  /** Why loading failed. */
  error: string | null;
  rows: readonly DraftRow[];
  priorities: [number, string][];
  contractors: Contractor[];
  /** Edits not saved yet (SPEC: unsaved changes are flagged, leaving asks first). */
  dirty: boolean;
  saving: boolean;
  /** Why the last save failed; the edits stay on screen. */
  saveError: string | null;
  /** What the last save changed ('2 changes saved'). */
  saved: string | null;
  load(sourceUrl: string, signal: AbortSignal): Promise<void>;
  addRow(): DraftRow;
  /** Changes a row in place: the table holds the same object, so no redraw steals focus. */
  editRow(key: number, patch: Partial<DraftRow>): void;
  removeRow(key: number): void;
  /** Posts every row; resolves whether the host stored them. */
  save(saveUrl: string, signal: AbortSignal): Promise<boolean>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One store per element: the rows being edited and the choices offered. */
export function createLinkingStore(api: Api, scope: LinkingScope) {
  let nextKey = 1;
  const draft = (row: Omit<DraftRow, 'key'>): DraftRow => ({ ...row, key: nextKey++ });
  // What a save changes: the rows added or edited (by key) and the stored rows removed.
  const touched = new Set<number>();
  let removed = 0;

  return createStore<LinkingState>()((set, get) => ({
    status: 'loading',
    error: null,
    rows: [],
    priorities: [],
    contractors: [],
    dirty: false,
    saving: false,
    saveError: null,
    saved: null,

    async load(sourceUrl, signal) {
      set({ status: 'loading', error: null });
      try {
        const [rows, priorities, contractors] = await Promise.all([
          api.getJson(sourceUrl, linkingRowsResponse, { signal }),
          api.getJson(prioritiesPath(), priorityListResponse, { signal }),
          api.getJson(contractorsPath(scope.siteId, scope.assetId), contractorsIndexResponse, {
            signal,
          }),
        ]);
        touched.clear();
        removed = 0;
        set({
          status: 'ready',
          rows: rows.data.map(draft),
          priorities: Object.entries(priorities)
            .map(([id, name]): [number, string] => [Number(id), name])
            .sort((a, b) => a[0] - b[0]),
          contractors,
          dirty: false,
        });
      } catch (error) {
        if (!isAbort(error)) set({ status: 'error', error: messageOf(error) });
      }
    },

    addRow() {
      const { priorities, contractors, rows } = get();
      const row = newRow(nextKey++, scope, priorities, contractors);
      touched.add(row.key);
      set({ rows: [...rows, row], dirty: true, saved: null });
      return row;
    },

    editRow(key, patch) {
      const row = get().rows.find((candidate) => candidate.key === key);
      if (!row) return;
      Object.assign(row, patch);
      touched.add(key);
      set({ dirty: true, saved: null });
    },

    removeRow(key) {
      const row = get().rows.find((candidate) => candidate.key === key);
      if (!row) return;
      touched.delete(key);
      if (row.id !== null) removed += 1;
      set({ rows: get().rows.filter((other) => other !== row), dirty: true, saved: null });
    },

    async save(saveUrl, signal) {
      if (get().saving) return false;
      set({ saving: true, saveError: null });
      try {
        const body = linkingSaveBody(linkingSaveRequest(scope, get().rows));
        await api.postForm(saveUrl, body, linkingSaveResponse, { signal });
        const saved = changesSaved(touched.size + removed);
        touched.clear();
        removed = 0;
        set({ saving: false, dirty: false, saved });
        return true;
      } catch (error) {
        if (!isAbort(error)) set({ saving: false, saveError: messageOf(error) });
        return false;
      }
    },
  }));
}

export type LinkingStore = ReturnType<typeof createLinkingStore>;
