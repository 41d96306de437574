import { type LinkingRow, type LinkingSaveRequest, linkKey } from '../../src/core/contract';
import { formatMoney } from '../../src/core/format';
import { MAX_AMOUNT, toTwoDecimals } from '../../src/core/money-input';
import type messages from './messages';

/** The table's words (messages.json, docs/words.md). */
export type LinkingWords = (typeof messages)['linkingTable'];

/**
 * A row on screen: the host's row plus a key of ours (new rows have no id yet), whose priority
 * and contractor are null until chosen.
 */
export type DraftRow = Omit<LinkingRow, 'priority_id' | 'contractor_id'> & {
  key: number;
  priority_id: number | null;
  contractor_id: number | null;
};

/** A row with its priority and contractor chosen: one the host can store. */
export type CompleteRow = LinkingRow & { key: number };

/**
 * Where the table's links belong, from the element's attributes (docs/requirements.md §3 "Save
 * payload").
 */
export interface LinkingScope {
  model: string;
  siteId?: number;
  assetId?: number;
  documentationCategoryId?: number;
  userId?: number;
  problemTypeId?: number;
}

/**
 * A new link: no priority or contractor until the user chooses them (a row stored untouched would
 * be a guess), nothing to exceed yet, active (docs/requirements.md §3).
 */
export function newRow(key: number, scope: LinkingScope): DraftRow {
  return {
    key,
    id: null,
    priority_id: null,
    contractor_id: null,
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
  rows: readonly CompleteRow[],
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

/**
 * Rows matching a search: priority or contractor name, or a value as shown. A row still without
 * its priority or contractor (one just added) shows whatever the search: there is nothing in it
 * to match yet, and it is where Add link puts the focus.
 */
export function matchingRows(
  rows: readonly DraftRow[],
  search: string,
  names: { priority(id: number): string; contractor(id: number): string },
): readonly DraftRow[] {
  const term = search.trim().toLowerCase();
  if (term === '') return rows;
  return rows.filter((row) => {
    if (row.priority_id === null || row.contractor_id === null) return true;
    return [
      names.priority(row.priority_id),
      names.contractor(row.contractor_id),
      row.not_to_exceed.toFixed(2),
      formatMoney(row.not_to_exceed),
      String(row.time_to_fix),
    ].some((text) => text.toLowerCase().includes(term));
  });
}

/** A value typed into a row's box: the number to keep, or why it cannot be kept. */
export type TypedValue = { value: number } | { error: string };

/** Not to exceed as typed ('1,250.5', '£80'): pounds and pence, 0 or more, as much as a cost may be. */
export function readNotToExceed(text: string, words: LinkingWords): TypedValue {
  const amount = toTwoDecimals(text);
  if (amount === null || amount === '') return { error: words.invalidAmount() };
  const value = Number(amount);
  if (value < 0) return { error: words.negativeAmount() };
  return value > MAX_AMOUNT ? { error: words.tooLargeAmount(formatMoney(MAX_AMOUNT)) } : { value };
}

/** Time to fix as typed: whole hours, 0 or more. */
export function readTimeToFix(text: string, words: LinkingWords): TypedValue {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return { error: words.wholeHours() };
  if (value < 0) return { error: words.negativeHours() };
  return Number.isInteger(value) ? { value } : { error: words.wholeHours() };
}

export type ChoiceField = 'priority_id' | 'contractor_id';

/** What stops a row being saved, under one of its selects. */
export interface ChoiceProblem {
  key: number;
  field: ChoiceField;
  message: string;
  /** Not chosen yet (said once Save is tried), rather than a duplicate (said at once). */
  missing: boolean;
}

/**
 * The rows' priorities and contractors that cannot be saved: one not chosen, or a link an earlier
 * row (by its number, as labelled) already makes. A link is its priority, contractor, asset and
 * model within the site or asset (docs/requirements.md §3 "Linking row"): two rows of them all
 * alike would give one job two answers.
 */
export function choiceProblems(rows: readonly DraftRow[], words: LinkingWords): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  const firstRow = new Map<string, number>();
  rows.forEach((row, index) => {
    if (row.priority_id === null) {
      problems.push({
        key: row.key,
        field: 'priority_id',
        message: words.noPriority(),
        missing: true,
      });
    }
    if (row.contractor_id === null) {
      problems.push({
        key: row.key,
        field: 'contractor_id',
        message: words.noContractor(),
        missing: true,
      });
    }
    if (row.priority_id === null || row.contractor_id === null) return;
    const link = linkKey(row);
    const earlier = firstRow.get(link);
    if (earlier === undefined) firstRow.set(link, index + 1);
    else {
      problems.push({
        key: row.key,
        field: 'contractor_id',
        message: words.duplicateLink(earlier),
        missing: false,
      });
    }
  });
  return problems;
}

/** The rows, when every one has its priority and contractor chosen. */
export function completeRows(rows: readonly DraftRow[]): CompleteRow[] | null {
  const complete = rows.filter(
    (row): row is CompleteRow => row.priority_id !== null && row.contractor_id !== null,
  );
  return complete.length === rows.length ? complete : null;
}
