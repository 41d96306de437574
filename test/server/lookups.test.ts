import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assetCountPath,
  assetCountResponse,
  autocompletePath,
  autocompleteResponse,
  budgetCodesIndexResponse,
  budgetCodesPath,
  contractorsIndexResponse,
  contractorsPath,
  priorityListResponse,
} from '../../src/core/contract';
import { createHost, decoded, errorOf, type Host } from './host';

// The read-only lookups: contractors (1), budget codes (2), asset history (4), autocomplete
// sources (17) and priorities (19).

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

describe('GET /api/contractors/index/{siteId}/{assetId} (call 1)', () => {
  it("lists site 1's contractors, the primary first", async () => {
    const body = await decoded(await host.get(contractorsPath(1)), contractorsIndexResponse);
    expect(body[0]).toEqual({
      user_id: 20,
      name: 'Northern Mechanical Ltd',
      primary: true,
      status: 1,
    });
    expect(
      body.slice(1).every((contractor) => !contractor.primary && contractor.status !== 1),
    ).toBe(true);
    expect(body.map((contractor) => contractor.user_id).sort()).toEqual([20, 21, 22, 26]);
  });

  it("adds the asset's specialist to the site's contractors", async () => {
    // Asset 6 is site 1's passenger lift, linked to Summit Lift Engineering.
    const both = await decoded(await host.get(contractorsPath(1, 6)), contractorsIndexResponse);
    expect(both.find((contractor) => contractor.user_id === 24)).toMatchObject({
      primary: true,
      status: 1,
    });
    const assetOnly = await decoded(
      await host.get(contractorsPath(null, 6)),
      contractorsIndexResponse,
    );
    expect(contractorsPath(null, 6)).toBe('/api/contractors/index/0/6');
    expect(assetOnly).toEqual(both);
    const primaries = both.filter((contractor) => contractor.primary).length;
    expect(both.slice(0, primaries).every((contractor) => contractor.primary)).toBe(true);
  });

  it("treats '', '0' and 'null' segments as omitted", async () => {
    const viaNull = await decoded(
      await host.get('/api/contractors/index/null/6'),
      contractorsIndexResponse,
    );
    const viaZero = await decoded(
      await host.get('/api/contractors/index/0/6'),
      contractorsIndexResponse,
    );
    expect(viaNull).toEqual(viaZero);
    const all = await decoded(await host.get('/api/contractors/index'), contractorsIndexResponse);
    expect(all.length).toBeGreaterThanOrEqual(viaZero.length);
  });

  it('answers 404 for an unknown site or asset and 400 for a malformed id', async () => {
    expect(await errorOf(await host.get('/api/contractors/index/999'), 404)).toMatch(/Site 999/);
    expect(await errorOf(await host.get('/api/contractors/index/1/9999'), 404)).toMatch(
      /Asset 9999/,
    );
    expect(await errorOf(await host.get('/api/contractors/index/x'), 400)).toMatch(/siteId/);
  });
});

describe('GET /api/budget_codes/index/{assetId} (call 2)', () => {
  it("lists the asset category's codes and the general ones, including Non-Contract", async () => {
    const body = await decoded(await host.get(budgetCodesPath(1)), budgetCodesIndexResponse);
    const names = body.map((code) => code.budget_code_name);
    expect(names).toContain('Non-Contract');
    expect(names).toContain('HVAC Service Contract');
    expect(names).not.toContain('Lift Maintenance Contract');
  });

  it('answers 404 for an unknown asset', async () => {
    expect(await errorOf(await host.get(budgetCodesPath(9999)), 404)).toMatch(/Asset 9999/);
  });
});

