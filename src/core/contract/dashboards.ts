import * as v from 'valibot';
import { int, nonNegative, text } from '../decode';
import { segment } from './paths';

// 15. Dashboard tile count
/** Cached count, or with `refresh` recomputed now. */
export function dashboardFetchPath(
  tileId: string | number,
  options: { refresh?: boolean } = {},
): string {
  return `/dashboards/fetch/${segment(tileId)}${options.refresh ? '/false' : ''}`;
}
export const dashboardTileResponse = v.object({ title: text, count: v.pipe(int, nonNegative) });
export type DashboardTileResponse = v.InferOutput<typeof dashboardTileResponse>;
