/**
 * Amounts typed into a form (docs/requirements.md §5: "Cost fields are formatted to 2 decimals on
 * blur"; §9: "Values display with 2 decimals"). The result is what PHP reads: no thousands
 * separators.
 */

/** '1,234.5' or '£1234.5' → '1234.50'; '' stays ''; null when it is not an amount. */
export function toTwoDecimals(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const cleaned = trimmed.replace(/^£/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  return Number(cleaned).toFixed(2);
}

export const INVALID_AMOUNT = 'Enter an amount in pounds and pence, for example 120.50';

export const NEGATIVE_AMOUNT = 'An amount cannot be negative: enter 0 or more, for example 120.50';

/** The largest amount the host stores (a money column of 10 digits, 2 after the point). */
export const MAX_AMOUNT = 99_999_999.99;

export const TOO_LARGE_AMOUNT = 'Enter an amount of at most 99,999,999.99';

export const TOO_MANY_DECIMALS = 'Enter at most 2 decimal places, for example 120.50';

/** Whether typed `text` has more than 2 decimal places ('10000.555'). */
export function hasMoreThanTwoDecimals(text: string): boolean {
  return /\.\d{3,}$/.test(text.trim());
}

/** A typed amount read: its 2-decimal text ('' when empty), or why it is refused. */
export type AmountReading = { ok: true; text: string } | { ok: false; error: string };

/**
 * An amount a form may send: empty, or 0 to MAX_AMOUNT in pounds and pence (with `exactPence`,
 * no more than 2 decimal places typed). The widgets show `error`
 * under the field; the reference host refuses the same amounts.
 */
export function readAmount(
  text: string,
  { exactPence = false }: { exactPence?: boolean } = {},
): AmountReading {
  const formatted = toTwoDecimals(text);
  if (formatted === null) return { ok: false, error: INVALID_AMOUNT };
  const value = Number(formatted);
  if (value < 0) return { ok: false, error: NEGATIVE_AMOUNT };
  if (value > MAX_AMOUNT) return { ok: false, error: TOO_LARGE_AMOUNT };
  // Where rounding would change what was agreed (a user's limit), more pence are refused.
  if (exactPence && hasMoreThanTwoDecimals(text)) return { ok: false, error: TOO_MANY_DECIMALS };
  // '-0.001' rounds to '-0.00': written as the 0 it is.
  return { ok: true, text: value === 0 && formatted !== '' ? '0.00' : formatted };
}