describe('GET /api/sites/asset_count/… (call 4)', () => {
  it('counts the other jobs on the asset within 365 days', async () => {
    const path = assetCountPath({ jobId: 1001, siteId: 1, assetId: 1 });
    const body = await decoded(await host.get(path), assetCountResponse);
    expect(body.days).toBe(365);
    expect(body.count).toBe(body.jobs.length);
    const ids = body.jobs.map((job) => job.id);
    expect(ids).toContain(1007);
    expect(ids).toContain(1008);
    expect(ids).not.toContain(1009); // 500 days ago
    expect(ids).not.toContain(1001); // the job itself
    expect(body.jobs.find((job) => job.id === 1007)?.status).toBe('Complete');
  });

  it('lists a job rejected in the portal as it lists any other rejected job', async () => {
    // Job 1008 rejected as the seed rejects a job; job 1001 through the cost modal's call.
    host.db.prepare('UPDATE jobs SET status_id = 12, cancelled = 1 WHERE id = 1008').run();
    const rejected = await host.post('/api/jobs/update/1001', {
      action: 'reject',
      Job: { id: 1001 },
      Note: { description: 'Not needed', job_id: 1001, cost_id: null },
    });
    expect(rejected.status).toBe(200);
    const path = assetCountPath({ jobId: 1007, siteId: 1, assetId: 1 });
    const body = await decoded(await host.get(path), assetCountResponse);
    const listed = body.jobs.filter((job) => [1001, 1008].includes(job.id));
    expect(listed.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: 1001, status: 'Rejected' },
      { id: 1008, status: 'Rejected' },
    ]);
    expect(body.count).toBe(body.jobs.length);
  });

  it('narrows to a shorter window', async () => {
    const path = assetCountPath({ jobId: 1001, siteId: 1, assetId: 1, days: 90 });
    const body = await decoded(await host.get(path), assetCountResponse);
    expect(body.jobs.map((job) => job.id)).toContain(1007);
    expect(body.jobs.map((job) => job.id)).not.toContain(1008);
  });

  it('refuses missing or malformed parameters and 404s unknown ids', async () => {
    expect(
      await errorOf(await host.get('/api/sites/asset_count/job_id:1001/site_id:1/asset_id:1'), 400),
    ).toMatch(/days is required/);
    expect(
      await errorOf(
        await host.get('/api/sites/asset_count/job_id:1001/site_id:1/asset_id:1/days:abc'),
        400,
      ),
    ).toMatch(/days/);
    expect(
      await errorOf(await host.get(assetCountPath({ jobId: 99999, siteId: 1, assetId: 1 })), 404),
    ).toMatch(/Job 99999/);
  });
});

describe('autocomplete sources (call 17)', () => {
  it('finds sites by name and filters them by type', async () => {
    const body = await decoded(
      await host.get(autocompletePath('/api/sites/autocomplete', 'leeds')),
      autocompleteResponse,
    );
    expect(body.map((item) => item.id).sort()).toEqual([1, 7]);
    expect(body.find((item) => item.id === 1)).toEqual({
      id: 1,
      label: 'Leeds Briggate (BR-0101)',
      value: 'Leeds Briggate',
    });
    const stores = await decoded(
      await host.get(autocompletePath('/api/sites/autocomplete', 'leeds', { type: ['Store'] })),
      autocompleteResponse,
    );
    expect(stores.map((item) => item.id)).toEqual([1]);
  });

  it('finds assets filtered by site ids', async () => {
    const body = await decoded(
      await host.get(autocompletePath('/api/assets/autocomplete', 'lift', { site_id: [1, 2] })),
      autocompleteResponse,
    );
    expect(body).toHaveLength(2);
    expect(body.every((item) => /Passenger lift/.test(item.label))).toBe(true);
  });

  it('refuses an unknown filter field or a malformed id list', async () => {
    expect(
      await errorOf(await host.get('/api/assets/autocomplete?term=li&filters[colour]=red'), 400),
    ).toMatch(/filters\.colour/);
    expect(
      await errorOf(await host.get('/api/assets/autocomplete?term=li&filters[site_id]=a,b'), 400),
    ).toMatch(/site_id/);
  });
});

describe('GET /api/priorities/index (call 19)', () => {
  it('answers a map of id to name', async () => {
    const body = await decoded(await host.get('/api/priorities/index'), priorityListResponse);
    expect(Object.keys(body)).toEqual(['1', '2', '3', '4', '5']);
    expect(body['5']).toBe('Quote');
  });
});
