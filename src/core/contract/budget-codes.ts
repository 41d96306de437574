import * as v from 'valibot';
import { budgetCodeEntity } from './entities';
import { segment } from './paths';

// 2. Budget codes of an asset
export function budgetCodesPath(assetId: number): string {
  return `/api/budget_codes/index/${segment(assetId)}`;
}
export const budgetCodesIndexResponse = v.array(budgetCodeEntity);
export type BudgetCodesIndexResponse = v.InferOutput<typeof budgetCodesIndexResponse>;
