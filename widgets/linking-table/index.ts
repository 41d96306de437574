import { defineElement } from '../../src/ui/define-element';
import { LinkingTable, type LinkingTableProps } from './LinkingTable';

/**
 * Priorities and contractors linked per site or asset (not to exceed, time to fix, non-working
 * hours, active), with add, edit, remove, a 1000 ms search and save. See README.md.
 *
 * @summary priority/contractor links of a site or asset: add, edit, remove, 1000 ms search, save
 * @attr {string} data-source-url - GET answering `{ data: LinkingRow[] }` (required).
 * @attr {string} data-save-url - POST receiving the save payload (required).
 * @attr {string} data-model - 'Site' or 'Asset' (required).
 * @attr {number} data-site-id - The site, for Site links and the contractors offered.
 * @attr {number} data-asset-id - The asset, for Asset links and the contractors offered.
 * @attr {number} data-documentation-category-id - Sent with the save.
 * @attr {number} data-user-id - Sent with the save.
 * @attr {number} data-problem-type-id - Sent with the save.
 */
export const LinkingTableElement = defineElement('fm-linking-table', LinkingTable, {
  attributes: {
    sourceUrl: 'url',
    saveUrl: 'url',
    model: 'string',
    siteId: 'id',
    assetId: 'id',
    documentationCategoryId: 'id',
    userId: 'id',
    problemTypeId: 'id',
  },
  required: ['sourceUrl', 'saveUrl', 'model'],
});

export type { LinkingTableProps };
