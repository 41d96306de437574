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
import type { Api } from '../../src/runtime/api';
import {
  LOADING,
  type LoadState,
  loadToEdit,
  NOTHING_SAVED,
  type SaveState,
  saveEdits,
} from '../../src/ui/save-state';
import {
  choiceProblems,
  completeRows,
  type DraftRow,
  type LinkingScope,
  type LinkingWords,
  linkingSavePayload,
  newRow,
} from './rows';

export interface LinkingState extends SaveState, LoadState {
  rows: readonly DraftRow[];
  priorities: [number, string][];
  contractors: Contractor[];
  /**
   * Why a row's priority or contractor box cannot be saved, by box ('key field'): a duplicate at
   * once, one not chosen once Save was tried. Shown under the box.
   */
  choiceErrors: ReadonlyMap<string, string>;
  load(sourceUrl: string, signal: AbortSignal): Promise<void>;
  addRow(): DraftRow;
  /** Changes a row in place: the table holds the same object, so no redraw steals focus. */
  editRow(key: number, patch: Partial<DraftRow>): void;
  removeRow(key: number): void;
  /**
   * Keeps what was typed into a row's box when it cannot be kept as a value (its reason is shown
   * beside it), or null once the box holds a value again: nothing is saved while one is refused.
   */
  markRefused(key: number, field: string, typed: string | null): void;
  /** What was typed into a row's box and refused, to show again when the cell is drawn again. */
  refusedText(key: number, field: string): string | null;
  /** Posts every row; resolves whether the host stored them. */
  save(saveUrl: string, signal: AbortSignal): Promise<boolean>;
}

/**
 * One store per element: the rows being edited and the choices offered. What it says (why a row
 * or a save is refused) is in `words()`, the element's words when it says it.
 */
export function createLinkingStore(api: Api, scope: LinkingScope, words: () => LinkingWords) {
  let nextKey = 1;
  const draft = (row: Omit<DraftRow, 'key'>): DraftRow => ({ ...row, key: nextKey++ });
  // What a save changes: the rows added or edited (by key) and the stored rows removed.
  const touched = new Set<number>();
  let removed = 0;
  // What was typed and refused, by box ('key field').
  const refused = new Map<string, string>();
  const box = (key: number, field: string) => `${key} ${field}`;
  // Whether Save was tried: from then on a priority or contractor not chosen is said too.
  let checked = false;
  // Whether Save stored nothing because a box holds a value that cannot be kept, or a row lacks
  // its priority or contractor or repeats another row's (the reason under the box): said until
  // none is left.
  let refusedSave = false;

  return createStore<LinkingState>()((set, get) => {
    const loadAnswers = loadToEdit(set);
    // What stops a save under the priority and contractor boxes, and Save's refusal once none is
    // left.
    const settledRefusals = (): Partial<LinkingState> => {
      const problems = choiceProblems(get().rows, words());
      const choiceErrors = new Map(
        problems
          .filter((problem) => checked || !problem.missing)
          .map((problem) => [box(problem.key, problem.field), problem.message]),
      );
      const settled = refused.size === 0 && problems.length === 0 && refusedSave;
      if (settled) refusedSave = false;
      return { choiceErrors, ...(settled ? { saveError: null } : {}) };
    };
    return {
      ...LOADING,
      rows: [],
      priorities: [],
      contractors: [],
      choiceErrors: new Map(),
      ...NOTHING_SAVED,

      async load(sourceUrl, signal) {
        const answers = await loadAnswers(
          () =>
            Promise.all([
              api.getJson(sourceUrl, linkingRowsResponse, { signal }),
              api.getJson(prioritiesPath(), priorityListResponse, { signal }),
              api.getJson(contractorsPath(scope.siteId, scope.assetId), contractorsIndexResponse, {
                signal,
              }),
            ]),
          signal,
        );
        if (!answers) return;
        const [rows, priorities, contractors] = answers;
        touched.clear();
        removed = 0;
        refused.clear();
        checked = false;
        set({
          choiceErrors: new Map(),
          status: 'ready',
          rows: rows.data.map(draft),
          priorities: Object.entries(priorities)
            .map(([id, name]): [number, string] => [Number(id), name])
            .sort((a, b) => a[0] - b[0]),
          contractors,
          dirty: false,
        });
      },

      addRow() {
        const row = newRow(nextKey++, scope);
        touched.add(row.key);
        set({ rows: [...get().rows, row], dirty: true, saved: null });
        set(settledRefusals());
        return row;
      },

      editRow(key, patch) {
        const row = get().rows.find((candidate) => candidate.key === key);
        if (!row) return;
        Object.assign(row, patch);
        touched.add(key);
        set({ dirty: true, saved: null, ...settledRefusals() });
      },

      removeRow(key) {
        const row = get().rows.find((candidate) => candidate.key === key);
        if (!row) return;
        touched.delete(key);
        for (const refusedBox of [...refused.keys()]) {
          if (refusedBox.startsWith(`${key} `)) refused.delete(refusedBox);
        }
        if (row.id !== null) removed += 1;
        set({ rows: get().rows.filter((other) => other !== row), dirty: true, saved: null });
        set(settledRefusals());
      },

      markRefused(key, field, typed) {
        if (typed === null) {
          if (refused.delete(box(key, field))) set(settledRefusals());
          return;
        }
        refused.set(box(key, field), typed);
        // What was typed is an edit too: leaving the page asks first.
        set({ dirty: true, saved: null });
      },

      refusedText(key, field) {
        return refused.get(box(key, field)) ?? null;
      },

      async save(saveUrl, signal) {
        checked = true;
        const rows = completeRows(get().rows);
        const choices = settledRefusals();
        if (refused.size > 0 || rows === null || (choices.choiceErrors?.size ?? 0) > 0) {
          refusedSave = true;
          set({ ...choices, saveError: words().refusedValues() });
          return false;
        }
        refusedSave = false;
        return saveEdits(get, set, async () => {
          const body = linkingSaveBody(linkingSavePayload(scope, rows));
          await api.postForm(saveUrl, body, linkingSaveResponse, { signal });
          const saved = touched.size + removed;
          touched.clear();
          removed = 0;
          return saved;
        });
      },
    };
  });
}

export type LinkingStore = ReturnType<typeof createLinkingStore>;
