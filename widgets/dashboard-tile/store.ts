import { createStore } from 'zustand/vanilla';
import { dashboardFetchPath, dashboardTileResponse } from '../../src/core/contract/dashboards';
import { type Api, isAbort } from '../../src/runtime/api';
import { latestWins } from '../../src/runtime/latest';

export type TileStatus = 'idle' | 'loading' | 'ready' | 'refreshing' | 'error';

export interface TileData {
  title: string;
  count: number;
  /** When the host made the count, when it says (issue 27). */
  counted_at?: string | null;
}

export interface TileState {
  status: TileStatus;
  /** The last title and count shown; kept while refreshing and after a failed refresh. */
  tile: TileData | null;
  /** The message of the last failure, fit to show. */
  error: string | null;
  /** Whether the count on show was just recomputed by a refresh (for the announcement). */
  refreshed: boolean;
  /** Fetches the cached count (call 15). */
  load(tileId: number, signal: AbortSignal): Promise<void>;
  /** Recomputes the count now; ignored while a request is running. Resolves the new tile. */
  refresh(tileId: number, signal: AbortSignal): Promise<TileData | null>;
  /** Repeats what failed: the refresh when a tile is on show, else the first load. */
  retry(tileId: number, signal: AbortSignal): Promise<unknown>;
}

/** One store per tile element: two tiles on a page never share state. */
export function createTileStore(api: Api) {
  /** An older answer (say, for a previous tile id) is dropped. */
  const begin = latestWins();

  return createStore<TileState>()((set, get) => {
    async function fetchTile(
      tileId: number,
      refresh: boolean,
      signal: AbortSignal,
    ): Promise<TileData | null> {
      const isLatest = begin();
      set(
        refresh
          ? { status: 'refreshing', error: null, refreshed: false }
          : { status: 'loading', error: null, refreshed: false, tile: null },
      );
      try {
        const tile = await api.getJson(
          dashboardFetchPath(tileId, { refresh }),
          dashboardTileResponse,
          {
            signal,
          },
        );
        if (!isLatest()) return null;
        set({ status: 'ready', tile, refreshed: refresh });
        return tile;
      } catch (error) {
        // An abort means the element has left the page: nobody is there to tell.
        if (!isLatest() || isAbort(error)) {
          return null;
        }
        const message = error instanceof Error ? error.message : String(error);
        set({ status: 'error', error: message });
        return null;
      }
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
