// en-GB counts. Money is in money.ts, apart: a chunk that shows a count downloads no money format.

export const LOCALE = 'en-GB';

const count = /* @__PURE__ */ new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

function toNumber(value: number | string): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/** `value` (a number or PHP's numeric string) in `format`; '' for anything else. */
export function formatWith(format: Intl.NumberFormat, value: number | string): string {
  const number = toNumber(value);
  return number === null ? '' : format.format(number);
}

/** A whole count with thousands separators: 12345 → '12,345'. */
export function formatCount(value: number | string): string {
  return formatWith(count, value);
}
