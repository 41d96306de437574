import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tableRowsPath, tableRowsResponse } from '../../src/core/contract';
import { createHost, decoded, errorOf, type Host } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

const rows = async (path: string) => decoded(await host.get(path), tableRowsResponse);

describe('GET /api/jobs/table (call 22)', () => {
  it('pages the jobs 100 at a time with last_page and total', async () => {
    const total = host.count('jobs');
    expect(total).toBeGreaterThanOrEqual(250);
    const first = await rows(tableRowsPath('/api/jobs/table', { page: 1, size: 100 }));
    expect(first.total).toBe(total);
    expect(first.last_page).toBe(Math.ceil(total / 100));
    expect(first.data).toHaveLength(100);
    const last = await rows(tableRowsPath('/api/jobs/table', { page: first.last_page, size: 100 }));
    expect(last.data).toHaveLength(total - (first.last_page - 1) * 100);
    const ids = new Set([...first.data, ...last.data].map((row) => row.id));
    expect(ids.size).toBe(first.data.length + last.data.length);
  });

  it('sorts by several fields and filters', async () => {
    const sorted = await rows(
      tableRowsPath('/api/jobs/table', {
        page: 1,
        size: 50,
        sort: [
          { field: 'site', dir: 'asc' },
          { field: 'id', dir: 'desc' },
        ],
      }),
    );
    const sites = sorted.data.map((row) => String(row.site));
    expect(sites).toEqual([...sites].sort());
    const released = await rows(
      tableRowsPath('/api/jobs/table', { page: 1, size: 100, filter: { status_id: '3' } }),
    );
    expect(released.total).toBe(host.count('jobs', 'status_id = 3'));
    expect(released.data.every((row) => row.status === 'Released')).toBe(true);
    const leeds = await rows(
      tableRowsPath('/api/jobs/table', { page: 1, size: 100, filter: { site: 'briggate' } }),
    );
    expect(leeds.total).toBe(host.count('jobs', 'site_id = 1'));
  });

  it("says a released job's contractor, priority and Order Number as its job view does, and searches them so", async () => {
    // Job 1001 has no contractor or Order Number of its own; the release chooses them.
    const released = await host.post('/api/jobs/duplicate/1001', {
      action: 'release',
      Job: { contractor_id: 21, priority_id: 1, budget_code_id: 1, client_reference_2: 'PO-9' },
    });
    const { job_id: newId } = (await released.json()) as { job_id: number };
    const byId = async (id: number) =>
      (
        await rows(
          tableRowsPath('/api/jobs/table', { page: 1, size: 1, filter: { id: String(id) } }),
        )
      ).data[0];
    expect(await byId(1001)).toMatchObject({
      contractor: `Pennine Electrical Services (on job ${newId})`,
      priority: `P1 Emergency (4 hours) (on job ${newId})`,
      client_reference_2: `PO-9 (on job ${newId})`,
    });
    // The job page's rows say the same words.
    const page = await (await host.get('/client/jobs/view/1001')).text();
    expect(page).toContain(
      `<dt>Contractor</dt><dd>Pennine Electrical Services (on job ${newId})</dd>`,
    );
    expect(page).toContain(`<dt>Order Number</dt><dd>PO-9 (on job ${newId})</dd>`);
    // The released job's own row is its own.
    expect(await byId(newId)).toMatchObject({
      contractor: 'Pennine Electrical Services',
      client_reference_2: 'PO-9',
    });
    // Searching the contractor or the Order Number finds both halves of the release.
    const search = async (filter: Record<string, string>) => {
      const found: number[] = [];
      for (const id of [newId, 1001]) {
        const match = await rows(
          tableRowsPath('/api/jobs/table', {
            page: 1,
            size: 1,
            filter: { ...filter, id: String(id) },
          }),
        );
        if (match.total === 1) found.push(id);
      }
      return found;
    };
    expect(await search({ contractor: 'pennine' })).toEqual([newId, 1001]);
    expect(await search({ client_reference_2: 'PO-9' })).toEqual([newId, 1001]);
    expect(await search({ contractor: `on job ${newId}` })).toEqual([1001]);
  });

  it('refuses unknown sort and filter fields and bad paging', async () => {
    expect(await errorOf(await host.get('/api/jobs/table?sort=password:asc'), 400)).toMatch(
      /password/,
    );
    expect(await errorOf(await host.get('/api/jobs/table?sort=id:up'), 400)).toMatch(/sort/);
    expect(await errorOf(await host.get('/api/jobs/table?filter[secret]=x'), 400)).toMatch(
      /secret/,
    );
    expect(await errorOf(await host.get('/api/jobs/table?page=0'), 400)).toMatch(/page/);
    expect(await errorOf(await host.get('/api/jobs/table?size=ten'), 400)).toMatch(/size/);
  });
});

