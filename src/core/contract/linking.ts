import * as v from 'valibot';
import { text } from './decode';
import { linkingRow } from './entities';
import { formBody, withQuery } from './query';
import { bool, id, jsonOf, nullableOf } from './shapes';
import {
  filledText,
  optionalId,
  type SuccessMessageResponse,
  successMessageResponse,
} from './shared';

// 18. Asset category options
export function assetCategoriesPath(): string {
  return '/api/linking/AssetCategories';
}
export const assetCategoryOption = v.object({ id, name: text, primary: bool });
export type AssetCategoryOption = v.InferOutput<typeof assetCategoryOption>;
export const assetCategoriesResponse = v.object({ data: v.array(assetCategoryOption) });
export type AssetCategoriesResponse = v.InferOutput<typeof assetCategoriesResponse>;

// 20. Linking table: rows (reference host) and save
/** The reference host's rows source for the linking table. */
export function linkingRowsPath(query: {
  model: string;
  siteId?: number | null;
  assetId?: number | null;
}): string {
  const params = new URLSearchParams({ model: query.model });
  if (query.siteId) params.set('site_id', String(query.siteId));
  if (query.assetId) params.set('asset_id', String(query.assetId));
  return withQuery('/api/linking/rows', params);
}
export const linkingRowsQuery = v.object({
  model: filledText,
  site_id: optionalId,
  asset_id: optionalId,
});
export type LinkingRowsQuery = v.InferOutput<typeof linkingRowsQuery>;
export const linkingRowsResponse = v.object({ data: v.array(linkingRow) });
export type LinkingRowsResponse = v.InferOutput<typeof linkingRowsResponse>;

/** The reference host's save URL for the linking table. */
export function linkingSavePath(): string {
  return '/api/linking/save';
}
/** Form or JSON; `ids` is the rows as a JSON string (an array is accepted too). */
export const linkingSaveRequest = v.object({
  model: filledText,
  asset_id: optionalId,
  documentation_category_id: optionalId,
  site_id: optionalId,
  user_id: optionalId,
  problem_type_id: optionalId,
  ids: jsonOf(v.array(linkingRow)),
});
export type LinkingSaveRequest = v.InferOutput<typeof linkingSaveRequest>;
/** The form body of a linking save, rows JSON-encoded in `ids`. */
export function linkingSaveBody(request: LinkingSaveRequest): URLSearchParams {
  return formBody({ ...request, ids: JSON.stringify(request.ids) });
}
export const linkingSaveResponse = successMessageResponse;

/**
 * What makes a link one link within its site's or asset's table: its priority, contractor, asset
 * and model (docs/requirements.md §3 "Linking row"). Two rows alike in all four would give a job
 * two answers, so the table and the host refuse the second.
 */
export function linkKey(row: {
  priority_id: number | null;
  contractor_id: number | null;
  asset_id: number | null;
  model_id: number | null;
}): string {
  return [row.priority_id, row.contractor_id, row.asset_id, row.model_id].join(' ');
}
export type LinkingSaveResponse = SuccessMessageResponse;

// 21. Asset-category links: rows (reference host) and save
/** The reference host's rows source for the asset-category table. */
export function assetCategoryRowsPath(model: string): string {
  return withQuery('/api/linking/asset_category_rows', new URLSearchParams({ model }));
}
export const assetCategoryRowsQuery = v.object({ model: filledText });
export type AssetCategoryRowsQuery = v.InferOutput<typeof assetCategoryRowsQuery>;
export const assetCategoryLinkRow = v.object({
  id,
  name: text,
  asset_category_id: nullableOf(id),
  asset_category_name: nullableOf(text),
});
export type AssetCategoryLinkRow = v.InferOutput<typeof assetCategoryLinkRow>;
export const assetCategoryRowsResponse = v.object({ data: v.array(assetCategoryLinkRow) });
export type AssetCategoryRowsResponse = v.InferOutput<typeof assetCategoryRowsResponse>;

/** The reference host's save URL for asset-category links. */
export function assetCategorySavePath(): string {
  return '/api/linking/asset_category_save';
}
export const assetCategoryLink = v.object({ id, asset_category_id: nullableOf(id) });
export type AssetCategoryLink = v.InferOutput<typeof assetCategoryLink>;
/** Form or JSON; `ids` is the links as a JSON string (an array is accepted too). */
export const assetCategorySaveRequest = v.object({
  model: filledText,
  ids: jsonOf(v.array(assetCategoryLink)),
});
export type AssetCategorySaveRequest = v.InferOutput<typeof assetCategorySaveRequest>;
export function assetCategorySaveBody(request: AssetCategorySaveRequest): URLSearchParams {
  return formBody({ model: request.model, ids: JSON.stringify(request.ids) });
}
export const assetCategorySaveResponse = successMessageResponse;
export type AssetCategorySaveResponse = SuccessMessageResponse;
