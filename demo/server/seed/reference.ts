import { toDateTime } from '../time';
import type { Insert, Row } from './tables';

// Reference data: users, sites, assets, categories, statuses, types, priorities, cost types, budget
// codes, contractors, capex items, dashboard tiles and the host's settings. Tests and pages name
// these ids.

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

export const SITES: Row[] = [
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
export const ASSET_TEMPLATES: [string, number, number][] = [
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

/** The hours each priority gives a job to be done in, from when it is logged (or released). */
export const DUE_HOURS: Readonly<Record<number, number>> = { 1: 4, 2: 24, 3: 120, 4: 672, 5: 240 };

/** When a job of this priority, started at `from`, is due; null for a priority that gives none. */
export function dueAt(priorityId: number | null, from: Date): string | null {
  const hours = priorityId === null ? 0 : (DUE_HOURS[priorityId] ?? 0);
  return hours ? toDateTime(new Date(from.getTime() + hours * 3_600_000)) : null;
}

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
export const SITE_CONTRACTORS: Record<number, number[]> = {
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

export const TILES: Row[] = [
  { id: 1, title: 'Jobs awaiting release', query: 'awaiting_release' },
  { id: 2, title: 'Quotes required', query: 'quotes_required' },
  { id: 3, title: 'Costs awaiting approval', query: 'costs_awaiting_approval' },
  { id: 4, title: 'Engineers on site', query: 'engineers_on_site' },
];

/** Fills the reference tables; returns the asset ids of each site, in ASSET_TEMPLATES order. */
export function seedReference(insert: Insert): Map<number, number[]> {
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
  return assetsBySite;
}
