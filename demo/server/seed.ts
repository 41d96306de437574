import type { Db } from './db';
import { countTile } from './tiles';
import { daysAgo, toDateTime } from './time';

// The demo's data: the fixtures of DESIGN §5 (other tests depend on their ids) plus a deterministic,
// realistic spread of sites, assets, jobs, costs and figures. Dates are relative to the seeding time
// so that "the last 365 days" always finds the same jobs.

type Row = Record<string, string | number | null>;

/** Tables in dependency order: cleared bottom-up, filled top-down. */
const TABLES = [
  'settings',
  'users',
  'sites',
  'site_profiles',
  'asset_categories',
  'models',
  'problem_types',
  'assets',
  'asset_category_links',
  'statuses',
  'types',
  'priorities',
  'cost_types',
  'budget_codes',
  'contractors',
  'jobs',
  'costs',
  'cost_breakdowns',
  'cost_validate_items',
  'cost_validations',
  'notes',
  'site_times',
  'job_engineers',
  'dashboard_tiles',
  'linkings',
  'photos',
  'user_passwords',
  'mail_outbox',
  'purchase_orders',
  'compliance_figures',
  'budget_figures',
] as const;

type Table = (typeof TABLES)[number];

export const FIXTURE_JOB_IDS = [1001, 1002, 1003, 1004, 1005, 1006] as const;
/** Jobs 1001–1250: the fixtures, three history jobs on asset 1, then generated ones. */
export const LAST_SEEDED_JOB_ID = 1250;
/** Jobs 1251–6250: finished jobs of earlier years, so paging and searching the jobs list is real. */
export const LAST_ARCHIVED_JOB_ID = 6250;

export const SETTINGS = {
  validateClientReference2: true,
  releasePriorities: [1, 2, 3],
  disableApprovals: false,
  timeout: 10_000,
  passwordMinLength: 10,
  passwordDigits: 1,
  passwordLowercase: 1,
  passwordUppercase: 1,
  passwordSpecial: 1,
  passwordLetters: 2,
  passwordMaxConsecutive: 2,
  passwordBlacklist: ['password', 'qwerty', 'letmein', 'welcome', 'facilities'],
  geoMaxDistance: 500,
  geoUnit: 'M',
  geoCheck: true,
  uploadMaxFileSize: 5,
  uploadMaxFiles: 5,
  uploadAcceptedFiles: 'image/*,.pdf',
  /** The signed-in user of the demo (a site surveyor), as a CakePHP session would hold it. */
  currentUserId: 7,
};

const USERS: Row[] = [
  user(1, 'admin', 'Alex Morgan', 0, 0),
  user(2, 'client', 'Jane Smith', 10_000, 1),
  user(3, 'client', 'Oliver Bennett', 2_500, 0),
  user(4, 'client', 'Priya Patel', 50_000, 1),
  user(5, 'client', 'Tom Hughes', 500, 0),
  user(6, 'client', 'Sarah Collins', 0, 0),
  { ...user(7, 'surveyor', 'Daniel Wright', 1_000, 0), site_surveyor: 1 },
  user(8, 'client', 'Hannah Reid', 25_000, 0),
  user(20, 'contractor', 'Northern Mechanical Ltd', 0, 0),
  user(21, 'contractor', 'Pennine Electrical Services', 0, 0),
  user(22, 'contractor', 'Aire Valley Plumbing', 0, 0),
  user(23, 'contractor', 'Yorkshire Fire & Security', 0, 0),
  user(24, 'contractor', 'Summit Lift Engineering', 0, 0),
  user(25, 'contractor', 'Coldline Refrigeration', 0, 0),
  user(26, 'contractor', 'Castle Building Services', 0, 0),
  user(30, 'engineer', 'Liam Carter', 0, 0),
  user(31, 'engineer', 'Emma Walsh', 0, 0),
  user(32, 'engineer', 'Noah Fletcher', 0, 0),
  user(33, 'engineer', 'Chloe Dixon', 0, 0),
];

function user(id: number, role: string, name: string, limit: number, capex: 0 | 1): Row {
  const username = name.toLowerCase().replace(/[^a-z]+/g, '.');
  return {
    id,
    role,
    name,
    username,
    email: `${username}@example.co.uk`,
    authorisation_quote: limit,
    capex_approver: capex,
    site_surveyor: 0,
  };
}

