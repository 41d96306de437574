import { ASSET_TEMPLATES, SITE_CONTRACTORS, SITES } from './reference';
import type { Ago, CostInsert, Insert, JobInsert } from './tables';

// Generated data: a deterministic, realistic spread of jobs, costs, notes, site times and report
// figures around the fixtures. Each generator has its own pseudo-random sequence or takes the one
// it shares, so the same seed always gives the same rows.

/** Jobs 1001–1250: the fixtures, three history jobs on asset 1, then generated ones. */
export const LAST_SEEDED_JOB_ID = 1250;
/** Jobs 1251–6250: finished jobs of earlier years, so paging and searching the jobs list is real. */
export const LAST_ARCHIVED_JOB_ID = 6250;

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
export function random(seed: number) {
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

export const money = (value: number) => Math.round(value * 100) / 100;

/** What a site's costs on a budget code came to in a financial year, whatever their decision. */
export type CostCell = {
  site_id: number;
  budget_code_id: number;
  year_start: number;
  costs: number;
};

/** Budgets are whole fifties a month. */
const YEARLY_BUDGET_STEP = 600;

/**
 * Compliance per site and primary category, and a budget for every site, budget code and year
 * that has costs: between 0.75 and 1.5 times what they came to, so that most budgets hold and a few
 * are overspent once the costs are approved (spend is the approved costs, spend.ts).
 */
export function generateFigures(
  rand: ReturnType<typeof random>,
  insert: Insert,
  cells: readonly CostCell[],
): void {
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
  for (const cell of cells) {
    const yearly =
      YEARLY_BUDGET_STEP *
      Math.max(1, Math.ceil((cell.costs * (0.75 + rand.next() * 0.75)) / YEARLY_BUDGET_STEP));
    for (let month = 1; month <= 12; month += 1) {
      insert('budget_figures', {
        site_id: cell.site_id,
        budget_code_id: cell.budget_code_id,
        year_start: cell.year_start,
        month,
        budget: yearly / 12,
      });
    }
  }
}

/**
 * Jobs 1251–6250: closed, invoiced, complete or rejected jobs from 14 months to four years ago.
 * Older than the asset-history window and finished, so no tile, cost or history changes; their
 * own random sequence keeps every other generated row as it was.
 */
export function generateArchive(
  assetsBySite: Map<number, number[]>,
  job: JobInsert,
  ago: Ago,
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

/** Jobs 1010–1250 across every status the widgets handle, with costs, notes and site times. */
export function generateJobs(
  rand: ReturnType<typeof random>,
  assetsBySite: Map<number, number[]>,
  job: JobInsert,
  cost: CostInsert,
  insert: Insert,
  ago: Ago,
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
