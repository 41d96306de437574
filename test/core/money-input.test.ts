import { describe, expect, it } from 'vitest';
import { toTwoDecimals } from '../../src/core/money-input';

describe('toTwoDecimals (SPEC §5 cost fields)', () => {
  it('writes amounts with exactly 2 decimals', () => {
    expect(toTwoDecimals('12')).toBe('12.00');
    expect(toTwoDecimals('12.5')).toBe('12.50');
    expect(toTwoDecimals('12.345')).toBe('12.35');
    expect(toTwoDecimals('12.344')).toBe('12.34');
    expect(toTwoDecimals('.5')).toBe('0.50');
    expect(toTwoDecimals('7.')).toBe('7.00');
    expect(toTwoDecimals('0')).toBe('0.00');
    expect(toTwoDecimals('-3.1')).toBe('-3.10');
  });

  it('drops thousands separators, a pound sign and spaces', () => {
    expect(toTwoDecimals(' 1,234.5 ')).toBe('1234.50');
    expect(toTwoDecimals('£1,234,567')).toBe('1234567.00');
  });

  it('leaves an empty field empty and refuses what is not an amount', () => {
    expect(toTwoDecimals('')).toBe('');
    expect(toTwoDecimals('   ')).toBe('');
    for (const wrong of ['abc', '12a', '1.2.3', '1,23', '£', '--1', '1e3']) {
      expect(toTwoDecimals(wrong)).toBeNull();
    }
  });
});
