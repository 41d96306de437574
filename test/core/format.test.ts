import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  parseServerDateTime,
} from '../../src/core/format';

describe('numbers', () => {
  it('formats money with 2 decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney('1234.5')).toBe('1,234.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-12.345)).toBe('-12.35');
    expect(formatMoney(1_000_000)).toBe('1,000,000.00');
  });

  it('formats currency in pounds', () => {
    expect(formatCurrency(1234.5)).toBe('£1,234.50');
    expect(formatCurrency('0.5')).toBe('£0.50');
  });

  it('formats counts with thousands separators', () => {
    expect(formatCount(12_345)).toBe('12,345');
    expect(formatCount('7')).toBe('7');
  });

  it('formats what is not a number as an empty string', () => {
    for (const bad of ['', 'abc', '12px', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatMoney(bad)).toBe('');
      expect(formatCurrency(bad)).toBe('');
      expect(formatCount(bad)).toBe('');
    }
  });
});

describe('dates', () => {
  it("parses the server's date-times as local time", () => {
    expect(parseServerDateTime('2024-03-05 14:07:09')).toEqual(new Date(2024, 2, 5, 14, 7, 9));
    expect(parseServerDateTime('2024-03-05 14:07')).toEqual(new Date(2024, 2, 5, 14, 7));
    expect(parseServerDateTime('2024-03-05')).toEqual(new Date(2024, 2, 5));
    expect(parseServerDateTime('2024-03-05T14:07:09')).toEqual(new Date(2024, 2, 5, 14, 7, 9));
  });

  it('refuses what is not a date on the calendar', () => {
    for (const bad of ['', '05/03/2024', '2024-02-30 10:00:00', '2024-13-01', '2024-01-01 24:00']) {
      expect(parseServerDateTime(bad)).toBeNull();
    }
    expect(parseServerDateTime('2024-02-29')).not.toBeNull();
  });

  it('formats dates DD/MM/YYYY and date-times DD/MM/YYYY HH:mm', () => {
    expect(formatDate('2024-03-05 14:07:09')).toBe('05/03/2024');
    expect(formatDateTime('2024-03-05 14:07:09')).toBe('05/03/2024 14:07');
    expect(formatDateTime('2024-12-31 00:05:00')).toBe('31/12/2024 00:05');
    expect(formatDate(new Date(2023, 0, 9))).toBe('09/01/2023');
    expect(formatDateTime(new Date(2023, 0, 9, 23, 59))).toBe('09/01/2023 23:59');
  });

  it('formats times HH:mm, 24-hour', () => {
    expect(formatTime('2024-03-05 14:07:09')).toBe('14:07');
    expect(formatTime(new Date(2023, 0, 9, 0, 5))).toBe('00:05');
    expect(formatTime('24:00')).toBe('');
  });

  it('formats an invalid date as an empty string', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('2024-02-30 10:00:00')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});
