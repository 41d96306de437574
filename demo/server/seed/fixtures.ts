import type { Ago, CostInsert, Insert, JobInsert, Row } from './tables';

// The fixtures of docs/reference-host.md: jobs 1001–1006 (other tests depend on their ids), asset
// 1's history jobs 1007–1009, and the linking rows of sites 1 and 2 and asset 1.

/** Jobs 1001–1009 with their costs, engineers and purchase order. */
export function seedFixtureJobs(
  insert: Insert,
  job: JobInsert,
  cost: CostInsert,
  ago: Ago,
  assetsBySite: Map<number, number[]>,
): void {
  seedJobsAwaitingDecision(insert, job, cost, ago, assetsBySite);
  seedEngineersJobs(insert, job, ago, assetsBySite);
  seedCompletedJob(job, cost, ago, assetsBySite);
  seedAssetHistory(job, ago);
}

/** Jobs 1001–1003: a cost, a quote and a capex quote awaiting the client's decision. */
function seedJobsAwaitingDecision(
  insert: Insert,
  job: JobInsert,
  cost: CostInsert,
  ago: Ago,
  assetsBySite: Map<number, number[]>,
): void {
  job({
    id: 1001,
    site_id: 1,
    asset_id: 1,
    type_id: 7,
    status_id: 4,
    description: 'Air handling unit tripping on high pressure: client approval needed to attend',
    budget_code_id: 5,
    client_reference_2: null,
    created: ago(3),
    priority_id: 2,
    contractor_id: null,
  });
  cost({ job_id: 1001, created: ago(1) }, [
    ['Labour', 'Engineer', 'Diagnose high-pressure trip', 65, 2, 0],
    ['Materials', 'Parts', 'High-pressure switch', 84.5, 1, 15],
    ['Travel', 'Mileage', 'Return journey', 0.45, 38, 0],
  ]);
  insert('purchase_orders', {
    external_job_id: '55001',
    job_id: 1001,
    poph_reference: 'POR-104477',
  });

  job({
    id: 1002,
    site_id: 2,
    asset_id: 9,
    type_id: 1,
    status_id: 5,
    description: 'Replace fan motor on sales floor cassette',
    budget_code_id: 5,
    client_reference_2: 'PO-22871',
    created: ago(9),
    priority_id: 3,
    contractor_id: 20,
  });
  cost({ job_id: 1002, cost_type_id: 3, created: ago(2) }, [
    ['Labour', 'Engineer', 'Two engineers, one day', 360, 2, 0],
    ['Materials', 'Parts', 'Fan motor assembly', 740, 1, 12.5],
    ['Access', 'Equipment hire', 'Scissor lift, one day', 185, 1, 0],
  ]);

  const liftAtManchester = (assetsBySite.get(4) ?? [])[5] ?? null;
  job({
    id: 1003,
    site_id: 4,
    asset_id: liftAtManchester,
    type_id: 1,
    status_id: 5,
    description: 'Passenger lift modernisation: controller, drive and door operators',
    budget_code_id: 4,
    client_reference_2: 'CAPEX-2291',
    created: ago(21),
    priority_id: 4,
    contractor_id: 24,
  });
  cost({ job_id: 1003, cost_type_id: 3, capex: 1, approval_stage: 2, created: ago(4) }, [
    ['Labour', 'Installation', 'Strip out and install, ten days', 950, 10, 0],
    ['Materials', 'Equipment', 'Controller and variable-speed drive', 11_800, 1, 5],
    ['Materials', 'Equipment', 'Door operators, three landings', 1_450, 3, 5],
    ['Compliance', 'Certification', 'LOLER thorough examination', 420, 1, 0],
  ]);
}

/** Jobs 1004 and 1005: released, each with its engineer. */
function seedEngineersJobs(
  insert: Insert,
  job: JobInsert,
  ago: Ago,
  assetsBySite: Map<number, number[]>,
): void {
  job({
    id: 1004,
    site_id: 1,
    asset_id: 2,
    type_id: 2,
    status_id: 3,
    description: 'Sales floor cassette not cooling',
    budget_code_id: 2,
    client_reference_2: 'PO-23010',
    created: ago(1),
    priority_id: 2,
    contractor_id: 20,
  });
  insert('job_engineers', { job_id: 1004, user_id: 30, created: ago(1) });

  const heaterAtHarrogate = (assetsBySite.get(3) ?? [])[3] ?? null;
  job({
    id: 1005,
    site_id: 3,
    asset_id: heaterAtHarrogate,
    type_id: 2,
    status_id: 3,
    description: 'No hot water in staff kitchen',
    budget_code_id: 2,
    client_reference_2: 'PO-23011',
    created: ago(1),
    priority_id: 3,
    contractor_id: 26,
  });
  insert('job_engineers', { job_id: 1005, user_id: 31, created: ago(1) });
}

/** Job 1006: complete, its invoiced cost approved. */
function seedCompletedJob(
  job: JobInsert,
  cost: CostInsert,
  ago: Ago,
  assetsBySite: Map<number, number[]>,
): void {
  job({
    id: 1006,
    site_id: 5,
    asset_id: (assetsBySite.get(5) ?? [])[2] ?? null,
    type_id: 2,
    status_id: 8,
    description: 'Replace failed RCBO on lighting circuit',
    budget_code_id: 6,
    client_reference_2: 'PO-22950',
    created: ago(14),
    priority_id: 2,
    contractor_id: 21,
  });
  cost(
    {
      job_id: 1006,
      invoice_number: 'INV-1001',
      authoriser_id: 3,
      authorised_via: 'email',
      approved: 1,
      created: ago(10),
      decided: ago(9),
    },
    [
      ['Labour', 'Engineer', 'Replace RCBO and test circuit', 65, 1.5, 0],
      ['Materials', 'Parts', 'RCBO 20A type A', 38.2, 1, 15],
    ],
  );
}

function seedAssetHistory(job: JobInsert, ago: Ago): void {
  // Asset 1's history for the cost modal's 365-day lookup: two inside the window, one outside.
  const history: [number, number, number, string][] = [
    [1007, 30, 8, 'Air handling unit filter change'],
    [1008, 200, 10, 'Air handling unit belt replaced'],
    [1009, 500, 10, 'Air handling unit annual service'],
  ];
  for (const [id, days, statusId, description] of history) {
    job({
      id,
      site_id: 1,
      asset_id: 1,
      type_id: 3,
      status_id: statusId,
      description,
      budget_code_id: 5,
      client_reference_2: `PO-${21000 + id}`,
      created: ago(days),
      priority_id: 4,
      contractor_id: 20,
    });
  }
}

/** Linking rows for sites 1 and 2 and for asset 1. */
export function seedFixtureLinkings(insert: Insert): void {
  const linking = (
    scope: Row,
    priorityId: number,
    contractorId: number,
    nte: number,
    ttf: number,
  ) =>
    insert('linkings', {
      ...scope,
      priority_id: priorityId,
      contractor_id: contractorId,
      not_to_exceed: nte,
      time_to_fix: ttf,
      include_non_working: priorityId === 1 ? 1 : 0,
      active: 1,
    });
  for (const siteId of [1, 2]) {
    const site = { model: 'Site', site_id: siteId };
    linking(site, 1, 20, 500, 4);
    linking(site, 2, 20, 750, 24);
    linking(site, 3, 21, 1_000, 120);
    linking(site, 4, 26, 1_500, 672);
  }
  linking({ model: 'Asset', site_id: 1, asset_id: 1 }, 1, 20, 1_200, 4);
  linking({ model: 'Asset', site_id: 1, asset_id: 1 }, 3, 22, 800, 120);
}
