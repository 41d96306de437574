// Date-time strings as the contract carries them: 'YYYY-MM-DD HH:mm:ss' in local time, and the
// en-GB display form 'DD/MM/YYYY HH:mm' (docs/requirements.md §5).

const pad = (n: number) => String(n).padStart(2, '0');

export function toDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export function now(): string {
  return toDateTime(new Date());
}

/** 'YYYY-MM-DD HH:mm:ss' → 'DD/MM/YYYY HH:mm'. */
export function toDisplay(dateTime: string): string {
  const [date = '', time = ''] = dateTime.split(' ');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time.slice(0, 5)}`;
}

/** The moment `days` days before now, as a date-time string. */
export function daysAgo(days: number, from = new Date()): string {
  return toDateTime(new Date(from.getTime() - days * 86_400_000));
}