describe('report tables (call 22 shape)', () => {
  it('answers budget against spend and compliance rows', async () => {
    const spend = await rows('/api/reports/budget_spend?page=1&size=10');
    expect(spend.data[0]).toEqual(
      expect.objectContaining({
        site: expect.any(String),
        budget: expect.any(Number),
        spend: expect.any(Number),
      }),
    );
    const compliance = await rows('/api/reports/compliance?filter[site]=leeds%20briggate');
    expect(compliance.total).toBe(4);
    expect(compliance.data.every((row) => row.site === 'Leeds Briggate')).toBe(true);
  });
});

describe('budget versus spend: spend is the approved costs', () => {
  const leedsHvac = async () => {
    const found = await rows(
      tableRowsPath('/api/reports/budget_spend', {
        page: 1,
        size: 1000,
        filter: { site: 'Leeds Briggate', budget_code: 'HVAC Service Contract' },
      }),
    );
    expect(found.data).toHaveLength(1);
    return found.data[0] as { budget: number; spend: number; variance: number };
  };
  const costOf1001 = () =>
    host.row<{ id: number; total: number }>('SELECT id, total FROM costs WHERE job_id = 1001');
  const decide = (approved: boolean) => {
    const cost = costOf1001();
    return host.post(`/api/costs/update/${cost.id}`, {
      Cost: { id: cost.id, job_id: 1001, authoriser_id: 3, authorised_via: 'email', approved },
      Note: { description: '', job_id: 1001, cost_id: cost.id, financial: true, internal: false },
    });
  };

  it("moves when job 1001's cost is approved", async () => {
    const before = await leedsHvac();
    expect((await decide(true)).status).toBe(200);
    const after = await leedsHvac();
    const { total } = costOf1001();
    expect(after.budget).toBe(before.budget);
    expect(after.spend).toBeCloseTo(before.spend + total, 2);
    expect(after.variance).toBeCloseTo(before.variance - total, 2);
  });

  it('counts neither a declined cost nor one awaiting approval', async () => {
    const before = await leedsHvac();
    expect(host.row('SELECT approved FROM costs WHERE job_id = 1001')).toEqual({ approved: null });
    expect((await decide(false)).status).toBe(200);
    expect(host.row('SELECT approved FROM costs WHERE job_id = 1001')).toEqual({ approved: 0 });
    expect(await leedsHvac()).toEqual(before);
  });

  it("totals the same spend as budget records' approved costs, budget code by budget code", async () => {
    const spend = await rows('/api/reports/budget_spend?page=1&size=1000');
    const approved = await rows(
      '/api/reports/budget_records?page=1&size=1000&filter[status]=Approved',
    );
    const byCode = (data: Record<string, unknown>[], field: string) => {
      const sums = new Map<string, number>();
      for (const row of data) {
        const code = String(row.budget_code);
        sums.set(code, Math.round(((sums.get(code) ?? 0) + Number(row[field])) * 100) / 100);
      }
      return Object.fromEntries([...sums].filter(([, sum]) => sum !== 0).sort());
    };
    expect(approved.total).toBeGreaterThan(0);
    expect(byCode(spend.data, 'spend')).toEqual(byCode(approved.data, 'value'));
  });
});

describe('budget records (call 22 shape, /reports/budget_records filters)', () => {
  it('filters by surveyor, a list of fascias, category and scope', async () => {
    const all = await rows('/api/reports/budget_records?page=1&size=1000');
    expect(all.total).toBe(host.count('costs'));
    const filtered = await rows(
      tableRowsPath('/api/reports/budget_records', {
        page: 1,
        size: 1000,
        filter: {
          surveyor_id: '7',
          fascia: 'Briggs & Hart,Northway',
          category_id: '1',
          scope: 'opex',
        },
      }),
    );
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.total).toBeLessThan(all.total);
    for (const row of filtered.data) {
      expect(row).toMatchObject({ surveyor: 'Daniel Wright', category: 'HVAC', scope: 'opex' });
      expect(['Briggs & Hart', 'Northway']).toContain(row.fascia);
    }
    const capex = await rows('/api/reports/budget_records?filter[scope]=capex');
    expect(capex.total).toBe(host.count('costs', 'capex = 1'));
  });

  it('says where each cost stands: only approved costs are spend', async () => {
    host.db.prepare('UPDATE costs SET approved = 0 WHERE job_id = 1001').run();
    const job1001 = (await rows('/api/reports/budget_records?page=1&size=1000')).data.filter(
      (row) => row.job_id === 1001,
    );
    expect(job1001.map((row) => row.status)).toEqual(job1001.map(() => 'Declined'));
    const approved = await rows('/api/reports/budget_records?filter[status]=Approved');
    expect(approved.total).toBe(host.count('costs', 'approved = 1'));
    const waiting = await rows('/api/reports/budget_records?filter[status]=Awaiting');
    expect(waiting.total).toBe(host.count('costs', 'approved IS NULL'));
  });
});
