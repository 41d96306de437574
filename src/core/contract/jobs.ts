import * as v from 'valibot';
import { text } from './decode';
import { contractorEntity, jobRecord, noteEntity } from './entities';
import { segment } from './paths';
import { bool, id, nullableOf } from './shapes';
import { filledText, type SuccessMessageResponse, successMessageResponse } from './shared';

// 5. Release a job, or request quotes (duplicates the job)
export function jobDuplicatePath(jobId: number): string {
  return `/api/jobs/duplicate/${segment(jobId)}`;
}
/**
 * Release: the duplicate goes to the chosen contractor; client_reference_2 is the Order Number.
 * The host records the release on the original too (status_id 3, JOB_STATUS.released), so a
 * released job is no longer awaiting release and a second release is refused (400).
 */
export const jobReleaseRequest = v.object({
  action: v.literal('release'),
  Job: v.object({
    contractor_id: id,
    priority_id: id,
    budget_code_id: id,
    client_reference_2: v.optional(text),
  }),
  ReportingFlag: v.optional(bool),
  Note: v.optional(noteEntity),
});
export type JobReleaseRequest = v.InferOutput<typeof jobReleaseRequest>;
/** Quote: without contractor a quote request, with one a contractor (alternative) quote. */
export const jobQuoteRequest = v.object({
  action: v.literal('quote'),
  Job: v.object({ description: filledText, contractor_id: v.optional(id) }),
  ReportingFlag: v.optional(bool),
  Note: v.optional(noteEntity),
});
export type JobQuoteRequest = v.InferOutput<typeof jobQuoteRequest>;
export const jobDuplicateRequest = v.variant('action', [jobReleaseRequest, jobQuoteRequest]);
export type JobDuplicateRequest = v.InferOutput<typeof jobDuplicateRequest>;
export const jobDuplicateResponse = v.object({
  status: v.literal('success'),
  message: text,
  job_id: id,
});
export type JobDuplicateResponse = v.InferOutput<typeof jobDuplicateResponse>;

// 8. A job with its contractors
export function jobShowPath(jobId: number): string {
  return `/api/jobs/show/${segment(jobId)}/1`;
}
export const jobShowResponse = v.object({
  status: v.literal('success'),
  job_id: id,
  job: jobRecord,
  contractors: v.array(contractorEntity),
});
export type JobShowResponse = v.InferOutput<typeof jobShowResponse>;

// 9. Forward or reject a job
export function jobUpdatePath(jobId: number): string {
  return `/api/jobs/update/${segment(jobId)}`;
}
export const jobUpdateRequest = v.object({
  action: v.picklist(['forward', 'reject']),
  Note: noteEntity,
  Job: v.optional(v.object({ id })),
});
export type JobUpdateRequest = v.InferOutput<typeof jobUpdateRequest>;
export const jobUpdateResponse = successMessageResponse;
export type JobUpdateResponse = SuccessMessageResponse;

// 13. Purchase order reference from the external system
export function purchaseOrderPath(externalJobId: string | number, jobId: number): string {
  return `/api/jobs/get_purchase_order/${segment(externalJobId)}/${segment(jobId)}`;
}
export const purchaseOrderResponse = v.object({
  results: v.object({ Table1: v.array(v.object({ POPH_Reference: nullableOf(text) })) }),
});
export type PurchaseOrderResponse = v.InferOutput<typeof purchaseOrderResponse>;
/** The first purchase order reference, or null when none was found. */
export function purchaseOrderReference(response: PurchaseOrderResponse): string | null {
  const reference = response.results.Table1[0]?.POPH_Reference?.trim();
  return reference ? reference : null;
}