const SITES: Row[] = [
  {
    id: 1,
    name: 'Leeds Briggate',
    type: 'Store',
    branch_reference: 'BR-0101',
    lat: 53.796,
    long: -1.547,
  },
  {
    id: 2,
    name: 'York Coney Street',
    type: 'Store',
    branch_reference: 'BR-0102',
    lat: 53.9594,
    long: -1.0845,
  },
  {
    id: 3,
    name: 'Harrogate Station Parade',
    type: 'Store',
    branch_reference: 'BR-0103',
    lat: null,
    long: null,
  },
  {
    id: 4,
    name: 'Manchester Market Street',
    type: 'Store',
    branch_reference: 'BR-0201',
    lat: 53.4831,
    long: -2.2419,
  },
  {
    id: 5,
    name: 'Sheffield Fargate',
    type: 'Store',
    branch_reference: 'BR-0202',
    lat: 53.3811,
    long: -1.4701,
  },
  {
    id: 6,
    name: 'Wakefield Distribution Centre',
    type: 'Distribution Centre',
    branch_reference: 'DC-0001',
    lat: 53.6833,
    long: -1.4977,
  },
  {
    id: 7,
    name: 'Leeds Head Office',
    type: 'Office',
    branch_reference: null,
    lat: 53.7997,
    long: -1.5492,
  },
];

/** [site, fascia, surveyor]: the budget records report filters by both. */
const SITE_PROFILES: [number, string, number][] = [
  [1, 'Briggs & Hart', 7],
  [2, 'Briggs & Hart', 7],
  [3, 'Briggs & Hart', 7],
  [4, 'Northway', 7],
  [5, 'Northway', 1],
  [6, 'Briggs Logistics', 1],
  [7, 'Head Office', 1],
];

const ASSET_CATEGORIES: Row[] = [
  { id: 1, name: 'HVAC', primary: 1 },
  { id: 2, name: 'Electrical', primary: 1 },
  { id: 3, name: 'Plumbing', primary: 0 },
  { id: 4, name: 'Fire Safety', primary: 1 },
  { id: 5, name: 'Lifts & Escalators', primary: 0 },
  { id: 6, name: 'Refrigeration', primary: 0 },
  { id: 7, name: 'Building Fabric', primary: 0 },
];

const MODELS: Row[] = [
  { id: 1, name: 'FXZQ ceiling cassette', manufacturer: 'Daikin' },
  { id: 2, name: '30RB air-cooled chiller', manufacturer: 'Carrier' },
  { id: 3, name: 'PUHZ heat pump', manufacturer: 'Mitsubishi Electric' },
  { id: 4, name: 'Prisma distribution board', manufacturer: 'Schneider Electric' },
  { id: 5, name: 'Multipoint water heater', manufacturer: 'Heatrae Sadia' },
  { id: 6, name: 'Vigilon fire panel', manufacturer: 'Gent' },
  { id: 7, name: 'Gen2 passenger lift', manufacturer: 'Otis' },
  { id: 8, name: 'MonoSpace lift', manufacturer: 'Kone' },
  { id: 9, name: 'Multideck display case', manufacturer: 'Epta' },
  { id: 10, name: 'Cubelet ice maker', manufacturer: 'Hoshizaki' },
];

const PROBLEM_TYPES: Row[] = [
  { id: 1, name: 'No heating' },
  { id: 2, name: 'No cooling' },
  { id: 3, name: 'Leak' },
  { id: 4, name: 'Power failure' },
  { id: 5, name: 'Alarm fault' },
  { id: 6, name: 'Lift out of service' },
  { id: 7, name: 'Temperature alarm' },
  { id: 8, name: 'Door or shutter fault' },
];

/** [model, foreign id, asset category]; model 5 and problem type 8 are left unlinked. */
const ASSET_CATEGORY_LINKS: [string, number, number][] = [
  ['Model', 1, 1],
  ['Model', 2, 1],
  ['Model', 3, 1],
  ['Model', 4, 2],
  ['Model', 6, 4],
  ['Model', 7, 5],
  ['Model', 8, 5],
  ['Model', 9, 6],
  ['Model', 10, 6],
  ['ProblemType', 1, 1],
  ['ProblemType', 2, 1],
  ['ProblemType', 3, 3],
  ['ProblemType', 4, 2],
  ['ProblemType', 5, 4],
  ['ProblemType', 6, 5],
  ['ProblemType', 7, 6],
];

