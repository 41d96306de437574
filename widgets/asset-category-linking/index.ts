import { defineElement } from '../../src/ui/define-element';
import { AssetCategoryLinking, type AssetCategoryLinkingProps } from './AssetCategoryLinking';

/**
 * Links models (or problem types) to asset categories, primary categories offered first, with
 * save. See README.md.
 *
 * @summary asset category of each model or problem type, with save
 * @attr {string} data-source-url - GET answering `{ data: [{ id, name, asset_category_id, asset_category_name }] }` (required).
 * @attr {string} data-save-url - POST receiving `model` and `ids` (required).
 * @attr {string} data-model - What is linked, e.g. 'Model' or 'ProblemType' (required).
 */
export const AssetCategoryLinkingElement = defineElement(
  'fm-asset-category-linking',
  AssetCategoryLinking,
  {
    attributes: { sourceUrl: 'url', saveUrl: 'url', model: 'string' },
    required: ['sourceUrl', 'saveUrl', 'model'],
  },
);

export type { AssetCategoryLinkingProps };
