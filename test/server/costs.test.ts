import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  costsIndexResponse,
  costUpdateResponse,
  costValidateEditBody,
  costValidateEditResponse,
} from '../../src/core/contract';
import { createHost, decoded, errorOf, type Host } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

const costOf = (jobId: number) =>
  host.row<{ id: number }>('SELECT id FROM costs WHERE job_id = ? ORDER BY id', jobId).id;

const note = (jobId: number, description = 'Checked with the store manager') => ({
  description,
  job_id: jobId,
  cost_id: null,
  financial: true,
  internal: false,
});

describe('GET /api/costs/index/{jobId} (call 3)', () => {
  it('answers job 1001 awaiting release with its cost awaiting approval and breakdown', async () => {
    const body = await decoded(await host.get('/api/costs/index/1001'), costsIndexResponse);
    expect(body.job.Job).toMatchObject({
      id: 1001,
      type_id: 7,
      status_id: 4,
      client_reference_2: null,
    });
    expect(body.job.Site).toMatchObject({ id: 1, lat: 53.796, long: -1.547 });
    expect(body.job.Asset?.id).toBe(1);
    expect(body.job.Status.name).toBe('Awaiting Release');
    expect(body.asset_category).toEqual({ id: 1, name: 'HVAC' });
    expect(body.costs).toHaveLength(1);
    const [cost] = body.costs;
    expect(cost?.Cost).toMatchObject({
      job_id: 1001,
      cost_type_id: 1,
      approved: null,
      authoriser_id: null,
    });
    expect(cost?.CostBreakdown.length).toBeGreaterThan(0);
    const sum = cost?.CostBreakdown.reduce((total, row) => total + row.total, 0) ?? 0;
    expect(cost?.Cost.total).toBeCloseTo(sum, 2);
    expect(cost?.CostValidate).toEqual([]);
    expect(Object.values(body.budget_codes)).toContain('Non-Contract');
    expect(body.cancelled).toBe(false);
    expect(body.siteSurveyor).toBe(true);
  });

  it('gives a capex quote (job 1003) its validation items with no status yet', async () => {
    const body = await decoded(await host.get('/api/costs/index/1003'), costsIndexResponse);
    const [cost] = body.costs;
    expect(cost?.Cost).toMatchObject({ cost_type_id: 3, capex: true, approval_stage: 2 });
    expect(cost?.CostValidate.length).toBeGreaterThan(0);
    expect(cost?.CostValidate.every((item) => item.validation.status === null)).toBe(true);
  });

  it('lists only costs awaiting approval (job 1006 has an approved cost only)', async () => {
    const body = await decoded(await host.get('/api/costs/index/1006'), costsIndexResponse);
    expect(body.costs).toEqual([]);
    expect(body.contractor).toMatchObject({ user_id: 21 });
  });

  it('reports siteSurveyor false when the current user is not a surveyor', async () => {
    host.close();
    host = createHost({ settings: { currentUserId: 2 } });
    const body = await decoded(await host.get('/api/costs/index/1001'), costsIndexResponse);
    expect(body.siteSurveyor).toBe(false);
  });

  it('answers 404 for an unknown job and 400 for a malformed id', async () => {
    expect(await errorOf(await host.get('/api/costs/index/99999'), 404)).toMatch(/Job 99999/);
    expect(await errorOf(await host.get('/api/costs/index/abc'), 400)).toMatch(/jobId/);
  });
});

