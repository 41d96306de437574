/**
 * The API contract (SPEC §7, CONVENTIONS "Calls"): the one source of truth for every call, imported
 * by the widgets (to decode answers) and by the demo server (to validate requests and shape answers).
 *
 * Per call: a path builder, a request schema when it has a payload and a response schema, each a
 * separate export so bundles keep only what they use. Field names are the server's.
 *
 * Tolerance: the primitives of ./decode accept PHP's forms (numbers and booleans as strings, '' for a
 * null id, `[]` for an empty map) and output plain JS values; meaning stays strict (ids positive,
 * actions and statuses from their lists, a missing required field is an error). The output type of a
 * request schema is also a valid input, so a client builds the output shape and sends it as JSON.
 */
import * as v from 'valibot';
import {
  bool,
  bracketForm,
  dateTime,
  expected,
  id,
  idMap,
  int,
  isoDateTime,
  jsonOf,
  nullableOf,
  nullableRecord,
  num,
  text,
} from './decode';

// ---------------------------------------------------------------------------------------------
// Constants

/** Cost types: a cost or a quote. */
export const COST_TYPE = { cost: 1, quote: 3 } as const; // SPEC §3

/** Job statuses the widgets set or read. */
export const JOB_STATUS = {
  released: 3,
  awaitingRelease: 4,
  quoteRequired: 5,
  rejected: 12,
} as const; // SPEC §4

/** Job types given to duplicates: a released job and a quote request. */
export const JOB_TYPE = { quote: 1, release: 4 } as const; // SPEC §4, §9

/** Priority of a contractor-quote duplicate. */
export const CONTRACTOR_QUOTE_PRIORITY = 5; // SPEC §4, §9

/** Cost validation statuses: No, Yes, N/A. */
export const VALIDATION_STATUS = { no: 0, yes: 1, na: 2 } as const; // SPEC §3

/** How a quote's authorisation was given. */
export const AUTHORISED_VIA = ['email', 'telephone', 'in person'] as const; // SPEC §5

/** Engineer site-time actions. */
export const SITE_TIME_ACTIONS = ['signon', 'signoff', 'complete', 'remotefix'] as const; // SPEC §4

/** Days of asset history asked for (SPEC gives 90 for the modal and 365 for the request). */
export const ASSET_HISTORY_DAYS = 365; // SPEC §7, §9

/** Rows per page of a server-side table. */
export const TABLE_PAGE_SIZE = 100; // SPEC §9

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Text with something in it besides spaces. */
const filledText = v.pipe(
  text,
  v.check((value: string) => value.trim() !== '', expected('non-empty text')),
);

const nonNegative = v.check((n: number) => n >= 0, expected('zero or more'));

/** An id that may be null, '' or absent (then null). */
const optionalId = v.optional(nullableOf(id), null);

/** 1 cost or 3 quote. */
export const costTypeId = v.pipe(int, v.picklist([COST_TYPE.cost, COST_TYPE.quote]));

/** 0 No, 1 Yes, 2 N/A. */
export const validationStatus = v.pipe(
  int,
  v.picklist([VALIDATION_STATUS.no, VALIDATION_STATUS.yes, VALIDATION_STATUS.na]),
);

export const authorisedVia = v.picklist(AUTHORISED_VIA);
export type AuthorisedVia = v.InferOutput<typeof authorisedVia>;

export const siteTimeAction = v.picklist(SITE_TIME_ACTIONS);
export type SiteTimeAction = v.InferOutput<typeof siteTimeAction>;

/** `{ status: 'success', message }`, the answer of most writes. */
export const successMessageResponse = v.object({ status: v.literal('success'), message: text });
export type SuccessMessageResponse = v.InferOutput<typeof successMessageResponse>;

/** What the host answers, with HTTP 4xx/5xx, when a call fails. */
export const errorResponse = v.object({
  status: v.literal('error'),
  message: v.union([text, v.array(text)], expected('text or a list of text')),
});
export type ErrorResponse = v.InferOutput<typeof errorResponse>;

