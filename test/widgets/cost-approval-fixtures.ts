/**
 * Answers of the reference host for the fixture jobs (docs/reference-host.md), trimmed to what the
 * tests read.
 */

export function jobRecord(job: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    Job: {
      id: 1001,
      site_id: 1,
      asset_id: 1,
      type_id: 7,
      status_id: 4,
      description: 'Air handling unit tripping on high pressure',
      budget_code_id: 5,
      client_reference_2: null,
      cancelled: false,
      created: '2026-11-18 09:05:00',
      priority_id: 2,
      contractor_id: null,
      due_hours: 24,
      due_mins: 0,
      due_datetime: null,
      cost_status_id: null,
      cost_type_id: null,
      site_time_count: 0,
      documentation_document_count: 0,
      cost_count: 1,
      note_count: 0,
      scripting_response_count: 0,
      jobs_job_count: 0,
      ...job,
    },
    Site: { id: 1, name: 'Leeds Briggate', type: 'Store', branch_reference: 'BR-0101' },
    Asset: { id: 1, name: 'Air handling unit 1' },
    Status: { id: 4, name: 'Awaiting Release' },
    Type: { id: 7, name: 'Client Approval' },
    Priority: { id: 2, name: 'P2 Urgent (24 hours)' },
    ...extra,
  };
}

export function costRecord(cost: Record<string, unknown> = {}, validate: unknown[] = []) {
  return {
    Cost: {
      id: 11,
      job_id: 1001,
      cost_type_id: 1,
      authoriser_id: null,
      authorised_via: null,
      approved: null,
      approval_stage: 1,
      capex: false,
      invoice_number: null,
      total: '244.28',
      ...cost,
    },
    CostBreakdown: [
      {
        type_name: 'Labour',
        subtype_name: 'Engineer',
        description: 'Diagnose high-pressure trip',
        value: '65',
        quantity: 2,
        markup_percent: 0,
        total: 130,
      },
      {
        type_name: 'Materials',
        subtype_name: 'Parts',
        description: 'High-pressure switch',
        value: 84.5,
        quantity: 1,
        markup_percent: 15,
        total: 97.18,
      },
    ],
    CostValidate: validate,
  };
}

export function costsIndex(
  options: { job?: Record<string, unknown>; costs?: unknown[]; surveyor?: boolean } = {},
) {
  return {
    job: jobRecord(options.job),
    contractor: null,
    asset_category: { id: 1, name: 'HVAC' },
    costs: options.costs ?? [costRecord()],
    cancelled: false,
    budget_codes: { 1: 'Non-Contract', 4: 'Capital Expenditure', 5: 'HVAC Service Contract' },
    siteSurveyor: options.surveyor ?? true,
  };
}

export const CONTRACTORS = [
  { user_id: 21, name: 'Pennine Electrical Services', primary: false, status: 2 },
  { user_id: 20, name: 'Northern Mechanical Ltd', primary: true, status: 1 },
  { user_id: 22, name: 'Aire Valley Plumbing', primary: false, status: 2 },
];

export const PRIORITIES = {
  1: 'P1 Emergency (4 hours)',
  2: 'P2 Urgent (24 hours)',
  3: 'P3 Routine (5 days)',
  4: 'P4 Planned (28 days)',
  5: 'Quote',
};

export const BUDGET_CODES = [
  { budget_code_id: 5, budget_code_name: 'HVAC Service Contract' },
  { budget_code_id: 1, budget_code_name: 'Non-Contract' },
];

export const CAPEX_ITEMS = [
  { id: 1, name: 'Business case attached', validation: { id: null, status: null } },
  { id: 2, name: 'Three quotes obtained', validation: { id: null, status: null } },
];

/** The job as `GET /api/jobs/show/{id}/1` answers it after an action. */
export function jobShow(job: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return { status: 'success', job_id: 1001, job: jobRecord(job, extra), contractors: [] };
}

/** Job 1001 once released: the host records status 3 on the original. */
export const RELEASED_1001 = jobShow({ status_id: 3 }, { Status: { id: 3, name: 'Released' } });
