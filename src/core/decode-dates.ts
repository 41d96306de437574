/**
 * Server date-times: 'YYYY-MM-DD HH:mm:ss' (PHP's format) and ISO 8601, checked against the
 * calendar. Apart from decode.ts so elements that receive no dates do not download the checks.
 */
import * as v from 'valibot';
import { expected } from './decode';

const dateTimeText =
  /^(\d{4})-(\d{2})-(\d{2})([ T])(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Whether `input` is a date-time on the calendar (no 31 February); `isoOnly` wants the 'T'. */
function isDateTime(input: unknown, isoOnly: boolean): input is string {
  const match = typeof input === 'string' ? dateTimeText.exec(input) : null;
  if (!match || (isoOnly && match[4] !== 'T')) return false;
  const part = (index: number) => Number(match[index] ?? 0);
  const date = new Date(Date.UTC(part(1), part(2) - 1, part(3)));
  return (
    date.getUTCMonth() === part(2) - 1 &&
    date.getUTCDate() === part(3) &&
    part(5) < 24 &&
    part(6) < 60 &&
    part(7) < 60
  );
}

/** 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm' or ISO 8601; kept as the server's string. */
export const dateTime = v.custom<string>(
  (input) => isDateTime(input, false),
  expected('a date-time (YYYY-MM-DD HH:mm:ss)'),
);

/** An ISO 8601 date-time such as `new Date().toISOString()`. */
export const isoDateTime = v.custom<string>(
  (input) => isDateTime(input, true),
  expected('an ISO 8601 date-time'),
);
