import * as v from 'valibot';
import { dateTime, int, nonNegative, num, text } from './decode';
import { bool, id, nullableOf, nullableRecord } from './shapes';
import { authorisedVia, costTypeId, optionalId, validationStatus } from './shared';

// Entities
export const jobEntity = v.object({
  id,
  site_id: id,
  asset_id: nullableOf(id),
  type_id: id,
  status_id: id,
  description: text,
  budget_code_id: nullableOf(id),
  client_reference_2: nullableOf(text),
  cancelled: bool,
  created: dateTime,
  priority_id: nullableOf(id),
  contractor_id: nullableOf(id),
  due_hours: int,
  due_mins: int,
  due_datetime: nullableOf(dateTime),
  cost_status_id: nullableOf(id),
  cost_type_id: nullableOf(costTypeId),
  site_time_count: int,
  documentation_document_count: int,
  cost_count: int,
  note_count: int,
  scripting_response_count: int,
  jobs_job_count: int,
});
export type Job = v.InferOutput<typeof jobEntity>;

/** A site; lat/long are present where the server sends them (null: not geocoded). */
export const siteEntity = v.object({
  id,
  name: text,
  type: text,
  branch_reference: nullableOf(text),
  lat: v.optional(nullableOf(num)),
  long: v.optional(nullableOf(num)),
});
export type Site = v.InferOutput<typeof siteEntity>;

const namedEntity = v.object({ id, name: text });

export const assetEntity = namedEntity;
export type Asset = v.InferOutput<typeof assetEntity>;

export const statusEntity = namedEntity;
export type Status = v.InferOutput<typeof statusEntity>;

export const jobTypeEntity = namedEntity;
export type JobType = v.InferOutput<typeof jobTypeEntity>;

export const priorityEntity = namedEntity;
export type Priority = v.InferOutput<typeof priorityEntity>;

export const assetCategoryEntity = namedEntity;
export type AssetCategory = v.InferOutput<typeof assetCategoryEntity>;

/** A contractor of a site or asset; status 1 is primary. */
export const contractorEntity = v.object({ user_id: id, name: text, primary: bool, status: int });
export type Contractor = v.InferOutput<typeof contractorEntity>;

export const costEntity = v.object({
  id,
  job_id: id,
  cost_type_id: costTypeId,
  authoriser_id: nullableOf(id),
  authorised_via: nullableOf(authorisedVia),
  approved: nullableOf(bool),
  approval_stage: v.pipe(int, v.picklist([1, 2])),
  capex: bool,
  invoice_number: nullableOf(text),
  total: num,
});
export type Cost = v.InferOutput<typeof costEntity>;

export const costBreakdownRow = v.object({
  type_name: text,
  subtype_name: nullableOf(text),
  description: nullableOf(text),
  value: num,
  quantity: num,
  markup_percent: num,
  total: num,
});
export type CostBreakdownRow = v.InferOutput<typeof costBreakdownRow>;

/** A capex validation item and its answer so far (null status: none yet). */
export const costValidateItem = v.object({
  id,
  name: text,
  validation: v.object({ id: nullableOf(id), status: nullableOf(validationStatus) }),
});
export type CostValidateItem = v.InferOutput<typeof costValidateItem>;

export const budgetCodeEntity = v.object({ budget_code_id: id, budget_code_name: text });
export type BudgetCode = v.InferOutput<typeof budgetCodeEntity>;

/** A note as sent with a write; cost_id, financial and internal may be left out. */
export const noteEntity = v.object({
  description: text,
  job_id: id,
  cost_id: optionalId,
  financial: v.optional(bool, false),
  internal: v.optional(bool, false),
});
export type Note = v.InferOutput<typeof noteEntity>;

export const autocompleteItem = v.object({ id, label: text, value: v.optional(text) });
export type AutocompleteItem = v.InferOutput<typeof autocompleteItem>;

/** A priority/contractor link of a site or asset (the linking table's row). */
export const linkingRow = v.object({
  id: optionalId,
  priority_id: id,
  contractor_id: id,
  asset_id: optionalId,
  model_id: optionalId,
  not_to_exceed: v.pipe(num, nonNegative),
  time_to_fix: v.pipe(int, nonNegative),
  include_non_working: bool,
  active: v.optional(bool, true),
});
export type LinkingRow = v.InferOutput<typeof linkingRow>;

/** A job with its associated records, as `find('first')` returns it. */
export const jobRecord = v.object({
  Job: jobEntity,
  Site: siteEntity,
  Asset: nullableRecord(assetEntity),
  Status: statusEntity,
  Type: jobTypeEntity,
  Priority: nullableRecord(priorityEntity),
});
export type JobRecord = v.InferOutput<typeof jobRecord>;

/** A cost awaiting approval with its breakdown and capex validation items. */
export const costRecord = v.object({
  Cost: costEntity,
  CostBreakdown: v.array(costBreakdownRow),
  CostValidate: v.array(costValidateItem),
});
export type CostRecord = v.InferOutput<typeof costRecord>;
