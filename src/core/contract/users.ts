import * as v from 'valibot';
import { nonNegative, num, text } from './decode';
import { autocompleteItem } from './entities';
import { withQuery } from './query';
import { bool, id, nullableOf } from './shapes';
import { costTypeId, optionalId } from './shared';

// 11. Assign or unassign an engineer
export function assignEngineerPath(): string {
  return '/api/users/assign_engineer';
}
/** Unassigning names the link to remove in assigned_id. */
export const assignEngineerRequest = v.pipe(
  v.object({ assign: bool, assigned_id: optionalId, job_id: id, user_id: id }),
  v.forward(
    v.check(
      (request) => request.assign || request.assigned_id !== null,
      'the id of the assignment to remove is required when assign is false',
    ),
    ['assigned_id'],
  ),
);
export type AssignEngineerRequest = v.InferOutput<typeof assignEngineerRequest>;
export const assignEngineerResponse = v.object({ assigned_id: nullableOf(id) });
export type AssignEngineerResponse = v.InferOutput<typeof assignEngineerResponse>;

// 12. Authoriser search (users whose quote limit covers the cost)
export function userSearchPath(query: {
  term: string;
  costTypeId: number;
  costValue: number;
  capexApprover?: boolean;
}): string {
  const params = new URLSearchParams({
    term: query.term,
    type: String(query.costTypeId),
    cost_value: String(query.costValue),
  });
  if (query.capexApprover) params.set('capex_approver', '1');
  return withQuery('/api/users/search', params);
}
export const userSearchQuery = v.object({
  term: v.optional(text, ''),
  type: costTypeId,
  cost_value: v.pipe(num, nonNegative),
  capex_approver: v.optional(bool, false),
});
export type UserSearchQuery = v.InferOutput<typeof userSearchQuery>;
export const userSearchResponse = v.array(autocompleteItem);
export type UserSearchResponse = v.InferOutput<typeof userSearchResponse>;