/** Every site gets these assets, in this order: site 1 holds assets 1–7, site 2 assets 8–14, … */
const ASSET_TEMPLATES: [string, number, number][] = [
  ['Air handling unit 1', 1, 2],
  ['Sales floor cassette', 1, 1],
  ['Main distribution board', 2, 4],
  ['Water heater', 3, 5],
  ['Fire alarm panel', 4, 6],
  ['Passenger lift', 5, 7],
  ['Chiller display case', 6, 9],
];

const STATUSES: [number, string][] = [
  [1, 'Logged'],
  [2, 'Accepted'],
  [3, 'Released'],
  [4, 'Awaiting Release'],
  [5, 'Quote Required'],
  [6, 'On Site'],
  [7, 'Awaiting Parts'],
  [8, 'Complete'],
  [9, 'Invoiced'],
  [10, 'Closed'],
  [11, 'On Hold'],
  [12, 'Rejected'],
];

const TYPES: [number, string][] = [
  [1, 'Quote'],
  [2, 'Reactive'],
  [3, 'Planned'],
  [4, 'Released'],
  [5, 'Remedial'],
  [6, 'Project'],
  [7, 'Client Approval'],
];

const PRIORITIES: [number, string][] = [
  [1, 'P1 Emergency (4 hours)'],
  [2, 'P2 Urgent (24 hours)'],
  [3, 'P3 Routine (5 days)'],
  [4, 'P4 Planned (28 days)'],
  [5, 'Quote'],
];

const DUE_HOURS: Record<number, number> = { 1: 4, 2: 24, 3: 120, 4: 672, 5: 240 };

const COST_TYPES: [number, string][] = [
  [1, 'Cost'],
  [2, 'Recharge'],
  [3, 'Quote'],
];

const BUDGET_CODES: Row[] = [
  { id: 1, name: 'Non-Contract', asset_category_id: null },
  { id: 2, name: 'Reactive Maintenance', asset_category_id: null },
  { id: 3, name: 'Planned Maintenance', asset_category_id: null },
  { id: 4, name: 'Capital Expenditure', asset_category_id: null },
  { id: 5, name: 'HVAC Service Contract', asset_category_id: 1 },
  { id: 6, name: 'Electrical Testing Contract', asset_category_id: 2 },
  { id: 7, name: 'Fire Safety Contract', asset_category_id: 4 },
  { id: 8, name: 'Lift Maintenance Contract', asset_category_id: 5 },
  { id: 9, name: 'Refrigeration Contract', asset_category_id: 6 },
];

/** Per site: the primary contractor, then the secondary ones. */
const SITE_CONTRACTORS: Record<number, number[]> = {
  1: [20, 21, 22, 26],
  2: [20, 22, 26],
  3: [26, 20, 21],
  4: [21, 20, 23],
  5: [20, 21],
  6: [26, 21, 22],
  7: [21, 26],
};

/** Specialists linked to every asset of a category: [asset template index, contractor]. */
const ASSET_CONTRACTORS: [number, number][] = [
  [4, 23],
  [5, 24],
  [6, 25],
];

const CAPEX_ITEMS = [
  'Business case attached',
  'Three quotes obtained',
  'Within the annual capex budget',
  'Asset life-cycle report reviewed',
  'Landlord consent obtained',
  'Health and safety assessment completed',
];

const TILES: Row[] = [
  { id: 1, title: 'Jobs awaiting release', query: 'awaiting_release' },
  { id: 2, title: 'Quotes required', query: 'quotes_required' },
  { id: 3, title: 'Costs awaiting approval', query: 'costs_awaiting_approval' },
  { id: 4, title: 'Engineers on site', query: 'engineers_on_site' },
];

const DESCRIPTIONS: Record<number, string[]> = {
  1: [
    'Air handling unit tripping on high pressure',
    'No heating on the sales floor',
    'Cassette unit dripping onto display',
    'Annual F-gas inspection',
    'Noisy fan bearing in plant room',
  ],
  2: [
    'Lighting out in aisle 4',
    'Distribution board breaker keeps tripping',
    'Emergency lighting test failed',
    'Replace faulty socket at tills',
  ],
  3: ['Water heater not heating', 'Leak under customer toilet sink', 'Blocked drain in yard'],
  4: ['Fire alarm panel showing fault', 'Smoke detector false alarms', 'Quarterly fire alarm test'],
  5: ['Passenger lift out of service', 'Lift doors not closing fully', 'Lift LOLER inspection'],
  6: ['Chiller case temperature alarm', 'Display case icing up', 'Condenser coil clean'],
};

