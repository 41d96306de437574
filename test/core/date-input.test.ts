import { describe, expect, it } from 'vitest';
import {
  FIRST_DAY_OF_WEEK,
  formatForMode,
  invalidDateMessage,
  PICKER_FORMATS,
  parseTyped,
} from '../../src/core/date-input';

describe('date input formats (docs/requirements.md §5, §9)', () => {
  it('uses Y-m-d for dates, d/m/Y H:i for date-times, and weeks from Monday', () => {
    expect(PICKER_FORMATS).toEqual({ date: 'Y-m-d', datetime: 'd/m/Y H:i' });
    expect(FIRST_DAY_OF_WEEK).toBe(1);
  });

  it('formats a Date in each mode', () => {
    const date = new Date(2026, 2, 5, 7, 9);
    expect(formatForMode(date, 'date')).toBe('2026-03-05');
    expect(formatForMode(date, 'datetime')).toBe('05/03/2026 07:09');
  });
});

describe('parseTyped', () => {
  it('reads exactly YYYY-MM-DD for a date', () => {
    expect(parseTyped('2026-03-31', 'date')).toEqual(new Date(2026, 2, 31));
    expect(parseTyped(' 2024-02-29 ', 'date')).toEqual(new Date(2024, 1, 29));
    for (const wrong of ['2026-3-31', '31/03/2026', '2026-03-31 10:00', 'tomorrow', '']) {
      expect(parseTyped(wrong, 'date')).toBeNull();
    }
  });

  it('refuses dates that are not on the calendar', () => {
    expect(parseTyped('2023-02-29', 'date')).toBeNull();
    expect(parseTyped('2026-04-31', 'date')).toBeNull();
    expect(parseTyped('2026-13-01', 'date')).toBeNull();
    expect(parseTyped('2026-00-10', 'date')).toBeNull();
    expect(parseTyped('2026-01-00', 'date')).toBeNull();
  });

  it('reads exactly DD/MM/YYYY HH:mm for a date-time, 00:00 to 23:59', () => {
    expect(parseTyped('31/03/2026 14:30', 'datetime')).toEqual(new Date(2026, 2, 31, 14, 30));
    expect(parseTyped('01/01/2026 00:00', 'datetime')).toEqual(new Date(2026, 0, 1, 0, 0));
    expect(parseTyped('01/01/2026 23:59', 'datetime')).toEqual(new Date(2026, 0, 1, 23, 59));
    for (const wrong of [
      '01/01/2026 24:00',
      '01/01/2026 12:60',
      '31/02/2026 10:00',
      '2026-01-01 10:00',
      '01/01/2026',
      '1/1/2026 10:00',
    ]) {
      expect(parseTyped(wrong, 'datetime')).toBeNull();
    }
  });

  it('explains the expected format', () => {
    expect(invalidDateMessage('date')).toBe('Enter the date as YYYY-MM-DD, for example 2026-03-31');
    expect(invalidDateMessage('date', '30/02/2026')).toBe(
      'Enter the date as YYYY-MM-DD, for example 2026-03-31',
    );
    // In the format, but no such day or time: the format is not what is wrong.
    expect(invalidDateMessage('date', ' 2026-02-30')).toBe(
      'There is no 2026-02-30 in the calendar: check the day and the month',
    );
    expect(invalidDateMessage('datetime', '31/04/2026 09:00')).toBe(
      'There is no 31/04/2026 09:00 in the calendar: check the day, the month and the time',
    );
    expect(invalidDateMessage('datetime')).toBe(
      'Enter the date and time as DD/MM/YYYY HH:mm, for example 31/03/2026 14:30',
    );
  });
});