/** An error response's messages as a list (the host sends one string or several). */
export function errorMessages(response: ErrorResponse): string[] {
  return typeof response.message === 'string' ? [response.message] : response.message;
}

function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** `url` with `query` appended, after any query the url already has. */
function withQuery(url: string, query: URLSearchParams): string {
  const search = query.toString();
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

type FormValue = string | number | boolean | null | undefined;

/** Form fields as PHP reads them: booleans 1/0, null as '', undefined left out. */
function formBody(fields: Record<string, FormValue>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    body.append(
      name,
      value === null ? '' : typeof value === 'boolean' ? (value ? '1' : '0') : String(value),
    );
  }
  return body;
}

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// 1. Contractors of a site and/or asset

/** A trailing omitted id is dropped, a leading one written 0 (the server reads it as omitted). */
export function contractorsPath(siteId?: number | null, assetId?: number | null): string {
  const ids = [siteId ?? 0, ...(assetId ? [assetId] : [])];
  while (ids.length > 0 && !ids[ids.length - 1]) ids.pop();
  return ['/api/contractors/index', ...ids.map(segment)].join('/');
}
export const contractorsIndexResponse = v.array(contractorEntity);
export type ContractorsIndexResponse = v.InferOutput<typeof contractorsIndexResponse>;

// ---------------------------------------------------------------------------------------------
// 2. Budget codes of an asset

export function budgetCodesPath(assetId: number): string {
  return `/api/budget_codes/index/${segment(assetId)}`;
}
export const budgetCodesIndexResponse = v.array(budgetCodeEntity);
export type BudgetCodesIndexResponse = v.InferOutput<typeof budgetCodesIndexResponse>;

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// 4. Other jobs on the same asset within a window

export function assetCountPath(query: {
  jobId: number;
  siteId: number;
  assetId: number;
  days?: number;
}): string {
  const { jobId, siteId, assetId, days = ASSET_HISTORY_DAYS } = query;
  return (
    `/api/sites/asset_count/job_id:${segment(jobId)}/site_id:${segment(siteId)}` +
    `/asset_id:${segment(assetId)}/days:${segment(days)}`
  );
}
export const assetHistoryJob = v.object({ id, description: text, status: text, created: dateTime });
export type AssetHistoryJob = v.InferOutput<typeof assetHistoryJob>;
export const assetCountResponse = v.object({
  count: v.pipe(int, nonNegative),
  days: v.pipe(int, nonNegative),
  jobs: v.array(assetHistoryJob),
});
export type AssetCountResponse = v.InferOutput<typeof assetCountResponse>;

// ---------------------------------------------------------------------------------------------
// 5. Release a job, or request quotes (duplicates the job)

export function jobDuplicatePath(jobId: number): string {
  return `/api/jobs/duplicate/${segment(jobId)}`;
}
/** Release: the duplicate goes to the chosen contractor; client_reference_2 is the Order Number. */
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

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// 10. Mail the helpdesk about a job

export function mailerSendPath(): string {
  return '/api/mailer/send';
}
export const mailerSendRequest = v.object({
  job_id: id,
  subject: filledText,
  message: filledText,
  type: v.literal('helpdesk'),
});
export type MailerSendRequest = v.InferOutput<typeof mailerSendRequest>;
export const mailerSendResponse = successMessageResponse;
export type MailerSendResponse = SuccessMessageResponse;

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// 14. Duplicate invoice number check (answers text)

export function duplicateInvoicePath(invoiceNumber: string, jobId: number): string {
  return `/api/costs/has_duplicate_invoice/${segment(invoiceNumber)}/${segment(jobId)}`;
}
/** The server answers 'true' when the invoice number is already used. */
export function parseDuplicateInvoice(body: string): boolean {
  return body.trim().toLowerCase() === 'true';
}