/** Deterministic pseudo-random numbers (mulberry32) so every seed is the same. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return { next, int, pick };
}

const money = (value: number) => Math.round(value * 100) / 100;

/** Empties every table and fills it again, in one transaction. */
export function seed(db: Db, at = new Date()): void {
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  const insert = (table: Table, row: Row): number => {
    const columns = Object.keys(row);
    const sql = `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns
      .map((c) => `@${c}`)
      .join(', ')})`;
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return Number(statement.run(row).lastInsertRowid);
  };
  const ago = (days: number) => daysAgo(days, at);
  const rand = random(20_240_401);

  db.transaction(() => {
    for (const table of [...TABLES].reverse()) db.prepare(`DELETE FROM ${table}`).run();

    for (const [key, value] of Object.entries(SETTINGS)) {
      insert('settings', { key, value: JSON.stringify(value) });
    }
    for (const row of USERS) insert('users', row);
    for (const row of SITES) insert('sites', row);
    for (const [siteId, fascia, surveyorId] of SITE_PROFILES) {
      insert('site_profiles', { site_id: siteId, fascia, surveyor_id: surveyorId });
    }
    for (const row of ASSET_CATEGORIES) insert('asset_categories', row);
    for (const row of MODELS) insert('models', row);
    for (const row of PROBLEM_TYPES) insert('problem_types', row);
    for (const [id, name] of STATUSES) insert('statuses', { id, name });
    for (const [id, name] of TYPES) insert('types', { id, name });
    for (const [id, name] of PRIORITIES) insert('priorities', { id, name });
    for (const [id, name] of COST_TYPES) insert('cost_types', { id, name });
    for (const row of BUDGET_CODES) insert('budget_codes', row);
    for (const [model, foreignId, categoryId] of ASSET_CATEGORY_LINKS) {
      insert('asset_category_links', {
        model,
        foreign_id: foreignId,
        asset_category_id: categoryId,
      });
    }

    // Assets and the contractors of each site and specialist asset.
    const assetsBySite = new Map<number, number[]>();
    let assetId = 0;
    for (const site of SITES) {
      const siteId = Number(site.id);
      const ids: number[] = [];
      ASSET_TEMPLATES.forEach(([name, categoryId, modelId], index) => {
        assetId += 1;
        ids.push(assetId);
        insert('assets', {
          id: assetId,
          site_id: siteId,
          asset_category_id: categoryId,
          model_id: modelId,
          name,
        });
        for (const [templateIndex, contractorId] of ASSET_CONTRACTORS) {
          if (templateIndex === index) {
            insert('contractors', {
              user_id: contractorId,
              asset_id: assetId,
              primary: 1,
              status: 1,
            });
          }
        }
      });
      assetsBySite.set(siteId, ids);
      (SITE_CONTRACTORS[siteId] ?? []).forEach((contractorId, index) => {
        const primary = index === 0 ? 1 : 0;
        insert('contractors', {
          user_id: contractorId,
          site_id: siteId,
          primary,
          status: primary ? 1 : 2,
        });
      });
    }
    CAPEX_ITEMS.forEach((name, index) => {
      insert('cost_validate_items', { id: index + 1, name, sort: index + 1 });
    });

    const job = (
      row: Row & { id: number; created: string; priority_id: number | null },
    ): number => {
      const hours = row.priority_id === null ? 0 : (DUE_HOURS[row.priority_id] ?? 0);
      const due = new Date(new Date(row.created.replace(' ', 'T')).getTime() + hours * 3_600_000);
      return insert('jobs', {
        due_hours: hours,
        due_mins: 0,
        due_datetime: hours ? toDateTime(due) : null,
        ...row,
      });
    };
    const cost = (
      row: Row & { job_id: number },
      lines: [string, string, string, number, number, number][],
    ) => {
      const totals = lines.map(([, , , value, quantity, markup]) =>
        money(value * quantity * (1 + markup / 100)),
      );
      const costId = insert('costs', {
        cost_type_id: 1,
        approval_stage: 1,
        capex: 0,
        created: ago(2),
        total: money(totals.reduce((sum, t) => sum + t, 0)),
        ...row,
      });
      lines.forEach(([typeName, subtypeName, description, value, quantity, markup], index) => {
        insert('cost_breakdowns', {
          cost_id: costId,
          type_name: typeName,
          subtype_name: subtypeName,
          description,
          value,
          quantity,
          markup_percent: markup,
          total: totals[index] ?? 0,
        });
      });
      return costId;
    };

    // DESIGN §5 fixtures.
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

    generateJobs(rand, assetsBySite, job, cost, insert, ago);

    // Dashboard tiles count what their query counts; the cached figure is the one at seeding.
    for (const tile of TILES) {
      insert('dashboard_tiles', {
        ...tile,
        cached_count: countTile(db, String(tile.query)),
        counted_at: toDateTime(at),
      });
    }

    // Linking rows for sites 1 and 2 and for asset 1.
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

    // Compliance per site and primary category, and a year of budget against spend.
    for (const site of SITES) {
      for (const categoryId of [1, 2, 4, 5]) {
        insert('compliance_figures', {
          site_id: Number(site.id),
          asset_category_id: categoryId,
          compliant: rand.int(8, 30),
          remedial: rand.int(0, 5),
          overdue: rand.int(0, 4),
          not_compliant: rand.int(0, 3),
        });
      }
    }
    const yearStart = at.getMonth() >= 3 ? at.getFullYear() : at.getFullYear() - 1;
    for (const site of SITES) {
      for (const budgetCodeId of [2, 3, 5, 6]) {
        const monthly = rand.int(8, 40) * 100;
        for (let month = 1; month <= 12; month += 1) {
          insert('budget_figures', {
            site_id: Number(site.id),
            budget_code_id: budgetCodeId,
            year_start: yearStart,
            month,
            budget: monthly,
            spend: money(monthly * (0.6 + rand.next() * 0.8)),
          });
        }
      }
    }

    generateArchive(assetsBySite, job, ago);
  })();
}

