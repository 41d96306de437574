// en-GB dates: DD/MM/YYYY and DD/MM/YYYY HH:mm from the server's local date-times. See ../format.ts.

import { LOCALE } from './numbers';

const date = /* @__PURE__ */ new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const time = /* @__PURE__ */ new Intl.DateTimeFormat(LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const serverDateTime = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' as a local Date; null when the text
 * is not in that form or not on the calendar (2024-02-30).
 */
export function parseServerDateTime(text: string): Date | null {
  const match = serverDateTime.exec(text.trim());
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0, seconds = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const daysInMonth = new Date(year, month, 0).getDate();
  const onCalendar = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
  if (!onCalendar || hours > 23 || minutes > 59 || seconds > 59) return null;
  return new Date(year, month - 1, day, hours, minutes, seconds);
}

function toDate(value: Date | string): Date | null {
  const parsed = typeof value === 'string' ? parseServerDateTime(value) : value;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
}

/** '2024-03-05 14:07:00' → '05/03/2024'. */
export function formatDate(value: Date | string): string {
  const parsed = toDate(value);
  return parsed ? date.format(parsed) : '';
}

/** '2024-03-05 14:07:00' → '05/03/2024 14:07'. */
export function formatDateTime(value: Date | string): string {
  const parsed = toDate(value);
  return parsed ? `${date.format(parsed)} ${time.format(parsed)}` : '';
}

/** '2024-03-05 14:07:00' → '14:07'. */
export function formatTime(value: Date | string): string {
  const parsed = toDate(value);
  return parsed ? time.format(parsed) : '';
}
