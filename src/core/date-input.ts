/**
 * The formats of the date pickers (docs/requirements.md §5: "date pickers use YYYY-MM-DD; date-time
 * pickers use DD/MM/YYYY HH:mm") and a strict reading of what a user types in them.
 */
import messages from './date-input.messages';

export type DateMode = 'date' | 'datetime';

/** The words of the date fields (date-input.messages.json, docs/words.md). */
export type DateWords = (typeof messages)['date'];

/** flatpickr tokens for each mode (docs/requirements.md §5). */
export const PICKER_FORMATS: Readonly<Record<DateMode, string>> = {
  date: 'Y-m-d',
  datetime: 'd/m/Y H:i',
};

/** The format as a person reads it, for labels and messages. */
export const FORMAT_HINTS: Readonly<Record<DateMode, string>> = {
  date: 'YYYY-MM-DD',
  datetime: 'DD/MM/YYYY HH:mm',
};

/** docs/requirements.md §9: weeks start Monday (flatpickr's `firstDayOfWeek`, 0 being Sunday). */
export const FIRST_DAY_OF_WEEK = 1;

const patterns: Record<DateMode, RegExp> = {
  date: /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/,
  datetime: /^(?<day>\d{2})\/(?<month>\d{2})\/(?<year>\d{4}) (?<hours>\d{2}):(?<minutes>\d{2})$/,
};

/**
 * What to say of `typed`, which parseTyped() refused: the format to use, or, when it is in the
 * format already, that no such day or time exists (2026-02-30, 31/04/2026 25:00).
 */
export function invalidDateMessage(
  mode: DateMode,
  typed = '',
  words: DateWords = messages.date,
): string {
  const format = FORMAT_HINTS[mode];
  if (patterns[mode].test(typed.trim())) {
    return mode === 'date' ? words.noSuchDate(typed.trim()) : words.noSuchDateTime(typed.trim());
  }
  return mode === 'date' ? words.enterDate(format) : words.enterDateTime(format);
}

/** The typed text as a local Date, or null when it is not exactly the mode's format or not a real date. */
export function parseTyped(text: string, mode: DateMode): Date | null {
  const groups = patterns[mode].exec(text.trim())?.groups;
  if (!groups) return null;
  const [year, month, day, hours, minutes] = ['year', 'month', 'day', 'hours', 'minutes'].map(
    (part) => Number(groups[part] ?? 0),
  ) as [number, number, number, number, number];
  const daysInMonth = new Date(year, month, 0).getDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (hours > 23 || minutes > 59) return null;
  return new Date(year, month - 1, day, hours, minutes);
}

const two = (value: number) => String(value).padStart(2, '0');

/** A Date in the mode's format. */
export function formatForMode(date: Date, mode: DateMode): string {
  const day = `${two(date.getDate())}`;
  const month = two(date.getMonth() + 1);
  const year = String(date.getFullYear()).padStart(4, '0');
  return mode === 'date'
    ? `${year}-${month}-${day}`
    : `${day}/${month}/${year} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
