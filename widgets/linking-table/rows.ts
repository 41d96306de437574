import type { Contractor, LinkingRow, LinkingSaveRequest } from '../../src/core/contract';
import { INVALID_AMOUNT, toTwoDecimals } from '../../src/core/money-input';
import { formatMoney } from '../../src/runtime/format';

/** A row on screen: the host's row plus a key of ours (new rows have no id yet). */
export type DraftRow = LinkingRow & { key: number };

/** Where the table's links belong, from the element's attributes (SPEC §3 "Save payload"). */
export interface LinkingScope {
  model: string;
  siteId?: number;
  assetId?: number;
  documentationCategoryId?: number;
  userId?: number;
  problemTypeId?: number;
}

/** A new link: the first priority and contractor offered, nothing to exceed yet, active (SPEC §3). */
export function newRow(
  key: number,
  scope: LinkingScope,
  priorities: readonly [number, string][],
  contractors: readonly Contractor[],
): DraftRow {
  return {
    key,
    id: null,
    priority_id: priorities[0]?.[0] ?? 0,
    contractor_id: contractors[0]?.user_id ?? 0,
    asset_id: scope.assetId ?? null,
    model_id: null,
    not_to_exceed: 0,
    time_to_fix: 0,
    include_non_working: false,
    active: true,
  };
}

/** The save call's payload (call 20): the scope and every row on screen, without our keys. */
export function linkingSavePayload(
  scope: LinkingScope,
  rows: readonly DraftRow[],
): LinkingSaveRequest {
  return {
    model: scope.model,
    asset_id: scope.assetId ?? null,
    documentation_category_id: scope.documentationCategoryId ?? null,
    site_id: scope.siteId ?? null,
    user_id: scope.userId ?? null,
    problem_type_id: scope.problemTypeId ?? null,
    ids: rows.map(({ key: _key, ...row }) => row),
  };
}

/** Rows matching a search: priority or contractor name, or a value as shown. */
export function matchingRows(
  rows: readonly DraftRow[],
  search: string,
  names: { priority(id: number): string; contractor(id: number): string },
): readonly DraftRow[] {
  const term = search.trim().toLowerCase();
  if (term === '') return rows;
  return rows.filter((row) =>
    [
      names.priority(row.priority_id),
      names.contractor(row.contractor_id),
      row.not_to_exceed.toFixed(2),
      formatMoney(row.not_to_exceed),
      String(row.time_to_fix),
    ].some((text) => text.toLowerCase().includes(term)),
  );
}

/** A value typed into a row's box: the number to keep, or why it cannot be kept. */
export type TypedValue = { value: number } | { error: string };

export const NEGATIVE_AMOUNT = "Can't be negative: enter 0.00 or more";
export const NEGATIVE_HOURS = "Can't be negative: enter 0 or more hours";
export const WHOLE_HOURS = 'Enter whole hours, for example 24';

/** Not to exceed as typed ('1,250.5', '£80'): pounds and pence, 0 or more. */
export function readNotToExceed(text: string): TypedValue {
  const amount = toTwoDecimals(text);
  if (amount === null || amount === '') return { error: INVALID_AMOUNT };
  const value = Number(amount);
  return value < 0 ? { error: NEGATIVE_AMOUNT } : { value };
}

/** Time to fix as typed: whole hours, 0 or more. */
export function readTimeToFix(text: string): TypedValue {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return { error: WHOLE_HOURS };
  if (value < 0) return { error: NEGATIVE_HOURS };
  return Number.isInteger(value) ? { value } : { error: WHOLE_HOURS };
}