describe('POST /api/costs/update/{costId} (call 6)', () => {
  it('approves a cost, recording the authoriser, via and the note', async () => {
    const costId = costOf(1001);
    const response = await host.post(`/api/costs/update/${costId}`, {
      Cost: {
        id: costId,
        job_id: 1001,
        authoriser_id: 3,
        authorised_via: 'telephone',
        approved: true,
      },
      Note: note(1001),
    });
    const body = await decoded(response, costUpdateResponse);
    expect(body.message).toBe('The cost has been approved');
    expect(
      host.row('SELECT approved, authoriser_id, authorised_via FROM costs WHERE id = ?', costId),
    ).toEqual({
      approved: 1,
      authoriser_id: 3,
      authorised_via: 'telephone',
    });
    expect(
      host.row(
        'SELECT job_id, cost_id, description, financial FROM notes WHERE cost_id = ?',
        costId,
      ),
    ).toEqual({
      job_id: 1001,
      cost_id: costId,
      description: 'Checked with the store manager',
      financial: 1,
    });
    // No longer awaiting approval.
    const index = await decoded(await host.get('/api/costs/index/1001'), costsIndexResponse);
    expect(index.costs).toEqual([]);
  });

  it('declines a cost sent as a PHP form with string values', async () => {
    const costId = costOf(1001);
    const form = new URLSearchParams({
      'Cost[id]': String(costId),
      'Cost[job_id]': '1001',
      'Cost[authoriser_id]': '',
      'Cost[authorised_via]': '',
      'Cost[approved]': '0',
      'Note[description]': 'Too expensive',
      'Note[job_id]': '1001',
    });
    const body = await decoded(
      await host.post(`/api/costs/update/${costId}`, form, { as: 'form' }),
      costUpdateResponse,
    );
    expect(body.message).toBe('The cost has been declined');
    expect(host.row('SELECT approved FROM costs WHERE id = ?', costId)).toEqual({ approved: 0 });
  });

  it('refuses a quote without authoriser and authorised-via, changing nothing', async () => {
    const costId = costOf(1002);
    const before = host.snapshot();
    const response = await host.post(`/api/costs/update/${costId}`, {
      Cost: { id: costId, job_id: 1002, authoriser_id: null, authorised_via: null, approved: true },
      Note: note(1002),
    });
    const message = await errorOf(response, 400);
    expect(message).toContain('Cost.authoriser_id is required for a quote');
    expect(message).toContain('Cost.authorised_via is required for a quote');
    expect(host.snapshot()).toBe(before);
  });

  it('approves a quote with authoriser and authorised-via', async () => {
    const costId = costOf(1002);
    const response = await host.post(`/api/costs/update/${costId}`, {
      Cost: { id: costId, job_id: 1002, authoriser_id: 2, authorised_via: 'email', approved: true },
      Note: note(1002),
    });
    await decoded(response, costUpdateResponse);
    expect(host.row('SELECT approved, authoriser_id FROM costs WHERE id = ?', costId)).toEqual({
      approved: 1,
      authoriser_id: 2,
    });
    // The lifecycle: an approved quote releases the Quote Required job to its contractor.
    expect(host.row('SELECT status_id FROM jobs WHERE id = 1002')).toEqual({ status_id: 3 });
  });

  it('a declined quote leaves the job waiting for a quote; a rejected job takes no decision', async () => {
    const costId = costOf(1002);
    const decide = (jobId: number, id: number, approved: boolean) =>
      host.post(`/api/costs/update/${id}`, {
        Cost: { id, job_id: jobId, authoriser_id: 2, authorised_via: 'email', approved },
        Note: note(jobId),
      });
    await decoded(await decide(1002, costId, false), costUpdateResponse);
    expect(host.row('SELECT status_id FROM jobs WHERE id = 1002')).toEqual({ status_id: 5 });

    host.db.prepare('UPDATE jobs SET status_id = 12, cancelled = 1 WHERE id = 1001').run();
    const cost1001 = costOf(1001);
    expect(await errorOf(await decide(1001, cost1001, true), 409)).toBe(
      'Deciding its costs is not possible: job 1001 is cancelled.',
    );
    expect(host.row('SELECT approved FROM costs WHERE id = ?', cost1001)).toEqual({
      approved: null,
    });
  });

  it('refuses to approve a capex quote before its validation is saved, then approves after', async () => {
    const costId = costOf(1003);
    const update = () =>
      host.post(`/api/costs/update/${costId}`, {
        Cost: {
          id: costId,
          job_id: 1003,
          authoriser_id: 4,
          authorised_via: 'in person',
          approved: true,
        },
        Note: note(1003),
      });
    expect(await errorOf(await update(), 400)).toMatch(/capex validation/);
    await decoded(
      await host.post(
        '/costs_cost_validates/edit',
        costValidateEditBody({
          cost_id: costId,
          budget_code_id: 4,
          cost_type_id: 3,
          CostValidate: { 1: 1 },
        }),
        { as: 'form' },
      ),
      costValidateEditResponse,
    );
    await decoded(await update(), costUpdateResponse);
  });

  it('refuses an authoriser who is not a capex approver at approval stage 2', async () => {
    const costId = costOf(1003);
    const response = await host.post(`/api/costs/update/${costId}`, {
      Cost: {
        id: costId,
        job_id: 1003,
        authoriser_id: 3,
        authorised_via: 'email',
        approved: false,
      },
      Note: note(1003),
    });
    expect(await errorOf(response, 400)).toMatch(/not a capex approver/);
  });

  it('refuses a bad authorised_via, a mismatched id and a second decision', async () => {
    const costId = costOf(1001);
    const body = (overrides: Record<string, unknown>) => ({
      Cost: {
        id: costId,
        job_id: 1001,
        authoriser_id: 3,
        authorised_via: 'email',
        approved: true,
        ...overrides,
      },
      Note: note(1001),
    });
    const before = host.snapshot();
    expect(
      await errorOf(
        await host.post(`/api/costs/update/${costId}`, body({ authorised_via: 'fax' })),
        400,
      ),
    ).toMatch(/Cost\.authorised_via/);
    expect(
      await errorOf(await host.post(`/api/costs/update/${costId}`, body({ id: costId + 1 })), 400),
    ).toMatch(/Cost\.id/);
    expect(
      await errorOf(
        await host.post(`/api/costs/update/${costId}`, body({ approved: 'maybe' })),
        400,
      ),
    ).toMatch(/Cost\.approved/);
    expect(host.snapshot()).toBe(before);
    await decoded(await host.post(`/api/costs/update/${costId}`, body({})), costUpdateResponse);
    expect(await errorOf(await host.post(`/api/costs/update/${costId}`, body({})), 409)).toMatch(
      /already/,
    );
  });

  it('answers 404 for an unknown cost', async () => {
    const response = await host.post('/api/costs/update/99999', {
      Cost: { id: 99999, job_id: 1001, authoriser_id: 3, authorised_via: 'email', approved: true },
      Note: note(1001),
    });
    expect(await errorOf(response, 404)).toMatch(/Cost 99999/);
  });

  it('answers 403 when approvals are disabled', async () => {
    host.close();
    host = createHost({ settings: { disableApprovals: true } });
    const costId = costOf(1001);
    const before = host.snapshot();
    const response = await host.post(`/api/costs/update/${costId}`, {
      Cost: { id: costId, job_id: 1001, authoriser_id: 3, authorised_via: 'email', approved: true },
      Note: note(1001),
    });
    expect(await errorOf(response, 403)).toBe('Approvals are disabled');
    expect(host.snapshot()).toBe(before);
  });
});

