import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assignEngineerResponse,
  userSearchPath,
  userSearchResponse,
} from '../../src/core/contract';
import { createHost, decoded, errorOf, type Host } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

describe('GET /api/users/search (call 12)', () => {
  const search = async (query: Parameters<typeof userSearchPath>[0]) =>
    (await decoded(await host.get(userSearchPath(query)), userSearchResponse)).map(
      (item) => item.id,
    );

  it('finds users whose quote authorisation limit covers the cost', async () => {
    const ids = await search({ term: '', costTypeId: 3, costValue: 2_000 });
    // Jane 10,000, Oliver 2,500, Priya 50,000, Hannah 25,000; not Tom (500) nor Sarah (0).
    expect(ids.sort()).toEqual([2, 3, 4, 8]);
    expect(await search({ term: '', costTypeId: 3, costValue: 20_000 })).toEqual(
      expect.arrayContaining([4, 8]),
    );
    expect((await search({ term: '', costTypeId: 3, costValue: 20_000 })).sort()).toEqual([4, 8]);
  });

  it('keeps only capex approvers when capex_approver=1', async () => {
    expect(
      (await search({ term: '', costTypeId: 3, costValue: 2_000, capexApprover: true })).sort(),
    ).toEqual([2, 4]);
  });

  it('filters by the term and labels each user', async () => {
    const body = await decoded(
      await host.get(userSearchPath({ term: 'pri', costTypeId: 3, costValue: 100 })),
      userSearchResponse,
    );
    expect(body).toEqual([{ id: 4, label: 'Priya Patel', value: 'Priya Patel' }]);
  });

  it('refuses a missing or malformed cost value and an unknown cost type', async () => {
    expect(await errorOf(await host.get('/api/users/search?term=a&type=3'), 400)).toMatch(
      /cost_value is required/,
    );
    expect(
      await errorOf(await host.get('/api/users/search?term=a&type=3&cost_value=lots'), 400),
    ).toMatch(/cost_value/);
    expect(
      await errorOf(await host.get('/api/users/search?term=a&type=2&cost_value=1'), 400),
    ).toMatch(/type/);
  });
});

describe('POST /api/users/assign_engineer (call 11)', () => {
  it('assigns an engineer (a new link id) and unassigns it (null)', async () => {
    const assigned = await decoded(
      await host.post('/api/users/assign_engineer', {
        assign: true,
        assigned_id: null,
        job_id: 1004,
        user_id: 32,
      }),
      assignEngineerResponse,
    );
    expect(assigned.assigned_id).not.toBeNull();
    expect(
      host.row('SELECT job_id, user_id FROM job_engineers WHERE id = ?', assigned.assigned_id),
    ).toEqual({
      job_id: 1004,
      user_id: 32,
    });
    const again = await decoded(
      await host.post('/api/users/assign_engineer', {
        assign: true,
        assigned_id: null,
        job_id: 1004,
        user_id: 32,
      }),
      assignEngineerResponse,
    );
    expect(again.assigned_id).toBe(assigned.assigned_id);

    const removed = await decoded(
      await host.post('/api/users/assign_engineer', {
        assign: false,
        assigned_id: assigned.assigned_id,
        job_id: 1004,
        user_id: 32,
      }),
      assignEngineerResponse,
    );
    expect(removed.assigned_id).toBeNull();
    expect(host.count('job_engineers', 'id = ?', assigned.assigned_id)).toBe(0);
  });

  it('assigns an engineer only to a job released to the contractor; removing one always works', async () => {
    const assign = (jobId: number) =>
      host.post('/api/users/assign_engineer', {
        assign: true,
        assigned_id: null,
        job_id: jobId,
        user_id: 30,
      });
    // 1001 is Awaiting Release, 1002 Quote Required, 1006 Complete: none is an engineer's yet.
    expect(await errorOf(await assign(1001), 409)).toBe(
      'Assigning an engineer is not possible: job 1001 is Awaiting Release.',
    );
    expect(await errorOf(await assign(1002), 409)).toBe(
      'Assigning an engineer is not possible: job 1002 is Quote Required.',
    );
    expect(await errorOf(await assign(1006), 409)).toBe(
      'Assigning an engineer is not possible: job 1006 is Complete.',
    );
    expect(host.count('job_engineers', 'job_id IN (1001, 1002, 1006) AND user_id = 30')).toBe(0);

    // One assigned before this rule (an old link) can still be taken off.
    host.db
      .prepare('INSERT INTO job_engineers (job_id, user_id, created) VALUES (1001, 30, ?)')
      .run('2026-01-01 00:00:00');
    const link = host.row<{ id: number }>(
      'SELECT id FROM job_engineers WHERE job_id = 1001 AND user_id = 30',
    );
    const removed = await decoded(
      await host.post('/api/users/assign_engineer', {
        assign: false,
        assigned_id: link?.id,
        job_id: 1001,
        user_id: 30,
      }),
      assignEngineerResponse,
    );
    expect(removed.assigned_id).toBeNull();
  });

  it('accepts PHP form values', async () => {
    const body = await decoded(
      await host.post(
        '/api/users/assign_engineer',
        new URLSearchParams({ assign: '1', assigned_id: '', job_id: '1005', user_id: '33' }),
        { as: 'form' },
      ),
      assignEngineerResponse,
    );
    expect(
      host.count('job_engineers', 'id = ? AND job_id = 1005 AND user_id = 33', body.assigned_id),
    ).toBe(1);
  });

  it('refuses bad input, changing nothing, and 404s unknown ids', async () => {
    const before = host.snapshot();
    const post = (body: Record<string, unknown>) =>
      host.post('/api/users/assign_engineer', {
        assign: true,
        assigned_id: null,
        job_id: 1004,
        user_id: 32,
        ...body,
      });
    expect(await errorOf(await post({ assign: 'perhaps' }), 400)).toMatch(/assign/);
    expect(await errorOf(await post({ assign: false }), 400)).toMatch(/assigned_id/);
    expect(await errorOf(await post({ user_id: 20 }), 400)).toMatch(/not an engineer/);
    expect(host.snapshot()).toBe(before);
    expect(await errorOf(await post({ job_id: 99999 }), 404)).toMatch(/Job 99999/);
    expect(await errorOf(await post({ user_id: 9999 }), 404)).toMatch(/User 9999/);
    expect(await errorOf(await post({ assign: false, assigned_id: 9999 }), 404)).toMatch(
      /Assignment 9999/,
    );
  });
});
