import { describe, expect, it } from 'vitest';
import {
  INVALID_AMOUNT,
  MAX_AMOUNT,
  NEGATIVE_AMOUNT,
  readAmount,
  TOO_LARGE_AMOUNT,
  TOO_MANY_DECIMALS,
  toTwoDecimals,
} from '../../src/core/money-input';

describe('toTwoDecimals (docs/requirements.md §5 cost fields)', () => {
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

describe('readAmount (what a form may send)', () => {
  it('takes empty, 0 and more, written with 2 decimals', () => {
    expect(readAmount('')).toEqual({ ok: true, text: '' });
    expect(readAmount('0')).toEqual({ ok: true, text: '0.00' });
    expect(readAmount('-0.001')).toEqual({ ok: true, text: '0.00' });
    expect(readAmount('£1,250.5')).toEqual({ ok: true, text: '1250.50' });
  });

  it('refuses a negative amount and what is not an amount, each with its own message', () => {
    expect(readAmount('-20')).toEqual({ ok: false, error: NEGATIVE_AMOUNT });
    expect(readAmount('-0.01')).toEqual({ ok: false, error: NEGATIVE_AMOUNT });
    expect(readAmount('12a')).toEqual({ ok: false, error: INVALID_AMOUNT });
    expect(NEGATIVE_AMOUNT).toBe(
      'An amount cannot be negative: enter 0 or more, for example 120.50',
    );
  });

  it('refuses more than the host stores (99,999,999.99), also once rounded', () => {
    expect(MAX_AMOUNT).toBe(99_999_999.99);
    expect(readAmount('99999999.99')).toEqual({ ok: true, text: '99999999.99' });
    expect(readAmount('£99,999,999.99')).toEqual({ ok: true, text: '99999999.99' });
    expect(readAmount('99999999999999')).toEqual({ ok: false, error: TOO_LARGE_AMOUNT });
    expect(readAmount('99999999.995')).toEqual({ ok: false, error: TOO_LARGE_AMOUNT });
  });

  it('rounds more pence to 2 decimals (docs/requirements.md §5), or refuses them where asked to keep them exact', () => {
    expect(readAmount('10000.555')).toEqual({ ok: true, text: '10000.56' });
    expect(readAmount('10000.555', { exactPence: true })).toEqual({
      ok: false,
      error: TOO_MANY_DECIMALS,
    });
    expect(readAmount('10000.55', { exactPence: true })).toEqual({ ok: true, text: '10000.55' });
    expect(readAmount('10000.5', { exactPence: true })).toEqual({ ok: true, text: '10000.50' });
  });
});
