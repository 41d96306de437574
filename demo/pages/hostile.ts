// The hostile gallery (test mode only): every element with hostile text in each of its
// data-* attributes, and pages whose #fm-config holds hostile text in every key. The browser
// suite's hostile run visits them and fails if anything runs.
import {
  assetCategoryRowsPath,
  assetCategorySavePath,
  linkingRowsPath,
  linkingSavePath,
} from '../../src/core/contract';
import { PAYLOADS, payloadAt } from '../server/seed/hostile';
import { SAMPLE_CONFIGS } from './analytics';
import { type Html, html } from './html';
import { layout, type PageContext } from './layout';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** A valid value of an attribute: text, JSON (written as JSON), or true for a bare attribute. */
type Value = string | true | Exclude<Json, string | number | boolean | null>;

/** Valid attributes of each element, to which the hostile ones are added one kind at a time. */
export const VALID_ATTRIBUTES: Record<string, Record<string, Value>> = {
  'fm-alternative-quote': { 'data-job-id': '1002' },
  'fm-asset-category-linking': {
    'data-source-url': assetCategoryRowsPath('Model'),
    'data-save-url': assetCategorySavePath(),
    'data-model': 'Model',
  },
  'fm-autocomplete': {
    'data-source': '/api/sites/autocomplete',
    'data-label': 'Site',
    'data-filters': { site_type: ['Store'] },
    'data-id-target': 'hostile-site-id',
    'data-name': 'site',
    'data-value': 'Leeds',
    'data-placeholder': 'Type a site',
    'data-min-length': '2',
    'data-required': true,
    'data-multiple': true,
  },
  'fm-budget-records': {
    'data-url': '/api/reports/budget_records',
    'data-type': 'spend',
    'data-period': 'annual',
    'data-year-start': '2025',
    'data-surveyors': [{ id: 40, name: 'Surveyor' }],
    'data-fascia-options': ['Fascia'],
    'data-categories': [{ id: 1, name: 'Category' }],
    'data-scopes': ['capex', 'opex'],
  },
  'fm-budget-spend': { 'data-url': '/api/reports/budget_spend' },
  'fm-compliance': { 'data-url': '/api/reports/compliance' },
  'fm-cost-approval': {
    'data-job-id': '1001',
    'data-external-job-id': '55001',
    'data-engineers': [{ id: 30, name: 'Sam Green', assignedId: null }],
    'data-release-priorities': '1,2,3',
    'data-disable-approvals': true,
    'data-validate-client-reference2': true,
  },
  'fm-cost-form': { 'data-job-id': '1006', 'data-action': '/costs/add/1006' },
  'fm-dashboard-tile': { 'data-tile-id': '1' },
  'fm-data-table': {
    'data-url': '/api/jobs/table',
    'data-columns': [
      { field: 'id', title: 'Job', link: 'job', filter: true },
      { field: 'description', title: 'Description', filter: true },
    ],
    'data-rows': [{ id: 1, description: 'Row' }],
    'data-label': 'Jobs',
    'data-csv-file-name': 'jobs.csv',
  },
  'fm-date-input': {
    'data-mode': 'date',
    'data-label': 'Due date',
    'data-name': 'due',
    'data-value': '2026-03-10',
    'data-required': true,
    'data-read-only': true,
  },
  'fm-engineer-job': {
    'data-job-id': '1004',
    'data-site-lat': '53.796',
    'data-site-long': '-1.547',
    'data-notes': true,
  },
  'fm-flash': { 'data-message': 'The job could not be saved.' },
  'fm-linking-table': {
    'data-source-url': linkingRowsPath({ model: 'Site', siteId: 1 }),
    'data-save-url': linkingSavePath(),
    'data-model': 'Site',
    'data-site-id': '1',
    'data-asset-id': '1',
    'data-documentation-category-id': '1',
    'data-user-id': '1',
    'data-problem-type-id': '1',
  },
  'fm-nav': {
    'data-menu': [
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Jobs', items: [{ label: 'All jobs', href: '/client/jobs' }] },
    ],
    'data-label': 'Main',
  },
  'fm-password-form': {
    'data-action': '/users/password',
    'data-name': 'Sam Green',
    'data-username': 'sgreen',
    'data-has-old': true,
  },
  'fm-report': {
    'data-embed-type': 'report',
    'data-config': SAMPLE_CONFIGS.report as Value,
    'data-access-token': 'demo-token',
    'data-filters': [],
    'data-page-name': 'ReportSection',
    'data-bookmark': 'Bookmark1',
    'data-token-url': '/report-token',
    'data-token-expiry': '2099-01-01T00:00:00Z',
    'data-view-mode': 'View',
    'data-token-type': 'Embed',
    'data-permissions': 'Read',
    'data-label': 'Report',
  },
  'fm-site-switcher': {
    'data-sites': [
      { id: 1, name: 'Leeds' },
      { id: 2, name: 'York' },
    ],
    'data-label': 'Show the documentation of',
  },
  'fm-site-time-form': {
    'data-job-id': '1004',
    'data-action': '/site_times/add/1004',
    'data-on-site': '10/03/2026 09:00',
    'data-off-site': '10/03/2026 10:00',
    'data-engineers': '1',
    'data-remote-fix': true,
  },
  'fm-upload': { 'data-site-id': '1', 'data-job-id': '1004' },
  'fm-user-form': {
    'data-user-id': '2',
    'data-action': '/users/edit/2',
    'data-name': 'Priya Patel',
    'data-email': 'priya@example.com',
    'data-authorisation-quote': '5000',
    'data-capex-approver': true,
  },
};

