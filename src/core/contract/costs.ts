import * as v from 'valibot';
import { text } from './decode';
import {
  assetCategoryEntity,
  contractorEntity,
  costRecord,
  jobRecord,
  noteEntity,
} from './entities';
import { segment } from './paths';
import { type FormValue, formBody } from './query';
import { bool, bracketForm, id, idMap, nullableOf, nullableRecord } from './shapes';
import {
  authorisedVia,
  costTypeId,
  optionalId,
  type SuccessMessageResponse,
  successMessageResponse,
  validationStatus,
} from './shared';

// 3. A job's costs awaiting approval
export function costsIndexPath(jobId: number): string {
  return `/api/costs/index/${segment(jobId)}`;
}
export const costsIndexResponse = v.object({
  job: jobRecord,
  contractor: v.nullable(contractorEntity),
  asset_category: nullableRecord(assetCategoryEntity),
  costs: v.array(costRecord),
  cancelled: bool,
  budget_codes: idMap(text),
  siteSurveyor: bool,
});
export type CostsIndexResponse = v.InferOutput<typeof costsIndexResponse>;

// 6. Approve or decline a cost
export function costUpdatePath(costId: number): string {
  return `/api/costs/update/${segment(costId)}`;
}
/** Quotes also need authoriser_id and authorised_via; the server knows the cost type. */
export const costUpdateRequest = v.object({
  Cost: v.object({
    id,
    job_id: id,
    authoriser_id: optionalId,
    authorised_via: v.optional(nullableOf(authorisedVia), null),
    approved: bool,
  }),
  Note: noteEntity,
});
export type CostUpdateRequest = v.InferOutput<typeof costUpdateRequest>;
export const costUpdateResponse = successMessageResponse;
export type CostUpdateResponse = SuccessMessageResponse;

// 7. Save capex validation answers (a form post)
export function costValidateEditPath(): string {
  return '/costs_cost_validates/edit';
}
/** The form's fields; `CostValidate[{itemId}]` fields arrive flat and are nested by item id. */
export const costValidateEditRequest = bracketForm(
  v.object({
    cost_id: id,
    budget_code_id: nullableOf(id),
    cost_type_id: costTypeId,
    CostValidate: idMap(validationStatus),
  }),
);
export type CostValidateEditRequest = v.InferOutput<typeof costValidateEditRequest>;
/** The x-www-form-urlencoded body of the call. */
export function costValidateEditBody(request: CostValidateEditRequest): URLSearchParams {
  const fields: Record<string, FormValue> = {
    cost_id: request.cost_id,
    budget_code_id: request.budget_code_id,
    cost_type_id: request.cost_type_id,
  };
  for (const [itemId, status] of Object.entries(request.CostValidate)) {
    fields[`CostValidate[${itemId}]`] = status;
  }
  return formBody(fields);
}
export const costValidateEditResponse = v.object({ status: v.literal('success') });
export type CostValidateEditResponse = v.InferOutput<typeof costValidateEditResponse>;

// 14. Duplicate invoice number check (answers text)
export function duplicateInvoicePath(invoiceNumber: string, jobId: number): string {
  return `/api/costs/has_duplicate_invoice/${segment(invoiceNumber)}/${segment(jobId)}`;
}
/**
 * The server answers 'true' when the invoice number is already used, 'false' when not (PHP's
 * `echo` of a boolean: '1' and ''; '0' too). Anything else (a truncated or foreign body) is null:
 * the check could not be made, which is not the same as a new invoice number.
 */
export function parseDuplicateInvoice(body: string): boolean | null {
  const answer = body.trim().toLowerCase();
  if (answer === 'true' || answer === '1') return true;
  if (answer === 'false' || answer === '0' || answer === '') return false;
  return null;
}
