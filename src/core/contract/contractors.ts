import * as v from 'valibot';
import { contractorEntity } from './entities';
import { segment } from './paths';

// 1. Contractors of a site and/or asset
/** A trailing omitted id is dropped, a leading one written 0 (the server reads it as omitted). */
export function contractorsPath(siteId?: number | null, assetId?: number | null): string {
  const ids = [siteId ?? 0, ...(assetId ? [assetId] : [])];
  while (ids.length > 0 && !ids[ids.length - 1]) ids.pop();
  return ['/api/contractors/index', ...ids.map(segment)].join('/');
}
export const contractorsIndexResponse = v.array(contractorEntity);
export type ContractorsIndexResponse = v.InferOutput<typeof contractorsIndexResponse>;
