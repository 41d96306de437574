// en-GB numbers: counts, money with 2 decimals, pounds. See ../format.ts.

const LOCALE = 'en-GB';

const count = /* @__PURE__ */ new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const money = /* @__PURE__ */ new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const currency = /* @__PURE__ */ new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'GBP',
});

function toNumber(value: number | string): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

function formatWith(format: Intl.NumberFormat, value: number | string): string {
  const number = toNumber(value);
  return number === null ? '' : format.format(number);
}

/** A whole count with thousands separators: 12345 → '12,345'. */
export function formatCount(value: number | string): string {
  return formatWith(count, value);
}

/** 1234.5 → '1,234.50' (also for PHP's '1234.5'). */
export function formatMoney(value: number | string): string {
  return formatWith(money, value);
}

/** 1234.5 → '£1,234.50'. */
export function formatCurrency(value: number | string): string {
  return formatWith(currency, value);
}
