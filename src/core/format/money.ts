// en-GB money: two decimals, or pounds. See ../format.ts.
import { formatWith, LOCALE } from './numbers';

const money = /* @__PURE__ */ new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const currency = /* @__PURE__ */ new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'GBP',
});

/** 1234.5 → '1,234.50' (also for PHP's '1234.5'). */
export function formatMoney(value: number | string): string {
  return formatWith(money, value);
}

/** 1234.5 → '£1,234.50'. */
export function formatCurrency(value: number | string): string {
  return formatWith(currency, value);
}