export const HOSTILE_TAGS = Object.keys(VALID_ATTRIBUTES);

/** Keys of JSON values that name our own vocabulary (a column kind, a link kind): kept valid. */
const VOCABULARY_KEYS = new Set(['kind', 'link', 'field', 'id', 'assignedId']);

/** `value` with every string in it (but our vocabulary) replaced by `payload`. */
function withPayload(value: Json, payload: string, key = ''): Json {
  if (typeof value === 'string') return VOCABULARY_KEYS.has(key) ? value : payload;
  if (Array.isArray(value)) return value.map((item) => withPayload(item, payload));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, withPayload(item, payload, name)]),
    );
  }
  return value;
}

const isAddress = (name: string) => /-(url|source|action)$/.test(name);
const isText = (value: Value) => typeof value === 'string' && !/^-?\d+(\.\d+)?$/.test(value);

/**
 * The four ways `payload` goes into an element: its text (and the text inside its JSON), its
 * addresses, its numbers and flags, and its JSON attributes given the payload itself.
 */
export function hostileVariants(tag: string, payload: string): Record<string, string>[] {
  const valid = VALID_ATTRIBUTES[tag] ?? {};
  const written = (value: Value): string =>
    value === true ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const variant = (hostile: (name: string, value: Value) => boolean, json = true) =>
    Object.fromEntries(
      Object.entries(valid).map(([name, value]) => {
        if (!hostile(name, value)) return [name, written(value)];
        if (typeof value === 'object' && json) {
          return [name, JSON.stringify(withPayload(value as Json, payload))];
        }
        return [name, payload];
      }),
    );
  const variants = [
    variant((name, value) => !isAddress(name) && (isText(value) || typeof value === 'object')),
    variant((name) => isAddress(name)),
    variant((_name, value) => value === true || (typeof value === 'string' && !isText(value))),
    // JSON attributes given the payload itself, not JSON at all.
    variant((_name, value) => typeof value === 'object', false),
  ];
  // An element without attributes of a kind would be shown again with valid ones only.
  return variants.filter((attributes) => Object.values(attributes).includes(payload));
}

function element(tag: string, attributes: Record<string, string>): Html {
  const written = Object.entries(attributes).map(([name, value]) =>
    value === '' ? html` ${name}` : html` ${name}="${value}"`,
  );
  return html`<${tag}${written}></${tag}>`;
}

/** One element's page: the element once per payload and kind of attribute. */
export function hostileElementPage(context: PageContext, tag: string): string {
  return layout(
    context,
    `Hostile ${tag}`,
    html`<h1>Hostile attributes: <code>${tag}</code></h1>
<input type="hidden" id="hostile-site-id">
${PAYLOADS.flatMap((payload) =>
  hostileVariants(tag, payload).map(
    (attributes) => html`<section class="card hostile-case">${element(tag, attributes)}</section>`,
  ),
)}`,
  );
}

/** The page configuration with every key hostile, the `round`th payload turn by turn. */
export function hostileConfig(config: Record<string, unknown>, round: number) {
  return Object.fromEntries(
    Object.entries(config).map(([key, value], index) => {
      const payload = payloadAt(index + round);
      return [key, Array.isArray(value) ? [payload] : payload];
    }),
  );
}

/** The gallery's live samples under a hostile page configuration. */
export function hostileConfigPage(context: PageContext, samples: readonly Html[]): string {
  return layout(
    context,
    'Hostile page configuration',
    html`<h1>Hostile page configuration</h1>
${samples.map((sample) => html`<section class="card hostile-case">${sample}</section>`)}`,
  );
}

/** Links to every hostile page. */
export function hostileIndexPage(context: PageContext): string {
  return layout(
    context,
    'Hostile gallery',
    html`<h1>Hostile gallery</h1>
<ul>${HOSTILE_TAGS.map((tag) => html`<li><a href="/__test/hostile/${tag}">${tag}</a></li>`)}
${PAYLOADS.map((_payload, round) => html`<li><a href="/__test/hostile/config/${round}">Page configuration ${round + 1}</a></li>`)}</ul>`,
  );
}
