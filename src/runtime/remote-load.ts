import { isAbort } from './api';
import { latestWins } from './latest';

/** What one load came to: the value, or the failure to show (see errorText / errorLines). */
export type Loaded<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Starts `request` and settles what it came to, or null when there is nothing to tell. */
export type RemoteLoad = <T>(
  request: () => Promise<T>,
  signal: AbortSignal,
) => Promise<Loaded<T> | null>;

/**
 * The one way a widget loads remote data; every store that loads holds one, and
 * useRemote (src/ui) is its hook. Answers can come back out of order: only the latest request
 * settles (an older one gives null). A request aborted with its signal (the element left the
 * page) gives null too: nobody is there to tell. Retry is calling it again. The one exception is
 * Tabulator, which loads the rows it shows itself (Table's `ajaxRequestFunc`, through our client).
 * test/build/one-way.test.ts holds this.
 */
export function remoteLoad(): RemoteLoad {
  const begin = latestWins();
  return async (request, signal) => {
    const isLatest = begin();
    try {
      const value = await request();
      return isLatest() ? { ok: true, value } : null;
    } catch (error) {
      return !isLatest() || signal.aborted || isAbort(error) ? null : { ok: false, error };
    }
  };
}
