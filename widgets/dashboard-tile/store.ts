import { createStore } from 'zustand/vanilla';
import {
  type DashboardTileResponse,
  dashboardFetchPath,
  dashboardTileResponse,
} from '../../src/core/contract/dashboards';
import type { Api } from '../../src/runtime/api';
import { remoteLoad } from '../../src/runtime/remote-load';

export type TileStatus = 'idle' | 'loading' | 'ready' | 'refreshing' | 'error';

export interface TileState {
  status: TileStatus;
  /** The last title and count shown; kept while refreshing and after a failed refresh. */
  tile: DashboardTileResponse | null;
  /** The last failure (shown in the element's words: useErrorLines). */
  error: unknown;
  /** Whether the count on show was just recomputed by a refresh (for the announcement). */
  refreshed: boolean;
  /** Fetches the cached count (call 15). */
  load(tileId: number, signal: AbortSignal): Promise<void>;
  /** Recomputes the count now; ignored while a request is running. Resolves the new tile. */
  refresh(tileId: number, signal: AbortSignal): Promise<DashboardTileResponse | null>;
  /** Repeats what failed: the refresh when a tile is on show, else the first load. */
  retry(tileId: number, signal: AbortSignal): Promise<unknown>;
}

/** One store per tile element: two tiles on a page never share state. */
export function createTileStore(api: Api) {
  /** An older answer (say, for a previous tile id) is dropped. */
  const load = remoteLoad();

  return createStore<TileState>()((set, get) => {
    async function fetchTile(
      tileId: number,
      refresh: boolean,
      signal: AbortSignal,
    ): Promise<DashboardTileResponse | null> {
      set(
        refresh
          ? { status: 'refreshing', error: null, refreshed: false }
          : { status: 'loading', error: null, refreshed: false, tile: null },
      );
      const done = await load(
        () =>
          api.getJson(dashboardFetchPath(tileId, { refresh }), dashboardTileResponse, { signal }),
        signal,
      );
      if (!done) return null;
      if (!done.ok) {
        set({ status: 'error', error: done.error });
        return null;
      }
      set({ status: 'ready', tile: done.value, refreshed: refresh });
      return done.value;
    }

    const isBusy = () => get().status === 'loading' || get().status === 'refreshing';

    return {
      status: 'idle',
      tile: null,
      error: null,
      refreshed: false,
      load: async (tileId, signal) => {
        await fetchTile(tileId, false, signal);
      },
      refresh: (tileId, signal) =>
        isBusy() ? Promise.resolve(null) : fetchTile(tileId, true, signal),
      retry: (tileId, signal) =>
        get().tile ? get().refresh(tileId, signal) : get().load(tileId, signal),
    };
  });
}

export type TileStore = ReturnType<typeof createTileStore>;