describe('POST /costs_cost_validates/edit (call 7)', () => {
  it('saves the validation answers and the budget code, then updates them', async () => {
    const costId = costOf(1003);
    const save = (answers: Record<number, 0 | 1 | 2>) =>
      host.post(
        '/costs_cost_validates/edit',
        costValidateEditBody({
          cost_id: costId,
          budget_code_id: 4,
          cost_type_id: 3,
          CostValidate: answers,
        }),
        { as: 'form' },
      );
    await decoded(await save({ 1: 1, 2: 0, 3: 2 }), costValidateEditResponse);
    await decoded(await save({ 2: 1 }), costValidateEditResponse);
    const index = await decoded(await host.get('/api/costs/index/1003'), costsIndexResponse);
    const statuses = Object.fromEntries(
      (index.costs[0]?.CostValidate ?? []).map((item) => [item.id, item.validation.status]),
    );
    expect(statuses).toMatchObject({ 1: 1, 2: 1, 3: 2, 4: null });
    expect(host.row('SELECT budget_code_id FROM costs WHERE id = ?', costId)).toEqual({
      budget_code_id: 4,
    });
  });

  it('refuses bad status values, unknown items and a wrong cost type, changing nothing', async () => {
    const costId = String(costOf(1003));
    const before = host.snapshot();
    const post = (fields: Record<string, string>) =>
      host.post(
        '/costs_cost_validates/edit',
        new URLSearchParams({ cost_id: costId, budget_code_id: '4', cost_type_id: '3', ...fields }),
        { as: 'form' },
      );
    expect(await errorOf(await post({ 'CostValidate[1]': '3' }), 400)).toMatch(/CostValidate/);
    expect(await errorOf(await post({ 'CostValidate[1]': 'yes' }), 400)).toMatch(/CostValidate/);
    expect(await errorOf(await post({ 'CostValidate[999]': '1' }), 400)).toMatch(
      /CostValidate\[999\]/,
    );
    expect(await errorOf(await post({ cost_type_id: '1', 'CostValidate[1]': '1' }), 400)).toMatch(
      /cost_type_id/,
    );
    expect(host.snapshot()).toBe(before);
  });

  it('answers 404 for an unknown cost', async () => {
    const response = await host.post(
      '/costs_cost_validates/edit',
      new URLSearchParams({
        cost_id: '99999',
        budget_code_id: '4',
        cost_type_id: '3',
        'CostValidate[1]': '1',
      }),
      { as: 'form' },
    );
    expect(await errorOf(response, 404)).toMatch(/Cost 99999/);
  });
});

describe('GET /api/costs/has_duplicate_invoice/{invoiceNumber}/{jobId} (call 14)', () => {
  it("answers text 'true' for job 1006's INV-1001 and 'false' otherwise", async () => {
    const duplicate = await host.get('/api/costs/has_duplicate_invoice/INV-1001/1006');
    expect(duplicate.status).toBe(200);
    expect(duplicate.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await duplicate.text()).toBe('true');
    expect(await (await host.get('/api/costs/has_duplicate_invoice/INV-9999/1006')).text()).toBe(
      'false',
    );
  });

  it("answers 'true' for an invoice number a cost of another job already has: it is the contractor's", async () => {
    // INV-1001 is on job 1006's cost; job 1004 has no cost of that number.
    expect(host.count('costs', "job_id = 1004 AND invoice_number = 'INV-1001'")).toBe(0);
    for (const jobId of [1004, 1001]) {
      expect(
        await (await host.get(`/api/costs/has_duplicate_invoice/inv-1001/${jobId}`)).text(),
      ).toBe('true');
    }
    expect(await (await host.get('/api/costs/has_duplicate_invoice/INV-1002/1004')).text()).toBe(
      'false',
    );
  });

  it('answers 404 for an unknown job', async () => {
    expect(
      await errorOf(await host.get('/api/costs/has_duplicate_invoice/INV-1001/99999'), 404),
    ).toMatch(/Job/);
  });
});
