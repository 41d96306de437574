import { defineElement } from '../../src/ui/define-element';
import { DashboardTile, type DashboardTileProps, type TileRefreshedDetail } from './DashboardTile';

/**
 * A dashboard tile: its title and count (cached by the host), with a button that recomputes the
 * count now. See README.md.
 *
 * @summary dashboard tile: title, count, refresh
 * @attr {number} data-tile-id - The tile's id (required).
 * @attr {string} data-tile-title - The tile's title as the host knows it: shown while the count loads and when it fails.
 * @fires {CustomEvent<TileRefreshedDetail>} fm-tile-refreshed - After a refresh succeeds; `detail` is `{ tileId, title, count }`.
 * @cssprop --fm-tile-accent - Colour of the count and the spinner (`--fm-accent`, the host's `--bs-primary`; docs/theming.md).
 * @cssprop --fm-tile-border - Border colour of the tile and of the spinner's track (`--fm-border-color-translucent`).
 */
export const DashboardTileElement = defineElement('fm-dashboard-tile', DashboardTile, {
  attributes: { tileId: 'id', tileTitle: 'string' },
  required: ['tileId'],
});

export type { DashboardTileProps, TileRefreshedDetail };

declare global {
  interface FmEventMap {
    'fm-tile-refreshed': TileRefreshedDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-tile-refreshed': CustomEvent<TileRefreshedDetail>;
  }
}
