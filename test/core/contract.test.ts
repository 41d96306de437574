import { describe, expect, it } from 'vitest';
import {
  assetCategoriesPath,
  assetCategoriesResponse,
  assetCategoryRowsPath,
  assetCategoryRowsResponse,
  assetCategorySaveBody,
  assetCategorySaveRequest,
  assetCountPath,
  assetCountResponse,
  assignEngineerRequest,
  assignEngineerResponse,
  autocompletePath,
  autocompleteQuery,
  autocompleteResponse,
  budgetCodesIndexResponse,
  budgetCodesPath,
  contractorsIndexResponse,
  contractorsPath,
  costsIndexPath,
  costsIndexResponse,
  costUpdatePath,
  costUpdateRequest,
  costUpdateResponse,
  costValidateEditBody,
  costValidateEditPath,
  costValidateEditRequest,
  costValidateEditResponse,
  dashboardFetchPath,
  dashboardTileResponse,
  duplicateInvoicePath,
  errorMessages,
  errorResponse,
  jobDuplicatePath,
  jobDuplicateRequest,
  jobDuplicateResponse,
  jobShowPath,
  jobShowResponse,
  jobUpdatePath,
  jobUpdateRequest,
  linkingRowsPath,
  linkingRowsQuery,
  linkingRowsResponse,
  linkingSaveBody,
  linkingSaveRequest,
  mailerSendRequest,
  parseDuplicateInvoice,
  photoUploadRequest,
  photoUploadResponse,
  priorityListResponse,
  purchaseOrderPath,
  purchaseOrderReference,
  purchaseOrderResponse,
  siteTimeIndexPath,
  siteTimeIndexResponse,
  siteTimeSaveRequest,
  siteTimeSaveResponse,
  tableRowsPath,
  tableRowsQuery,
  tableRowsResponse,
  userSearchPath,
  userSearchQuery,
  userSearchResponse,
} from '../../src/core/contract';
import { decode } from '../../src/core/contract/decode';
import { issuesOf } from './issues';

/** A job record as CakePHP sends it: numbers and flags as strings, a missing Asset as nulls. */
function phpJobRecord() {
  return {
    Job: {
      id: '101',
      site_id: '1',
      asset_id: null,
      type_id: '7',
      status_id: '4',
      description: 'Leaking tap in staff kitchen',
      budget_code_id: '',
      client_reference_2: null,
      cancelled: '0',
      created: '2024-03-04 09:15:00',
      priority_id: '2',
      contractor_id: null,
      due_hours: '4',
      due_mins: '0',
      due_datetime: '2024-03-04 13:15:00',
      cost_status_id: null,
      cost_type_id: '3',
      site_time_count: '0',
      documentation_document_count: '2',
      cost_count: '1',
      note_count: '3',
      scripting_response_count: '0',
      jobs_job_count: '0',
      modified: '2024-03-04 09:15:00',
    },
    Site: { id: '1', name: 'Leeds Central', type: 'Store', branch_reference: 1042 },
    Asset: { id: null, name: null },
    Status: { id: '4', name: 'Awaiting Release' },
    Type: { id: '7', name: 'Reactive' },
    Priority: { id: '2', name: 'P2 - 4 hours' },
  };
}

function phpCostRecord() {
  return {
    Cost: {
      id: '55',
      job_id: '101',
      cost_type_id: '3',
      authoriser_id: null,
      authorised_via: null,
      approved: null,
      approval_stage: '1',
      capex: '1',
      invoice_number: '',
      total: '240.00',
    },
    CostBreakdown: [
      {
        type_name: 'Labour',
        subtype_name: null,
        description: 'Two engineers',
        value: '100.00',
        quantity: '2',
        markup_percent: '20.00',
        total: '240.00',
      },
    ],
    CostValidate: [
      { id: '1', name: 'Budget available', validation: { id: null, status: null } },
      { id: '2', name: 'Health and safety', validation: { id: '9', status: '2' } },
    ],
  };
}