/**
 * Jobs 1251–6250: closed, invoiced, complete or rejected jobs from 14 months to four years ago.
 * Older than the asset-history window and finished, so no tile, cost or history changes; their
 * own random sequence keeps every other generated row as it was.
 */
function generateArchive(
  assetsBySite: Map<number, number[]>,
  job: JobInsert,
  ago: (days: number) => string,
): void {
  const rand = random(20_190_401);
  const statuses = [8, 9, 9, 10, 10, 10, 10, 12];
  for (let id = LAST_SEEDED_JOB_ID + 1; id <= LAST_ARCHIVED_JOB_ID; id += 1) {
    const siteId = rand.int(1, 7);
    const templateIndex = rand.int(0, ASSET_TEMPLATES.length - 1);
    const category = (ASSET_TEMPLATES[templateIndex]?.[1] ?? 1) as keyof typeof DESCRIPTIONS;
    const statusId = rand.pick(statuses);
    const typeId = rand.pick([2, 2, 2, 3, 3, 5]);
    job({
      id,
      site_id: siteId,
      asset_id:
        rand.next() < 0.9 ? ((assetsBySite.get(siteId) ?? [])[templateIndex] ?? null) : null,
      type_id: typeId,
      status_id: statusId,
      description: rand.pick(DESCRIPTIONS[category] ?? ['General maintenance']),
      budget_code_id: rand.pick([1, 2, 3, 2, 3]),
      client_reference_2: rand.next() < 0.8 ? `PO-${10000 + id}` : null,
      cancelled: statusId === 12 ? 1 : 0,
      created: ago(rand.int(430, 1460) + rand.next()),
      priority_id: rand.int(1, 4),
      contractor_id: rand.pick(SITE_CONTRACTORS[siteId] ?? [20]),
    });
  }
}

type Insert = (table: Table, row: Row) => number;
type JobInsert = (row: Row & { id: number; created: string; priority_id: number | null }) => number;
type CostInsert = (
  row: Row & { job_id: number },
  lines: [string, string, string, number, number, number][],
) => number;