// ---------------------------------------------------------------------------------------------
// 15. Dashboard tile count

/** Cached count, or with `refresh` recomputed now. */
export function dashboardFetchPath(
  tileId: string | number,
  options: { refresh?: boolean } = {},
): string {
  return `/dashboards/fetch/${segment(tileId)}${options.refresh ? '/false' : ''}`;
}
export const dashboardTileResponse = v.object({ title: text, count: v.pipe(int, nonNegative) });
export type DashboardTileResponse = v.InferOutput<typeof dashboardTileResponse>;

// ---------------------------------------------------------------------------------------------
// 16. Photo upload (multipart)

export function photoUploadPath(): string {
  return '/api/photos/upload';
}
export const photoUploadRequest = v.object({ site_id: id, job_id: id, file: v.file() });
export type PhotoUploadRequest = v.InferOutput<typeof photoUploadRequest>;
export const photoUploadResponse = v.object({
  status: v.literal('success'),
  message: text,
  photo: v.object({ id, filename: text, url: text }),
});
export type PhotoUploadResponse = v.InferOutput<typeof photoUploadResponse>;

// ---------------------------------------------------------------------------------------------
// 17. Autocomplete from a source URL given to the element

/** `filters` become `filters[field]=v1,v2`; empty lists are left out. */
export function autocompletePath(
  sourceUrl: string,
  term: string,
  filters: Readonly<Record<string, readonly (string | number)[]>> = {},
): string {
  const params = new URLSearchParams({ term });
  for (const [field, values] of Object.entries(filters)) {
    if (values.length > 0) params.set(`filters[${field}]`, values.join(','));
  }
  return withQuery(sourceUrl, params);
}
const commaList = v.pipe(
  text,
  v.transform((list: string) => list.split(',').filter((item) => item !== '')),
);
export const autocompleteQuery = bracketForm(
  v.object({
    term: v.optional(text, ''),
    filters: v.optional(v.record(v.string(), commaList), {}),
  }),
);
export type AutocompleteQuery = v.InferOutput<typeof autocompleteQuery>;
export const autocompleteResponse = v.array(autocompleteItem);
export type AutocompleteResponse = v.InferOutput<typeof autocompleteResponse>;

/** The reference host's own autocomplete sources. */
export function sitesAutocompletePath(): string {
  return '/api/sites/autocomplete';
}
export function assetsAutocompletePath(): string {
  return '/api/assets/autocomplete';
}

// ---------------------------------------------------------------------------------------------
// 18. Asset category options

export function assetCategoriesPath(): string {
  return '/api/linking/AssetCategories';
}
export const assetCategoryOption = v.object({ id, name: text, primary: bool });
export type AssetCategoryOption = v.InferOutput<typeof assetCategoryOption>;
export const assetCategoriesResponse = v.object({ data: v.array(assetCategoryOption) });
export type AssetCategoriesResponse = v.InferOutput<typeof assetCategoriesResponse>;

// ---------------------------------------------------------------------------------------------
// 19. Priorities as an id → name map

export function prioritiesPath(): string {
  return '/api/priorities/index';
}
export const priorityListResponse = idMap(text);
export type PriorityListResponse = v.InferOutput<typeof priorityListResponse>;

// ---------------------------------------------------------------------------------------------
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
export type LinkingSaveResponse = SuccessMessageResponse;

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// 22. Server-side table rows

