import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  jobDuplicateResponse,
  jobShowResponse,
  jobUpdateResponse,
  purchaseOrderReference,
  purchaseOrderResponse,
} from '../../src/core/contract';
import { ORDER_NUMBER_REQUIRED } from '../../src/core/job-messages';
import { createHost, decoded, errorOf, type Host } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

type JobRow = Record<string, unknown>;
const job = (id: number) => host.row<JobRow>('SELECT * FROM jobs WHERE id = ?', id);

const release = (Job: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  host.post('/api/jobs/duplicate/1001', { action: 'release', Job, ...extra });

describe('POST /api/jobs/duplicate/{jobId} release (call 5)', () => {
  it('creates the released duplicate: status 3, type 4, due zeroed, chosen contractor, priority, budget code', async () => {
    const jobs = host.count('jobs');
    const body = await decoded(
      await release(
        { contractor_id: 21, priority_id: 2, budget_code_id: 1, client_reference_2: 'PO-77001' },
        { ReportingFlag: true, Note: { description: 'Released after review', job_id: 1001 } },
      ),
      jobDuplicateResponse,
    );
    expect(body.message).toBe('Job Released');
    expect(host.count('jobs')).toBe(jobs + 1);
    const original = job(1001);
    expect(job(body.job_id)).toMatchObject({
      parent_job_id: 1001,
      site_id: original.site_id,
      asset_id: original.asset_id,
      description: original.description,
      status_id: 3,
      type_id: 4,
      due_hours: 0,
      due_mins: 0,
      contractor_id: 21,
      priority_id: 2,
      budget_code_id: 1,
      client_reference_2: 'PO-77001',
      reporting_flag: 1,
      cancelled: 0,
    });
    expect(
      host.count('notes', 'job_id = ? AND description = ?', body.job_id, 'Released after review'),
    ).toBe(1);
    // Due when its priority (P2, 24 hours) says, counted from the release: nothing is carried
    // over from the original's due values.
    const released = job(body.job_id);
    const hours =
      (Date.parse(String(released.due_datetime).replace(' ', 'T')) -
        Date.parse(String(released.created).replace(' ', 'T'))) /
      3_600_000;
    expect(hours).toBe(24);
    // The original is recorded as released (status 3), its type and order number kept.
    expect(original).toMatchObject({ status_id: 3, type_id: 7, client_reference_2: null });
  });

  it('releases a job once: a second release is refused and creates no job', async () => {
    const first = {
      contractor_id: 21,
      priority_id: 2,
      budget_code_id: 1,
      client_reference_2: 'PO-1',
    };
    expect((await release(first)).status).toBe(200);
    const jobs = host.count('jobs');
    expect(await errorOf(await release(first), 409)).toBe(
      'Releasing it is not possible: job 1001 is Released.',
    );
    expect(host.count('jobs')).toBe(jobs);
    const shown = await decoded(await host.request('/api/jobs/show/1001/1'), jobShowResponse);
    expect(shown.job.Status.name).toBe('Released');
  });

  it('refuses a release without an Order Number with the required message and creates no job', async () => {
    const before = host.snapshot();
    const response = await release({ contractor_id: 21, priority_id: 2, budget_code_id: 1 });
    expect(await errorOf(response, 400)).toBe(ORDER_NUMBER_REQUIRED);
    expect(ORDER_NUMBER_REQUIRED).toBe(
      'Order Number is a required field, please update the original job then try again.',
    );
    const blank = await release({
      contractor_id: 21,
      priority_id: 2,
      budget_code_id: 1,
      client_reference_2: '  ',
    });
    expect(await errorOf(blank, 400)).toBe(ORDER_NUMBER_REQUIRED);
    expect(host.snapshot()).toBe(before);
  });

  it('releases without an Order Number when the original has one', async () => {
    host.db.prepare("UPDATE jobs SET client_reference_2 = 'PO-1' WHERE id = 1001").run();
    const body = await decoded(
      await release({ contractor_id: 21, priority_id: 1, budget_code_id: 1 }),
      jobDuplicateResponse,
    );
    expect(job(body.job_id).client_reference_2).toBe('PO-1');
  });

  it('releases without an Order Number when validateClientReference2 is off', async () => {
    host.close();
    host = createHost({ settings: { validateClientReference2: false } });
    const body = await decoded(
      await release({ contractor_id: 21, priority_id: 1, budget_code_id: 1 }),
      jobDuplicateResponse,
    );
    expect(job(body.job_id)).toMatchObject({ status_id: 3, client_reference_2: null });
  });

  it('accepts a PHP form body with string values', async () => {
    const form = new URLSearchParams({
      action: 'release',
      'Job[contractor_id]': '20',
      'Job[priority_id]': '3',
      'Job[budget_code_id]': '5',
      'Job[client_reference_2]': 'PO-5',
      ReportingFlag: '0',
    });
    const body = await decoded(
      await host.post('/api/jobs/duplicate/1001', form, { as: 'form' }),
      jobDuplicateResponse,
    );
    expect(job(body.job_id)).toMatchObject({
      contractor_id: 20,
      priority_id: 3,
      budget_code_id: 5,
    });
  });

  it('refuses a priority outside the release list, a non-contractor, unknown codes and bad input', async () => {
    const before = host.snapshot();
    const ok = { contractor_id: 21, priority_id: 2, budget_code_id: 1, client_reference_2: 'PO-1' };
    expect(await errorOf(await release({ ...ok, priority_id: 5 }), 400)).toMatch(
      /priority 5 cannot be used/,
    );
    expect(await errorOf(await release({ ...ok, contractor_id: 2 }), 400)).toMatch(
      /not a contractor/,
    );
    expect(await errorOf(await release({ ...ok, budget_code_id: 999 }), 400)).toMatch(
      /budget code 999/,
    );
    expect(await errorOf(await release({ ...ok, contractor_id: 'abc' }), 400)).toMatch(
      /Job\.contractor_id/,
    );
    expect(await errorOf(await release({ priority_id: 2 }), 400)).toMatch(
      /Job\.contractor_id is required/,
    );
    const badAction = await host.post('/api/jobs/duplicate/1001', { action: 'clone', Job: ok });
    expect(await errorOf(badAction, 400)).toMatch(/action/);
    expect(host.snapshot()).toBe(before);
  });

  it('refuses to release a job that is not awaiting release, and 404s an unknown job', async () => {
    const response = await host.post('/api/jobs/duplicate/1004', {
      action: 'release',
      Job: { contractor_id: 21, priority_id: 2, budget_code_id: 1, client_reference_2: 'PO-1' },
    });
    expect(await errorOf(response, 409)).toBe(
      'Releasing it is not possible: job 1004 is Released.',
    );
    const unknown = await host.post('/api/jobs/duplicate/99999', {
      action: 'release',
      Job: { contractor_id: 21, priority_id: 2, budget_code_id: 1, client_reference_2: 'PO-1' },
    });
    expect(await errorOf(unknown, 404)).toMatch(/Job 99999/);
  });
});

describe('POST /api/jobs/duplicate/{jobId} quote (call 5)', () => {
  it('creates a quote request with status 5 and type 1', async () => {
    const body = await decoded(
      await host.post('/api/jobs/duplicate/1001', {
        action: 'quote',
        Job: { description: 'Quote to replace the AHU' },
      }),
      jobDuplicateResponse,
    );
    expect(job(body.job_id)).toMatchObject({
      parent_job_id: 1001,
      status_id: 5,
      type_id: 1,
      description: 'Quote to replace the AHU',
      contractor_id: null,
      priority_id: job(1001).priority_id,
    });
  });

  it('creates a contractor (alternative) quote with status 3, type 1 and priority 5', async () => {
    const body = await decoded(
      await host.post('/api/jobs/duplicate/1002', {
        action: 'quote',
        Job: { description: 'Alternative quote', contractor_id: 22 },
      }),
      jobDuplicateResponse,
    );
    expect(body.message).toBe('Alternative Quote(s) Created');
    expect(job(body.job_id)).toMatchObject({
      status_id: 3,
      type_id: 1,
      priority_id: 5,
      contractor_id: 22,
    });
  });

  it('refuses an empty description and an alternative quote by a user who is not a site surveyor', async () => {
    const before = host.snapshot();
    const empty = await host.post('/api/jobs/duplicate/1002', {
      action: 'quote',
      Job: { description: ' ' },
    });
    expect(await errorOf(empty, 400)).toMatch(/Job\.description/);
    expect(host.snapshot()).toBe(before);

    host.close();
    host = createHost({ settings: { currentUserId: 2 } });
    const refused = await host.post('/api/jobs/duplicate/1002', {
      action: 'quote',
      Job: { description: 'Alternative quote', contractor_id: 22 },
    });
    expect(await errorOf(refused, 403)).toMatch(/site surveyors/);
  });
});

describe('GET /api/jobs/show/{jobId}/1 (call 8)', () => {
  it('answers the job record and the contractors of its site and asset', async () => {
    const body = await decoded(await host.get('/api/jobs/show/1004/1'), jobShowResponse);
    expect(body.job_id).toBe(1004);
    expect(body.job.Job).toMatchObject({ id: 1004, site_id: 1, asset_id: 2, contractor_id: 20 });
    expect(body.contractors[0]).toMatchObject({ user_id: 20, primary: true, status: 1 });
    expect(body.contractors.some((contractor) => !contractor.primary)).toBe(true);
    const withoutFlag = await decoded(await host.get('/api/jobs/show/1004'), jobShowResponse);
    expect(withoutFlag).toEqual(body);
  });

  it('answers a job at a site without coordinates with null lat/long', async () => {
    const body = await decoded(await host.get('/api/jobs/show/1005/1'), jobShowResponse);
    expect(body.job.Site).toMatchObject({ id: 3, lat: null, long: null });
  });

  it('answers 404 for an unknown job', async () => {
    expect(await errorOf(await host.get('/api/jobs/show/99999/1'), 404)).toMatch(/Job 99999/);
  });
});

describe('POST /api/jobs/update/{jobId} (call 9)', () => {
  const note = (description: string, jobId = 1001) => ({ description, job_id: jobId });

  it('rejects a job: status 12, cancelled 1, with the note', async () => {
    const body = await decoded(
      await host.post('/api/jobs/update/1001', {
        action: 'reject',
        Note: note('Not needed any more'),
        Job: { id: 1001 },
      }),
      jobUpdateResponse,
    );
    expect(body.message).toBe('The job has been rejected');
    expect(job(1001)).toMatchObject({ status_id: 12, cancelled: 1 });
    expect(host.count('notes', 'job_id = 1001 AND description = ?', 'Not needed any more')).toBe(1);
  });

  it('forwards a job: records an internal note and flags it forwarded', async () => {
    const body = await decoded(
      await host.post('/api/jobs/update/1001', {
        action: 'forward',
        Note: note('Please review the cost'),
      }),
      jobUpdateResponse,
    );
    expect(body.message).toBe('The job has been forwarded');
    expect(job(1001)).toMatchObject({ forwarded: 1, status_id: 4, cancelled: 0 });
    expect(
      host.row(
        'SELECT internal FROM notes WHERE job_id = 1001 AND description = ?',
        'Please review the cost',
      ),
    ).toEqual({
      internal: 1,
    });
  });

  it('refuses bad input and mismatched ids, changing nothing; 404 for an unknown job', async () => {
    const before = host.snapshot();
    const post = (body: unknown, jobId = 1001) => host.post(`/api/jobs/update/${jobId}`, body);
    expect(await errorOf(await post({ action: 'close', Note: note('x') }), 400)).toMatch(/action/);
    expect(await errorOf(await post({ action: 'reject' }), 400)).toMatch(/Note is required/);
    expect(await errorOf(await post({ action: 'reject', Note: note('') }), 400)).toMatch(
      /Note\.description/,
    );
    expect(
      await errorOf(await post({ action: 'reject', Note: note('x'), Job: { id: 1002 } }), 400),
    ).toMatch(/Job\.id/);
    expect(await errorOf(await post({ action: 'reject', Note: note('x', 1002) }), 400)).toMatch(
      /Note\.job_id/,
    );
    expect(host.snapshot()).toBe(before);
    expect(
      await errorOf(await post({ action: 'reject', Note: note('x', 99999) }, 99999), 404),
    ).toMatch(/Job 99999/);
  });

  it('answers 409 when rejecting a rejected job', async () => {
    await decoded(
      await host.post('/api/jobs/update/1001', { action: 'reject', Note: note('No') }),
      jobUpdateResponse,
    );
    expect(
      await errorOf(
        await host.post('/api/jobs/update/1001', { action: 'reject', Note: note('No') }),
        409,
      ),
    ).toMatch(/already been rejected/);
  });
});

describe('GET /api/jobs/get_purchase_order/{externalJobId}/{jobId} (call 13)', () => {
  it('answers the POPH_Reference of job 1001', async () => {
    const body = await decoded(
      await host.get('/api/jobs/get_purchase_order/55001/1001'),
      purchaseOrderResponse,
    );
    expect(purchaseOrderReference(body)).toBe('POR-104477');
  });

  it('answers an empty Table1 when there is no purchase order', async () => {
    const body = await decoded(
      await host.get('/api/jobs/get_purchase_order/55001/1002'),
      purchaseOrderResponse,
    );
    expect(body.results.Table1).toEqual([]);
    expect(purchaseOrderReference(body)).toBeNull();
  });

  it('answers 404 for an unknown job', async () => {
    expect(await errorOf(await host.get('/api/jobs/get_purchase_order/55001/99999'), 404)).toMatch(
      /Job/,
    );
  });
});
