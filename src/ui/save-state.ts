import { errorText } from '../core/error-text';
import { isAbort } from '../runtime/api';
import { remoteLoad } from '../runtime/remote-load';

/** What a SaveBar shows, as an editable table's store holds it. */
export interface SaveState {
  /** Edits not saved yet (unsaved changes are flagged, leaving asks first). */
  dirty: boolean;
  saving: boolean;
  /** Why the last save failed; the edits stay on screen. */
  saveError: string | null;
  /** How many rows the last save changed (the SaveBar says '2 changes saved'). */
  saved: number | null;
}

/** Where an editable table's first load is. */
export interface LoadState {
  status: 'loading' | 'ready' | 'error';
  /** Why loading failed. */
  error: string | null;
}

/** Loading, nothing shown yet. */
export const LOADING: LoadState = { status: 'loading', error: null };

/**
 * How an editable table's store loads what it shows (its rows and the choices offered):
 * 'loading' at once, the failure's words if it fails. Each load resolves with the answers, for
 * the store to put in place as 'ready', or null when there is nothing to show (a failure, an
 * older load, an abort).
 */
export function loadToEdit(set: (state: Partial<LoadState>) => void) {
  const load = remoteLoad();
  return async <T>(request: () => Promise<T>, signal: AbortSignal): Promise<T | null> => {
    set(LOADING);
    const done = await load(request, signal);
    if (!done) return null;
    if (!done.ok) {
      set({ status: 'error', error: errorText(done.error) });
      return null;
    }
    return done.value;
  };
}

/** Nothing edited, nothing saved yet. */
export const NOTHING_SAVED: SaveState = {
  dirty: false,
  saving: false,
  saveError: null,
  saved: null,
};

/**
 * One save of an editable table, the SaveBar's way: one at a time; `post` sends the edits and
 * resolves how many rows they changed; a failure keeps the edits and says why (an
 * abort, the element gone, says nothing). Resolves whether the host stored them.
 */
export async function saveEdits(
  get: () => SaveState,
  set: (state: Partial<SaveState>) => void,
  post: () => Promise<number>,
): Promise<boolean> {
  if (get().saving) return false;
  set({ saving: true, saveError: null, saved: null });
  try {
    const saved = await post();
    set({ saving: false, dirty: false, saved });
    return true;
  } catch (error) {
    if (!isAbort(error)) set({ saving: false, saveError: errorText(error) });
    return false;
  }
}

/** The SaveBar's props from such a store (loading while its rows load), but for onSave. */
export function saveBarState(state: SaveState & { status: 'loading' | 'ready' | 'error' }) {
  return {
    dirty: state.dirty,
    saving: state.saving,
    loading: state.status === 'loading',
    error: state.saveError,
    saved: state.saved,
  };
}
