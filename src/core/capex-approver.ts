/**
 * docs/requirements.md §4: a user is a capex approver only with a quote authorisation value above
 * 0. The user form disables and clears the flag without one; the reference host refuses it.
 */
import { toTwoDecimals } from './money-input';

/** The host's answer to a capex approver without a quote authorisation value. */
export const CAPEX_NEEDS_LIMIT = 'A capex approver needs a quote authorisation above 0.';

/** The quote authorisation value as typed ('1,000', '0.00', ''): what is no amount counts as 0. */
export function canApproveCapex(authorisation: string): boolean {
  const value = Number(toTwoDecimals(authorisation) ?? 0);
  return value > 0;
}
