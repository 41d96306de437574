/**
 * Amounts typed into a form (SPEC §5: "Cost fields are formatted to 2 decimals on blur"; §9:
 * "Values display with 2 decimals"). The result is what PHP reads: no thousands separators.
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
