import { defineElement } from '../../src/ui/define-element';
import { DataTable, type DataTableProps } from './DataTable';

/**
 * A server-paged table (docs/requirements.md §2 "Paged data tables, 100 rows per page"): remote
 * paging, sorting and header searches with a 400 ms delay, en-GB money and dates, links built by
 * the route builders, optional CSV of every matching row. See README.md.
 *
 * @summary server-paged table: 100 rows a page, remote sort, 400 ms header search, CSV
 * @attr {string} data-url - Rows source (call 22); or give `data-rows`.
 * @attr {string} data-columns - Columns as JSON (required).
 * @attr {string} data-rows - Rows held in the page, as JSON, when there is no `data-url`.
 * @attr {string} data-label - The table's accessible name.
 * @attr {string} data-csv-file-name - Shows "Download CSV", saving under this name.
 */
export const DataTableElement = defineElement('fm-data-table', DataTable, {
  attributes: {
    url: 'url',
    columns: 'json',
    rows: 'json',
    label: 'string',
    csvFileName: 'string',
  },
  required: ['columns'],
});

export type { DataTableProps };
