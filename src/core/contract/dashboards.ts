import * as v from 'valibot';
import { dateTime, int, nonNegative, text } from './decode';
import { segment } from './paths';

// 15. Dashboard tile count
/** Cached count, or with `refresh` recomputed now. */
export function dashboardFetchPath(
  tileId: string | number,
  options: { refresh?: boolean } = {},
): string {
  return `/dashboards/fetch/${segment(tileId)}${options.refresh ? '/false' : ''}`;
}
/**
 * `counted_at`, when the count was made: optional, so a host that does not send it
 * still works, and null says the same; anything but a date-time is an issue like any other.
 */
export const dashboardTileResponse = v.object({
  title: text,
  count: v.pipe(int, nonNegative),
  counted_at: v.optional(v.nullable(dateTime)),
});
export type DashboardTileResponse = v.InferOutput<typeof dashboardTileResponse>;
