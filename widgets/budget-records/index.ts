import { defineElement } from '../../src/ui/define-element';
import { BudgetRecords, type BudgetRecordsProps } from './BudgetRecords';

/**
 * Budget records with surveyor, fascias, category and scope filters as path parameters, fascias
 * kept in session storage, and a CSV of every matching row. See README.md.
 *
 * @summary budget records: surveyor, fascias, category, scope as path filters; CSV of all rows
 * @attr {string} data-url - Rows source (call 22) (required).
 * @attr {string} data-type - The report's type, part of the CSV name (required).
 * @attr {string} data-period - The report's period, part of the CSV name (required).
 * @attr {string} data-year-start - The budget year's start, part of the CSV name (required).
 * @attr {string} data-surveyors - Surveyor choices, JSON `[{ id, name }]`.
 * @attr {string} data-fascia-options - Fascia choices, JSON list of names.
 * @attr {string} data-categories - Category choices, JSON `[{ id, name }]`.
 * @attr {string} data-scopes - Scope choices, JSON list of values or `[{ id, name }]`.
 */
export const BudgetRecordsElement = defineElement('fm-budget-records', BudgetRecords, {
  attributes: {
    url: 'url',
    type: 'string',
    period: 'string',
    yearStart: 'string',
    surveyors: 'json',
    fasciaOptions: 'json',
    categories: 'json',
    scopes: 'json',
  },
  required: ['url', 'type', 'period', 'yearStart'],
});

export type { BudgetRecordsProps };