describe('response schemas', () => {
  it('contractors index: a bare list with PHP flags', () => {
    expect(
      decode(
        contractorsIndexResponse,
        [
          { user_id: '12', name: 'AquaFix Ltd', primary: '1', status: '1' },
          { user_id: 14, name: 'Drain Bros', primary: false, status: 2 },
        ],
        'contractors',
      ),
    ).toEqual([
      { user_id: 12, name: 'AquaFix Ltd', primary: true, status: 1 },
      { user_id: 14, name: 'Drain Bros', primary: false, status: 2 },
    ]);
    expect(
      issuesOf(contractorsIndexResponse, [{ user_id: '12', name: 'AquaFix', status: 1 }]),
    ).toEqual(['[0].primary is required']);
  });

  it('budget codes index: a bare list', () => {
    expect(
      decode(
        budgetCodesIndexResponse,
        [{ budget_code_id: '3', budget_code_name: 'Non-Contract' }],
        'budget codes',
      ),
    ).toEqual([{ budget_code_id: 3, budget_code_name: 'Non-Contract' }]);
    expect(
      issuesOf(budgetCodesIndexResponse, [{ budget_code_id: 'abc', budget_code_name: 'X' }]),
    ).toEqual(['[0].budget_code_id: expected a number, got "abc"']);
  });

  it('costs index: decodes the PHP job, costs and maps', () => {
    const decoded = decode(
      costsIndexResponse,
      {
        job: phpJobRecord(),
        contractor: { user_id: '12', name: 'AquaFix Ltd', primary: '1', status: '1' },
        asset_category: { id: null, name: null },
        costs: [phpCostRecord()],
        cancelled: '0',
        budget_codes: { 3: 'Non-Contract', 4: 'Planned' },
        siteSurveyor: 1,
      },
      'costs index',
    );
    expect(decoded.job.Job).toMatchObject({
      id: 101,
      asset_id: null,
      budget_code_id: null,
      cancelled: false,
      cost_type_id: 3,
      due_hours: 4,
    });
    expect(decoded.job.Job).not.toHaveProperty('modified');
    expect(decoded.job.Site.branch_reference).toBe('1042');
    expect(decoded.job.Asset).toBeNull();
    expect(decoded.asset_category).toBeNull();
    expect(decoded.costs[0]?.Cost).toMatchObject({
      id: 55,
      capex: true,
      total: 240,
      approved: null,
    });
    expect(decoded.costs[0]?.CostBreakdown[0]).toMatchObject({ quantity: 2, markup_percent: 20 });
    expect(decoded.costs[0]?.CostValidate.map((item) => item.validation.status)).toEqual([null, 2]);
    expect(decoded.budget_codes).toEqual({ 3: 'Non-Contract', 4: 'Planned' });
    expect(decoded.siteSurveyor).toBe(true);
  });

  it('costs index: accepts an empty budget code map sent as []', () => {
    const decoded = decode(
      costsIndexResponse,
      {
        job: phpJobRecord(),
        contractor: null,
        asset_category: { id: '2', name: 'Plumbing' },
        costs: [],
        cancelled: false,
        budget_codes: [],
        siteSurveyor: false,
      },
      'costs index',
    );
    expect(decoded.budget_codes).toEqual({});
    expect(decoded.asset_category).toEqual({ id: 2, name: 'Plumbing' });
  });

  it('costs index: a missing id or a wrong meaning names its path', () => {
    const cost = phpCostRecord();
    const { id: _omitted, ...costWithoutId } = cost.Cost;
    const issues = issuesOf(costsIndexResponse, {
      job: { ...phpJobRecord(), Job: { ...phpJobRecord().Job, id: 'abc' } },
      contractor: null,
      asset_category: null,
      costs: [
        {
          ...cost,
          Cost: { ...costWithoutId, authorised_via: 'fax' },
          CostValidate: [{ id: '1', name: 'Budget', validation: { id: null, status: '5' } }],
        },
      ],
      cancelled: 'maybe',
      budget_codes: {},
      siteSurveyor: false,
    });
    expect(issues).toEqual([
      'job.Job.id: expected a number, got "abc"',
      'costs[0].Cost.id is required',
      'costs[0].Cost.authorised_via: expected one of "email" | "telephone" | "in person", got "fax"',
      'costs[0].CostValidate[0].validation.status: expected one of 0 | 1 | 2, got 5',
      'cancelled: expected true or false, got "maybe"',
    ]);
  });

  it('asset count: count, days and the other jobs', () => {
    expect(
      decode(
        assetCountResponse,
        {
          count: '1',
          days: '365',
          jobs: [
            { id: '88', description: 'Boiler', status: 'Complete', created: '2024-01-02 08:00:00' },
          ],
        },
        'asset count',
      ),
    ).toEqual({
      count: 1,
      days: 365,
      jobs: [{ id: 88, description: 'Boiler', status: 'Complete', created: '2024-01-02 08:00:00' }],
    });
    expect(issuesOf(assetCountResponse, { count: '1', days: 365, jobs: [{ id: 88 }] })).toEqual([
      'jobs[0].description is required',
      'jobs[0].status is required',
      'jobs[0].created is required',
    ]);
  });

  it('job duplicate: success with the new job id', () => {
    expect(
      decode(
        jobDuplicateResponse,
        { status: 'success', message: 'Job Released', job_id: '202' },
        'x',
      ),
    ).toEqual({ status: 'success', message: 'Job Released', job_id: 202 });
    expect(issuesOf(jobDuplicateResponse, { status: 'error', message: 'No', job_id: 1 })).toEqual([
      'status: expected "success", got "error"',
    ]);
  });

  it('success message answers (cost update and the other writes)', () => {
    expect(decode(costUpdateResponse, { status: 'success', message: 'Saved' }, 'x')).toEqual({
      status: 'success',
      message: 'Saved',
    });
    expect(issuesOf(costUpdateResponse, { status: 'success' })).toEqual(['message is required']);
  });

  it('cost validate edit: status only', () => {
    expect(decode(costValidateEditResponse, { status: 'success' }, 'x')).toEqual({
      status: 'success',
    });
  });

  it('job show: the job and its contractors', () => {
    const decoded = decode(
      jobShowResponse,
      {
        status: 'success',
        job_id: '101',
        job: phpJobRecord(),
        contractors: [{ user_id: '12', name: 'AquaFix Ltd', primary: 'true', status: '1' }],
      },
      'job show',
    );
    expect(decoded.job_id).toBe(101);
    expect(decoded.job.Priority).toEqual({ id: 2, name: 'P2 - 4 hours' });
    expect(decoded.contractors[0]?.primary).toBe(true);
    expect(
      issuesOf(jobShowResponse, {
        status: 'success',
        job_id: '101',
        job: { ...phpJobRecord(), Job: { ...phpJobRecord().Job, created: '2024-02-30 10:00:00' } },
        contractors: [],
      }),
    ).toEqual([
      'job.Job.created: expected a date-time (YYYY-MM-DD HH:mm:ss), got "2024-02-30 10:00:00"',
    ]);
  });

  it('assign engineer: the link id or null', () => {
    expect(decode(assignEngineerResponse, { assigned_id: '31' }, 'x')).toEqual({ assigned_id: 31 });
    expect(decode(assignEngineerResponse, { assigned_id: null }, 'x')).toEqual({
      assigned_id: null,
    });
    expect(issuesOf(assignEngineerResponse, {})).toEqual(['assigned_id is required']);
  });

  it('user search and autocomplete: items with id, label and an optional value', () => {
    expect(
      decode(userSearchResponse, [{ id: '5', label: 'Ann Smith', value: 'Ann Smith' }], 'x'),
    ).toEqual([{ id: 5, label: 'Ann Smith', value: 'Ann Smith' }]);
    expect(decode(autocompleteResponse, [{ id: 3, label: 'Leeds Central' }], 'x')).toEqual([
      { id: 3, label: 'Leeds Central' },
    ]);
    expect(issuesOf(autocompleteResponse, [{ id: 3 }])).toEqual(['[0].label is required']);
  });

  it('purchase order: the first reference, or null when none was found', () => {
    const found = decode(
      purchaseOrderResponse,
      { results: { Table1: [{ POPH_Reference: 'POR-1234 ' }] } },
      'x',
    );
    expect(purchaseOrderReference(found)).toBe('POR-1234');
    const none = decode(purchaseOrderResponse, { results: { Table1: [] } }, 'x');
    expect(purchaseOrderReference(none)).toBeNull();
    const blank = decode(
      purchaseOrderResponse,
      { results: { Table1: [{ POPH_Reference: '' }] } },
      'x',
    );
    expect(purchaseOrderReference(blank)).toBeNull();
    expect(issuesOf(purchaseOrderResponse, { results: {} })).toEqual([
      'results.Table1 is required',
    ]);
  });

  it.each([
    ['true', true],
    [' TRUE\n', true],
    ['false', false],
    ['', false],
    ['1', true],
    ['0', false],
    ['{"title": "Jobs', null],
    ['yes', null],
  ])('duplicate invoice answer %j is %j', (body, duplicate) => {
    expect(parseDuplicateInvoice(body)).toBe(duplicate);
  });

  it('dashboard tile: title and count', () => {
    expect(decode(dashboardTileResponse, { title: 'Open jobs', count: '17' }, 'x')).toEqual({
      title: 'Open jobs',
      count: 17,
    });
    expect(issuesOf(dashboardTileResponse, { title: 'Open jobs', count: 'lots' })).toEqual([
      'count: expected a number, got "lots"',
    ]);
  });

  it.each([
    ['2026-11-25 09:14:05', '2026-11-25 09:14:05'],
    ['2026-11-25T09:14:05.123Z', '2026-11-25T09:14:05.123Z'],
    [null, null],
  ])('dashboard tile: counted_at %j decodes as %j', (countedAt, decoded) => {
    expect(
      decode(dashboardTileResponse, { title: 'Open jobs', count: 3, counted_at: countedAt }, 'x'),
    ).toEqual({ title: 'Open jobs', count: 3, counted_at: decoded });
  });

  it.each([
    ['soon', '"soon"'],
    ['', '""'],
    ['2026-02-30 09:14:05', '"2026-02-30 09:14:05"'],
    ['0000-00-00 00:00:00', '"0000-00-00 00:00:00"'],
    [1764062045, '1764062045'],
    [true, 'true'],
    [{}, 'an object'],
  ])('dashboard tile: counted_at %j is an issue naming the field', (countedAt, shown) => {
    expect(
      issuesOf(dashboardTileResponse, { title: 'Open jobs', count: 3, counted_at: countedAt }),
    ).toEqual([`counted_at: expected a date-time (YYYY-MM-DD HH:mm:ss), got ${shown}`]);
  });

  it('photo upload: the stored photo', () => {
    expect(
      decode(
        photoUploadResponse,
        {
          status: 'success',
          message: 'Uploaded',
          photo: { id: '9', filename: 'leak.jpg', url: '/files/9/leak.jpg' },
        },
        'x',
      ).photo,
    ).toEqual({ id: 9, filename: 'leak.jpg', url: '/files/9/leak.jpg' });
  });

  it('asset categories: options with a primary flag', () => {
    expect(
      decode(assetCategoriesResponse, { data: [{ id: '2', name: 'Plumbing', primary: '0' }] }, 'x'),
    ).toEqual({ data: [{ id: 2, name: 'Plumbing', primary: false }] });
    expect(issuesOf(assetCategoriesResponse, [])).toEqual(['data is required']);
  });

  it('priority list: an id → name map, [] when empty', () => {
    expect(decode(priorityListResponse, { 1: 'P1 - 2 hours', 5: 'Quote' }, 'x')).toEqual({
      1: 'P1 - 2 hours',
      5: 'Quote',
    });
    expect(decode(priorityListResponse, [], 'x')).toEqual({});
  });

  it('linking rows: defaults for active and the optional ids', () => {
    const decoded = decode(
      linkingRowsResponse,
      {
        data: [
          {
            id: '4',
            priority_id: '1',
            contractor_id: '12',
            asset_id: null,
            model_id: '1',
            not_to_exceed: '250.00',
            time_to_fix: '4',
            include_non_working: '1',
          },
        ],
      },
      'x',
    );
    expect(decoded.data[0]).toEqual({
      id: 4,
      priority_id: 1,
      contractor_id: 12,
      asset_id: null,
      model_id: 1,
      not_to_exceed: 250,
      time_to_fix: 4,
      include_non_working: true,
      active: true,
    });
  });

  it('asset-category rows: links that may be unset', () => {
    expect(
      decode(
        assetCategoryRowsResponse,
        {
          data: [
            { id: '3', name: 'Leaks', asset_category_id: '', asset_category_name: null },
            { id: '4', name: 'Heating', asset_category_id: '2', asset_category_name: 'Plumbing' },
          ],
        },
        'x',
      ).data.map((row) => row.asset_category_id),
    ).toEqual([null, 2]);
  });

  it('table rows: rows as objects with paging totals', () => {
    expect(
      decode(
        tableRowsResponse,
        { data: [{ id: 1, site: 'Leeds' }], last_page: '3', total: '201' },
        'x',
      ),
    ).toEqual({ data: [{ id: 1, site: 'Leeds' }], last_page: 3, total: 201 });
    expect(issuesOf(tableRowsResponse, { data: [1], last_page: 1, total: 1 })).toEqual([
      'data[0]: expected an object, got 1',
    ]);
  });

  it('site time index: signed on, or an error answer meaning not signed on', () => {
    expect(
      decode(siteTimeIndexResponse, { status: 'success', data: { SiteTime: { id: '7' } } }, 'x'),
    ).toEqual({ status: 'success', data: { SiteTime: { id: 7 } }, job_status_id: null });
    expect(
      decode(siteTimeIndexResponse, { status: 'error', message: 'Not signed on' }, 'x'),
    ).toEqual({ status: 'error', message: 'Not signed on', job_status_id: null });
    // The job's status, when a host adds it: a number, as text too (PHP), or null.
    expect(
      decode(
        siteTimeIndexResponse,
        { status: 'error', message: 'Not signed on', job_status_id: '8' },
        'x',
      ).job_status_id,
    ).toBe(8);
    expect(
      issuesOf(siteTimeIndexResponse, { status: 'error', message: 'x', job_status_id: 'done' }),
    ).toHaveLength(1);
    expect(issuesOf(siteTimeIndexResponse, { status: 'success', data: {} })).toEqual([
      'data.SiteTime is required',
    ]);
    expect(issuesOf(siteTimeIndexResponse, { status: 'maybe' })).toEqual([
      'status: expected one of "success" | "error", got "maybe"',
    ]);
  });

  it('site time save: times on and off site', () => {
    expect(
      decode(
        siteTimeSaveResponse,
        {
          status: 'success',
          action: 'signon',
          id: '7',
          message: 'Signed on',
          data: {
            on_site: '2024-03-04 10:00:00',
            off_site: null,
            formatted_on_site: '04/03/2024 10:00',
            formatted_off_site: null,
          },
        },
        'x',
      ),
    ).toMatchObject({ id: 7, action: 'signon', data: { off_site: null } });
    expect(
      issuesOf(siteTimeSaveResponse, {
        status: 'success',
        action: 'teleport',
        id: '7',
        message: 'x',
        data: { on_site: '2024-03-04 10:00:00', off_site: null, formatted_on_site: 'x' },
      }),
    ).toEqual([
      'action: expected one of "signon" | "signoff" | "complete" | "remotefix", got "teleport"',
      'data.formatted_off_site is required',
    ]);
  });

  it('error response: one message or several', () => {
    const one = decode(errorResponse, { status: 'error', message: 'Not allowed' }, 'x');
    const many = decode(
      errorResponse,
      { status: 'error', message: ['A is wrong', 'B is wrong'] },
      'x',
    );
    expect(errorMessages(one)).toEqual(['Not allowed']);
    expect(errorMessages(many)).toEqual(['A is wrong', 'B is wrong']);
    expect(issuesOf(errorResponse, { status: 'error' })).toEqual(['message is required']);
  });
});

