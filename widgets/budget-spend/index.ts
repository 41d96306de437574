import { defineElement } from '../../src/ui/define-element';
import { BudgetSpend, type BudgetSpendProps } from './BudgetSpend';

/**
 * Budget versus spend: CSV export, 800 px scroll height, three frozen left columns and a totals
 * row. See README.md.
 *
 * @summary budget versus spend: 800 px scroll, 3 frozen columns, totals, CSV
 * @attr {string} data-url - Rows source (call 22) (required).
 */
export const BudgetSpendElement = defineElement('fm-budget-spend', BudgetSpend, {
  attributes: { url: 'url' },
  required: ['url'],
});

export type { BudgetSpendProps };