/** The reference host's rows source for the jobs table. */
export function jobsTablePath(): string {
  return '/api/jobs/table';
}
const fieldName = v.pipe(v.string(), v.regex(/^[A-Za-z_][\w.]*$/, expected('a field name')));
export const tableSort = v.object({ field: fieldName, dir: v.picklist(['asc', 'desc']) });
export type TableSort = v.InferOutput<typeof tableSort>;
/** `sort=field:asc,field2:desc` as a list of tableSort. */
const sortList = v.pipe(
  text,
  v.transform((list: string) =>
    list
      .split(',')
      .filter((item) => item !== '')
      .map((item) => {
        const [field, dir] = item.split(':');
        return { field, dir };
      }),
  ),
  v.array(tableSort),
);
/** `?page=1&size=100&sort=field:asc&filter[field]=value`, parsed. */
export const tableRowsQuery = bracketForm(
  v.object({
    page: v.optional(
      v.pipe(
        int,
        v.check((n: number) => n >= 1, expected('1 or more')),
      ),
      1,
    ),
    size: v.optional(
      v.pipe(
        int,
        v.check((n: number) => n >= 1, expected('1 or more')),
      ),
      TABLE_PAGE_SIZE,
    ),
    sort: v.optional(sortList, ''),
    filter: v.optional(v.record(v.string(), text), {}),
  }),
);
export type TableRowsQuery = v.InferOutput<typeof tableRowsQuery>;
export function tableRowsPath(
  sourceUrl: string,
  query: {
    page: number;
    size: number;
    sort?: readonly TableSort[];
    filter?: Readonly<Record<string, string>>;
  },
): string {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  const sort = (query.sort ?? []).map((item) => `${item.field}:${item.dir}`).join(',');
  if (sort !== '') params.set('sort', sort);
  for (const [field, value] of Object.entries(query.filter ?? {})) {
    params.set(`filter[${field}]`, value);
  }
  return withQuery(sourceUrl, params);
}
export const tableRowsResponse = v.object({
  data: v.array(v.record(v.string(), v.unknown())),
  last_page: v.pipe(int, nonNegative),
  total: v.pipe(int, nonNegative),
});
export type TableRowsResponse = v.InferOutput<typeof tableRowsResponse>;

// ---------------------------------------------------------------------------------------------
// 23. Is the engineer signed on? (an open site time)

export function siteTimeIndexPath(jobId: number): string {
  return `/api/site_times/index/${segment(jobId)}`;
}
/** Signed on: success with the open site time; not signed on: an error answer with HTTP 200. */
export const siteTimeIndexResponse = v.variant('status', [
  v.object({ status: v.literal('success'), data: v.object({ SiteTime: v.object({ id }) }) }),
  errorResponse,
]);
export type SiteTimeIndexResponse = v.InferOutput<typeof siteTimeIndexResponse>;

// ---------------------------------------------------------------------------------------------
// 24. Sign on, sign off, complete, remote fix

export function siteTimeSavePath(): string {
  return '/api/site_times/save';
}
export const geoPosition = v.object({
  lat: v.pipe(
    num,
    v.check((n: number) => n >= -90 && n <= 90, expected('a latitude (-90 to 90)')),
  ),
  long: v.pipe(
    num,
    v.check((n: number) => n >= -180 && n <= 180, expected('a longitude (-180 to 180)')),
  ),
  accuracy: v.pipe(num, nonNegative),
});
export type GeoPosition = v.InferOutput<typeof geoPosition>;
/** id is the open site time (null to sign on); client_time, when given, is the on/off time. */
export const siteTimeSaveRequest = v.object({
  id: optionalId,
  job_id: id,
  geo: geoPosition,
  action: siteTimeAction,
  note: v.optional(text),
  client_time: v.optional(isoDateTime),
});
export type SiteTimeSaveRequest = v.InferOutput<typeof siteTimeSaveRequest>;
export const siteTimeData = v.object({
  on_site: dateTime,
  off_site: nullableOf(dateTime),
  formatted_on_site: text,
  formatted_off_site: nullableOf(text),
});
export type SiteTimeData = v.InferOutput<typeof siteTimeData>;
export const siteTimeSaveResponse = v.object({
  status: v.literal('success'),
  action: siteTimeAction,
  id,
  message: text,
  data: siteTimeData,
});
export type SiteTimeSaveResponse = v.InferOutput<typeof siteTimeSaveResponse>;
