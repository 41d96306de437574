import { useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import { errorText } from '../../src/core/error-text';
import { formatCount } from '../../src/core/format/numbers';
import { useHost } from '../../src/runtime/define';
import { Icon, type IconShape } from '../../src/runtime/Icon';
import { useApi } from '../../src/runtime/use-api';
import { useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import { whenCounted } from './counted';
import messages from './messages';
import { createTileStore } from './store';

const refreshIcon: IconShape = { name: 'refresh', d: 'M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5' };

export interface DashboardTileProps {
  tileId: number;
  /** The tile's title as the host page knows it: shown until the answer gives it, and on failure. */
  tileTitle?: string;
}

/** `detail` of `fm-tile-refreshed`. */
export interface TileRefreshedDetail {
  tileId: number;
  title: string;
  count: number;
}

/** A dashboard tile: title, count and a refresh button (docs/requirements.md §2; call 15 of §7). */
export function DashboardTile({ tileId, tileTitle }: DashboardTileProps) {
  const { signal, emit } = useHost();
  const api = useApi();
  const [store] = useState(() => createTileStore(api));
  const { status, tile, error, refreshed, load, refresh, retry } = useStore(store);
  const titleId = useId();
  const words = useWords(messages).dashboardTile;

  useEffect(() => {
    void load(tileId, signal);
  }, [load, tileId, signal]);

  // Idle is the first render, before the load effect starts: already busy for assistive tech.
  const busy = status === 'idle' || status === 'loading' || status === 'refreshing';

  async function refreshCount() {
    const fresh = await refresh(tileId, signal);
    if (fresh) emit('fm-tile-refreshed', { tileId, title: fresh.title, count: fresh.count });
  }

  const counted = tile?.counted_at ? whenCounted(tile.counted_at) : null;
  // A failed tile is named, so that a page of them says which failed (the host's title, else its id).
  const title = tile?.title || tileTitle?.trim() || null;
  const name = title ?? words.unnamed(tileId);

  return (
    <article className="fm-tile" aria-labelledby={titleId} aria-busy={busy}>
      <div className="fm-tile__header">
        <span className="fm-tile__title" id={titleId}>
          {title ?? (status === 'error' ? name : words.loading())}
        </span>
        {tile && (
          <button
            type="button"
            className="fm-tile__refresh"
            aria-label={words.refresh(tile.title)}
            aria-busy={status === 'refreshing'}
            // aria-disabled rather than disabled: keyboard focus stays on the button while busy.
            aria-disabled={busy}
            onClick={() => void refreshCount()}
          >
            <Icon icon={refreshIcon} className="fm-tile__refresh-icon" />
          </button>
        )}
      </div>
      {tile ? (
        <p className="fm-tile__count">{formatCount(tile.count)}</p>
      ) : (
        busy && <span className="fm-spinner" aria-hidden="true" />
      )}
      {counted && (
        <p className="fm-tile__counted">
          <time dateTime={counted.dateTime}>
            {counted.today ? words.countedToday(counted.shown) : words.countedBefore(counted.shown)}
          </time>
        </p>
      )}
      <p className="fm-visually-hidden" role="status">
        {status === 'refreshing'
          ? words.refreshing(tile?.title ?? '')
          : refreshed && tile
            ? words.updated({ title: tile.title, count: formatCount(tile.count) })
            : ''}
      </p>
      {status === 'error' && (
        <Alert
          kind="danger"
          box="fm-tile__error"
          messages={errorText(error)}
          onRetry={() => void retry(tileId, signal)}
          retryLabel={words.retry(name)}
        />
      )}
    </article>
  );
}
