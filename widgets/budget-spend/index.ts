import { defineElement, type FmElement } from '../../src/ui/define-element';
import { BudgetSpend, type BudgetSpendProps } from './BudgetSpend';

/**
 * Budget versus spend: CSV export, 800 px scroll height, three frozen left columns and a totals
 * row. See README.md.
 *
 * @tag fm-budget-spend
 * @attr {string} data-url - Rows source (call 22) (required).
 */
export const BudgetSpendElement = defineElement('fm-budget-spend', BudgetSpend, {
  attributes: { url: 'url' },
  required: ['url'],
});

export type { BudgetSpendProps };

declare global {
  interface HTMLElementTagNameMap {
    'fm-budget-spend': FmElement<BudgetSpendProps>;
  }
}