/** Jobs 1010–1250 across every status the widgets handle, with costs, notes and site times. */
function generateJobs(
  rand: ReturnType<typeof random>,
  assetsBySite: Map<number, number[]>,
  job: JobInsert,
  cost: CostInsert,
  insert: Insert,
  ago: (days: number) => string,
): void {
  // [status, type] with weights: released and complete jobs are the most common.
  const shapes: [number, number, number][] = [
    [1, 2, 3],
    [2, 2, 3],
    [3, 2, 8],
    [3, 4, 4],
    [3, 1, 2],
    [4, 7, 3],
    [5, 1, 4],
    [6, 2, 2],
    [7, 2, 2],
    [8, 2, 8],
    [8, 3, 4],
    [9, 3, 3],
    [10, 5, 3],
    [11, 6, 1],
    [12, 2, 2],
  ];
  const weighted = shapes.flatMap(([status, type, weight]) =>
    Array.from({ length: weight }, () => [status, type] as const),
  );
  const engineers = [30, 31, 32, 33];
  const authorisers = [2, 3, 4, 5, 8];
  const vias = ['email', 'telephone', 'in person'];

  for (let id = 1010; id <= LAST_SEEDED_JOB_ID; id += 1) {
    const siteId = rand.int(1, 7);
    const siteAssets = assetsBySite.get(siteId) ?? [];
    const templateIndex = rand.int(0, ASSET_TEMPLATES.length - 1);
    const withAsset = rand.next() < 0.9;
    const [statusId, typeId] = rand.pick(weighted);
    const priorityId = typeId === 1 ? 5 : rand.int(1, 4);
    const contractors = SITE_CONTRACTORS[siteId] ?? [20];
    const days = rand.int(0, 420);
    const category = (ASSET_TEMPLATES[templateIndex]?.[1] ?? 1) as keyof typeof DESCRIPTIONS;
    job({
      id,
      site_id: siteId,
      asset_id: withAsset ? (siteAssets[templateIndex] ?? null) : null,
      type_id: typeId,
      status_id: statusId,
      description: rand.pick(DESCRIPTIONS[category] ?? ['General maintenance']),
      budget_code_id: rand.pick([1, 2, 3, 2, 3]),
      client_reference_2: rand.next() < 0.7 ? `PO-${20000 + id}` : null,
      cancelled: statusId === 12 ? 1 : 0,
      created: ago(days + rand.next()),
      priority_id: priorityId,
      contractor_id: statusId === 4 || statusId === 1 ? null : rand.pick(contractors),
      documentation_document_count: rand.int(0, 3),
      scripting_response_count: rand.int(0, 2),
    });

    if (statusId >= 3 && statusId !== 4 && statusId !== 5 && statusId !== 12) {
      insert('job_engineers', { job_id: id, user_id: rand.pick(engineers), created: ago(days) });
    }
    if (statusId === 6) {
      insert('site_times', {
        job_id: id,
        on_site: ago(rand.next() / 6),
        engineers: 1,
        lat: null,
        long: null,
      });
    }
    if (statusId >= 8 && statusId <= 10) {
      const onSite = Math.max(days - 1, 0) + 0.4;
      insert('site_times', {
        job_id: id,
        on_site: ago(onSite),
        off_site: ago(onSite - 0.1),
        engineers: rand.int(1, 2),
        remote_fix: rand.next() < 0.1 ? 1 : 0,
      });
    }
    if (rand.next() < 0.3) {
      insert('notes', {
        job_id: id,
        description: rand.pick([
          'Engineer attended, parts on order.',
          'Store manager confirmed access for Tuesday morning.',
          'Customer area cordoned off until repair complete.',
          'Follow-up visit booked.',
        ]),
        internal: rand.int(0, 1),
        financial: 0,
        created: ago(Math.max(days - 1, 0)),
      });
    }

    // Costs: decided ones on finished jobs, a few awaiting approval on released or quote jobs.
    const awaiting = (statusId === 3 || statusId === 5) && rand.next() < 0.35;
    const decided = statusId >= 8 && statusId <= 10 && rand.next() < 0.7;
    if (awaiting || decided) {
      const isQuote = typeId === 1;
      const approved = decided ? (rand.next() < 0.85 ? 1 : 0) : null;
      cost(
        {
          job_id: id,
          cost_type_id: isQuote ? 3 : 1,
          authoriser_id: decided ? rand.pick(authorisers) : null,
          authorised_via: decided ? rand.pick(vias) : null,
          approved,
          invoice_number: decided ? `INV-${3000 + id}` : null,
          created: ago(Math.max(days - 2, 0)),
          decided: decided ? ago(Math.max(days - 3, 0)) : null,
        },
        [
          ['Labour', 'Engineer', 'Attendance and repair', 65, rand.int(1, 6), 0],
          ['Materials', 'Parts', 'Replacement parts', money(20 + rand.next() * 400), 1, 15],
        ],
      );
    }
  }
}