describe('path builders', () => {
  it('contractors: drops a trailing omitted id, writes a leading one as 0', () => {
    expect(contractorsPath(3, 4)).toBe('/api/contractors/index/3/4');
    expect(contractorsPath(3)).toBe('/api/contractors/index/3');
    expect(contractorsPath(3, null)).toBe('/api/contractors/index/3');
    expect(contractorsPath(undefined, 4)).toBe('/api/contractors/index/0/4');
    expect(contractorsPath(null, 4)).toBe('/api/contractors/index/0/4');
    expect(contractorsPath()).toBe('/api/contractors/index');
  });

  it('builds the fixed-shape paths', () => {
    expect(budgetCodesPath(4)).toBe('/api/budget_codes/index/4');
    expect(costsIndexPath(101)).toBe('/api/costs/index/101');
    expect(jobDuplicatePath(101)).toBe('/api/jobs/duplicate/101');
    expect(costUpdatePath(55)).toBe('/api/costs/update/55');
    expect(costValidateEditPath()).toBe('/costs_cost_validates/edit');
    expect(jobShowPath(101)).toBe('/api/jobs/show/101/1');
    expect(jobUpdatePath(101)).toBe('/api/jobs/update/101');
    expect(siteTimeIndexPath(101)).toBe('/api/site_times/index/101');
    expect(assetCategoriesPath()).toBe('/api/linking/AssetCategories');
  });

  it('asset count: named segments, 365 days unless told', () => {
    expect(assetCountPath({ jobId: 101, siteId: 1, assetId: 9 })).toBe(
      '/api/sites/asset_count/job_id:101/site_id:1/asset_id:9/days:365',
    );
    expect(assetCountPath({ jobId: 101, siteId: 1, assetId: 9, days: 90 })).toBe(
      '/api/sites/asset_count/job_id:101/site_id:1/asset_id:9/days:90',
    );
  });

  it('encodes free-text path segments', () => {
    expect(duplicateInvoicePath('INV/22 #3', 101)).toBe(
      '/api/costs/has_duplicate_invoice/INV%2F22%20%233/101',
    );
    expect(purchaseOrderPath('EXT/7?', 101)).toBe('/api/jobs/get_purchase_order/EXT%2F7%3F/101');
  });

  it('dashboard: cached, or recomputed with refresh', () => {
    expect(dashboardFetchPath(6)).toBe('/dashboards/fetch/6');
    expect(dashboardFetchPath(6, { refresh: true })).toBe('/dashboards/fetch/6/false');
  });

  it('user search: capex_approver only when asked', () => {
    expect(userSearchPath({ term: 'ann s', costTypeId: 3, costValue: 1250.5 })).toBe(
      '/api/users/search?term=ann+s&type=3&cost_value=1250.5',
    );
    expect(userSearchPath({ term: 'ann', costTypeId: 3, costValue: 10, capexApprover: true })).toBe(
      '/api/users/search?term=ann&type=3&cost_value=10&capex_approver=1',
    );
  });

  it('autocomplete: term and filter lists after any query the source has', () => {
    const path = autocompletePath('/api/assets/autocomplete?active=1', 'boi', {
      site_id: [1, 2],
      type: [],
    });
    const url = new URL(path, 'http://host');
    expect(url.pathname).toBe('/api/assets/autocomplete');
    expect([...url.searchParams]).toEqual([
      ['active', '1'],
      ['term', 'boi'],
      ['filters[site_id]', '1,2'],
    ]);
  });

  it('table rows: page, size, sort and filters', () => {
    const url = new URL(
      tableRowsPath('/api/jobs/table', {
        page: 2,
        size: 100,
        sort: [
          { field: 'created', dir: 'desc' },
          { field: 'id', dir: 'asc' },
        ],
        filter: { status: 'Open' },
      }),
      'http://host',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      size: '100',
      sort: 'created:desc,id:asc',
      'filter[status]': 'Open',
    });
  });

  it('linking sources: only the ids given', () => {
    expect(linkingRowsPath({ model: 'Site', siteId: 1 })).toBe(
      '/api/linking/rows?model=Site&site_id=1',
    );
    expect(assetCategoryRowsPath('ProblemType')).toBe(
      '/api/linking/asset_category_rows?model=ProblemType',
    );
  });
});

