import type { Contractor, LinkingRow, LinkingSaveRequest } from '../../src/core/contract';

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
      String(row.time_to_fix),
    ].some((text) => text.toLowerCase().includes(term)),
  );
}
