/** When a tile's count was made, as the tile says it. */
import { formatDateTime, formatTime } from '../../src/core/format/dates';

export interface Counted {
  /** For `<time datetime>`: the host's date-time with a 'T'. */
  dateTime: string;
  /** Whether it was counted on the day of `now`: then the time alone says it. */
  today: boolean;
  /** '09:14' today, '24/11/2026 16:32' on another day. */
  shown: string;
}

/**
 * The host's `counted_at` ('YYYY-MM-DD HH:mm:ss' in local time, or ISO 8601 with its offset);
 * null when no clock can read it.
 */
export function whenCounted(countedAt: string, now = new Date()): Counted | null {
  const dateTime = countedAt.replace(' ', 'T');
  const date = new Date(dateTime);
  if (Number.isNaN(date.getTime())) return null;
  const today = date.toDateString() === now.toDateString();
  return { dateTime, today, shown: today ? formatTime(date) : formatDateTime(date) };
}