describe('request schemas', () => {
  const note = { description: 'Approved by phone', job_id: '101' };

  it('job duplicate: release with form-style strings', () => {
    expect(
      decode(
        jobDuplicateRequest,
        {
          action: 'release',
          Job: {
            contractor_id: '12',
            priority_id: '2',
            budget_code_id: '3',
            client_reference_2: 'PO-9',
          },
          ReportingFlag: '1',
        },
        'x',
      ),
    ).toEqual({
      action: 'release',
      Job: { contractor_id: 12, priority_id: 2, budget_code_id: 3, client_reference_2: 'PO-9' },
      ReportingFlag: true,
    });
  });

  it('job duplicate: quote with or without a contractor', () => {
    expect(
      decode(
        jobDuplicateRequest,
        { action: 'quote', Job: { description: 'Quote for a new boiler' } },
        'x',
      ),
    ).toEqual({ action: 'quote', Job: { description: 'Quote for a new boiler' } });
    expect(
      decode(
        jobDuplicateRequest,
        { action: 'quote', Job: { description: 'Alternative', contractor_id: '14' } },
        'x',
      ).Job,
    ).toEqual({ description: 'Alternative', contractor_id: 14 });
  });

  it('job duplicate: rejects an unknown action, a missing contractor and a 0 contractor', () => {
    expect(issuesOf(jobDuplicateRequest, { action: 'copy', Job: {} })).toEqual([
      'action: expected one of "release" | "quote", got "copy"',
    ]);
    expect(
      issuesOf(jobDuplicateRequest, {
        action: 'release',
        Job: { priority_id: 2, budget_code_id: 3 },
      }),
    ).toEqual(['Job.contractor_id is required']);
    expect(
      issuesOf(jobDuplicateRequest, {
        action: 'quote',
        Job: { description: ' ', contractor_id: '0' },
      }),
    ).toEqual([
      'Job.description: expected non-empty text, got " "',
      'Job.contractor_id: expected a positive id, got 0',
    ]);
  });

  it('cost update: accepts form strings, defaults the note flags', () => {
    expect(
      decode(
        costUpdateRequest,
        {
          Cost: {
            id: '55',
            job_id: '101',
            authoriser_id: '5',
            authorised_via: 'in person',
            approved: '1',
          },
          Note: note,
        },
        'x',
      ),
    ).toEqual({
      Cost: { id: 55, job_id: 101, authoriser_id: 5, authorised_via: 'in person', approved: true },
      Note: {
        description: 'Approved by phone',
        job_id: 101,
        cost_id: null,
        financial: false,
        internal: false,
      },
    });
    expect(
      decode(
        costUpdateRequest,
        {
          Cost: { id: 55, job_id: 101, authoriser_id: '', authorised_via: '', approved: 0 },
          Note: note,
        },
        'x',
      ).Cost,
    ).toMatchObject({ authoriser_id: null, authorised_via: null, approved: false });
  });

  it('cost update: rejects a bad authorised_via, approval flag and missing note', () => {
    expect(
      issuesOf(costUpdateRequest, {
        Cost: { id: 55, job_id: 101, authoriser_id: 5, authorised_via: 'pigeon', approved: 'yes' },
      }),
    ).toEqual([
      'Cost.authorised_via: expected one of "email" | "telephone" | "in person", got "pigeon"',
      'Cost.approved: expected true or false, got "yes"',
      'Note is required',
    ]);
  });

  it('cost validate edit: flat form fields nest by item id, bad statuses are rejected', () => {
    expect(
      decode(
        costValidateEditRequest,
        {
          cost_id: '55',
          budget_code_id: '3',
          cost_type_id: '3',
          'CostValidate[1]': '1',
          'CostValidate[2]': '2',
        },
        'x',
      ),
    ).toEqual({ cost_id: 55, budget_code_id: 3, cost_type_id: 3, CostValidate: { 1: 1, 2: 2 } });
    expect(
      issuesOf(costValidateEditRequest, {
        cost_id: '55',
        budget_code_id: '',
        cost_type_id: '2',
        'CostValidate[1]': '3',
      }),
    ).toEqual([
      'cost_type_id: expected one of 1 | 3, got 2',
      'CostValidate[1]: expected one of 0 | 1 | 2, got 3',
    ]);
  });

  it('cost validate edit: the form body decodes back to the request', () => {
    const request = {
      cost_id: 55,
      budget_code_id: null,
      cost_type_id: 3 as const,
      CostValidate: { 1: 0 as const, 2: 1 as const },
    };
    const body = costValidateEditBody(request);
    expect(body.get('CostValidate[2]')).toBe('1');
    expect(decode(costValidateEditRequest, Object.fromEntries(body), 'x')).toEqual(request);
  });

  it('job update: forward or reject with a note', () => {
    expect(
      decode(jobUpdateRequest, { action: 'reject', Note: note, Job: { id: '101' } }, 'x'),
    ).toMatchObject({ action: 'reject', Job: { id: 101 } });
    expect(issuesOf(jobUpdateRequest, { action: 'delete', Note: note })).toEqual([
      'action: expected one of "forward" | "reject", got "delete"',
    ]);
  });

  it('mailer send: only to the helpdesk, with a subject and message', () => {
    expect(
      decode(
        mailerSendRequest,
        { job_id: '101', subject: 'Help', message: 'Please call', type: 'helpdesk' },
        'x',
      ),
    ).toEqual({ job_id: 101, subject: 'Help', message: 'Please call', type: 'helpdesk' });
    expect(
      issuesOf(mailerSendRequest, { job_id: '101', subject: '', message: 'x', type: 'sales' }),
    ).toEqual([
      'subject: expected non-empty text, got ""',
      'type: expected "helpdesk", got "sales"',
    ]);
  });

  it('assign engineer: unassigning needs the link id', () => {
    expect(
      decode(
        assignEngineerRequest,
        { assign: 'true', assigned_id: null, job_id: '1', user_id: '2' },
        'x',
      ),
    ).toEqual({ assign: true, assigned_id: null, job_id: 1, user_id: 2 });
    expect(
      issuesOf(assignEngineerRequest, { assign: '0', assigned_id: null, job_id: 1, user_id: 2 }),
    ).toEqual(['assigned_id: the id of the assignment to remove is required when assign is false']);
  });

  it('user search query: strings from the URL', () => {
    expect(
      decode(
        userSearchQuery,
        { term: 'ann', type: '3', cost_value: '1250.50', capex_approver: '1' },
        'x',
      ),
    ).toEqual({ term: 'ann', type: 3, cost_value: 1250.5, capex_approver: true });
    expect(decode(userSearchQuery, { type: '1', cost_value: '0' }, 'x')).toEqual({
      term: '',
      type: 1,
      cost_value: 0,
      capex_approver: false,
    });
    expect(issuesOf(userSearchQuery, { type: '3', cost_value: '-5' })).toEqual([
      'cost_value: expected zero or more, got -5',
    ]);
  });

  it('autocomplete query: filters[field]=a,b become lists', () => {
    expect(decode(autocompleteQuery, { term: 'le', 'filters[site_id]': '1,2' }, 'x')).toEqual({
      term: 'le',
      filters: { site_id: ['1', '2'] },
    });
    expect(decode(autocompleteQuery, { term: 'le' }, 'x')).toEqual({ term: 'le', filters: {} });
  });

  it('linking save: ids arrive as a JSON string in a form', () => {
    const decoded = decode(
      linkingSaveRequest,
      {
        model: 'Site',
        site_id: '1',
        asset_id: '',
        ids: JSON.stringify([
          {
            id: null,
            priority_id: '1',
            contractor_id: '12',
            not_to_exceed: '100.00',
            time_to_fix: '4',
            include_non_working: '0',
            active: '0',
          },
        ]),
      },
      'x',
    );
    expect(decoded).toMatchObject({ model: 'Site', site_id: 1, asset_id: null, user_id: null });
    expect(decoded.ids[0]).toMatchObject({ id: null, not_to_exceed: 100, active: false });
    expect(decode(linkingSaveRequest, Object.fromEntries(linkingSaveBody(decoded)), 'x')).toEqual(
      decoded,
    );
  });

  it('linking save: names a bad row field', () => {
    expect(
      issuesOf(linkingSaveRequest, {
        model: '',
        ids: '[{"priority_id":1,"contractor_id":2,"not_to_exceed":-1,"time_to_fix":1,"include_non_working":true}]',
      }),
    ).toEqual([
      'model: expected non-empty text, got ""',
      'ids[0].not_to_exceed: expected zero or more, got -1',
    ]);
  });

  it('linking rows query: the model is required', () => {
    expect(decode(linkingRowsQuery, { model: 'Asset', asset_id: '9' }, 'x')).toEqual({
      model: 'Asset',
      site_id: null,
      asset_id: 9,
    });
    expect(issuesOf(linkingRowsQuery, { site_id: '1' })).toEqual(['model is required']);
  });

  it('asset-category save: links as JSON, a category may be cleared', () => {
    const decoded = decode(
      assetCategorySaveRequest,
      {
        model: 'ProblemType',
        ids: '[{"id":"3","asset_category_id":""},{"id":4,"asset_category_id":2}]',
      },
      'x',
    );
    expect(decoded.ids).toEqual([
      { id: 3, asset_category_id: null },
      { id: 4, asset_category_id: 2 },
    ]);
    expect(
      decode(assetCategorySaveRequest, Object.fromEntries(assetCategorySaveBody(decoded)), 'x'),
    ).toEqual(decoded);
    expect(issuesOf(assetCategorySaveRequest, { model: 'ProblemType', ids: 'nope' })).toEqual([
      'ids: expected JSON text, got "nope"',
    ]);
  });

  it('table rows query: parsed with defaults, unsafe sort fields rejected', () => {
    expect(
      decode(
        tableRowsQuery,
        { page: '2', size: '25', sort: 'created:desc,id:asc', 'filter[status]': 'Open' },
        'x',
      ),
    ).toEqual({
      page: 2,
      size: 25,
      sort: [
        { field: 'created', dir: 'desc' },
        { field: 'id', dir: 'asc' },
      ],
      filter: { status: 'Open' },
    });
    expect(decode(tableRowsQuery, {}, 'x')).toEqual({ page: 1, size: 100, sort: [], filter: {} });
    expect(issuesOf(tableRowsQuery, { page: '0', sort: 'id;drop:up' })).toEqual([
      'page: expected 1 or more, got 0',
      'sort[0].field: expected a field name, got "id;drop"',
      'sort[0].dir: expected one of "asc" | "desc", got "up"',
    ]);
  });

  it('site time save: accepts JSON with string numbers and an ISO client time', () => {
    expect(
      decode(
        siteTimeSaveRequest,
        {
          id: null,
          job_id: '101',
          geo: { lat: '53.7960', long: '-1.5470', accuracy: '25' },
          action: 'signon',
          note: 'On site',
          client_time: '2024-03-04T10:00:00.000Z',
        },
        'x',
      ),
    ).toEqual({
      id: null,
      job_id: 101,
      geo: { lat: 53.796, long: -1.547, accuracy: 25 },
      action: 'signon',
      note: 'On site',
      client_time: '2024-03-04T10:00:00.000Z',
    });
  });

  it('site time save: rejects positions off the globe, unknown actions and bad times', () => {
    expect(
      issuesOf(siteTimeSaveRequest, {
        id: '7',
        job_id: '101',
        geo: { lat: 91, long: '-180.5', accuracy: -1 },
        action: 'teleport',
        client_time: '04/03/2024 10:00',
      }),
    ).toEqual([
      'geo.lat: expected a latitude (-90 to 90), got 91',
      'geo.long: expected a longitude (-180 to 180), got -180.5',
      'geo.accuracy: expected zero or more, got -1',
      'action: expected one of "signon" | "signoff" | "complete" | "remotefix", got "teleport"',
      'client_time: expected an ISO 8601 date-time, got "04/03/2024 10:00"',
    ]);
    expect(issuesOf(siteTimeSaveRequest, { job_id: 101, action: 'signoff' })).toEqual([
      'geo is required',
    ]);
  });

  it('photo upload: ids from multipart strings and a file', () => {
    const file = new File(['x'], 'leak.jpg', { type: 'image/jpeg' });
    expect(decode(photoUploadRequest, { site_id: '1', job_id: '101', file }, 'x')).toEqual({
      site_id: 1,
      job_id: 101,
      file,
    });
    expect(issuesOf(photoUploadRequest, { site_id: '1', job_id: '101', file: 'leak.jpg' })).toEqual(
      ['file: expected a file, got "leak.jpg"'],
    );
  });
});
