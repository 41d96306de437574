/**
 * Amounts typed into a form (docs/requirements.md §5: "Cost fields are formatted to 2 decimals on
 * blur"; §9: "Values display with 2 decimals"). The result is what PHP reads: no thousands
 * separators.
 */
import messages from './money-input.messages';

/** The words of a refused amount (money-input.messages.json, docs/words.md). */
export type AmountWords = (typeof messages)['amount'];

/** '1,234.5' or '£1234.5' → '1234.50'; '' stays ''; null when it is not an amount. */
export function toTwoDecimals(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const cleaned = trimmed.replace(/^£/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  return Number(cleaned).toFixed(2);
}

/** The largest amount the host stores (a money column of 10 digits, 2 after the point). */
export const MAX_AMOUNT = 99_999_999.99;

/** MAX_AMOUNT as the words say it (en-GB, as every amount is shown). */
const MAX_SHOWN = '99,999,999.99';

/** The default words of a refused amount, which the reference host's tests compare with. */
export const INVALID_AMOUNT = /* @__PURE__ */ messages.amount.invalid();
export const NEGATIVE_AMOUNT = /* @__PURE__ */ messages.amount.negative();
export const TOO_LARGE_AMOUNT = /* @__PURE__ */ messages.amount.tooLarge(MAX_SHOWN);
export const TOO_MANY_DECIMALS = /* @__PURE__ */ messages.amount.tooManyDecimals();

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
  {
    exactPence = false,
    words = messages.amount,
  }: { exactPence?: boolean; words?: AmountWords } = {},
): AmountReading {
  const formatted = toTwoDecimals(text);
  if (formatted === null) return { ok: false, error: words.invalid() };
  const value = Number(formatted);
  if (value < 0) return { ok: false, error: words.negative() };
  if (value > MAX_AMOUNT) return { ok: false, error: words.tooLarge(MAX_SHOWN) };
  // Where rounding would change what was agreed (a user's limit), more pence are refused.
  if (exactPence && hasMoreThanTwoDecimals(text)) {
    return { ok: false, error: words.tooManyDecimals() };
  }
  // '-0.001' rounds to '-0.00': written as the 0 it is.
  return { ok: true, text: value === 0 && formatted !== '' ? '0.00' : formatted };
}
