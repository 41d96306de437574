import type { CostBreakdownRow } from '../../src/core/contract';

/** Which of a cost's breakdown columns say something, and its one description if its lines share it. */
export interface CostLinesView {
  /** Whether any line has a subtype: a cost added through a cost form has none. */
  subtypes: boolean;
  /**
   * The description every line repeats (a cost form's one description, split into its Labour,
   * Materials and Other lines): said once for the cost, not on each line. Null when lines differ.
   */
  sharedDescription: string | null;
}

const said = (text: string | null | undefined) => (text ?? '').trim();

export function costLinesView(rows: readonly CostBreakdownRow[]): CostLinesView {
  const descriptions = new Set(rows.map((row) => said(row.description)));
  const [only = ''] = descriptions;
  return {
    subtypes: rows.some((row) => said(row.subtype_name) !== ''),
    sharedDescription: rows.length > 1 && descriptions.size === 1 && only !== '' ? only : null,
  };
}
