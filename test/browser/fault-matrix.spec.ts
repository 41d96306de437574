import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, type ExpectStatic, it } from 'vitest';
import { type ScratchServer, startScratchServer } from '../../demo/server/start';
import { SESSION_EXPIRED, TIMED_OUT, UNREACHABLE, UNREADABLE } from '../../src/runtime/api';
import engineerMessages from '../../widgets/engineer-job/messages';
import {
  browserAvailable,
  clearFaultsAt,
  type FaultRule,
  resetDatabaseAt,
  setFaultAt,
  useBrowser,
  withStoredData,
} from './harness';
import { PAGES_AT_ONCE, STEP_LIMIT_MS } from './harness-constants';
import { AT_SITE_1, givePageConfig, jobWidgetsDrawn } from './host-pages';

/*
 * Every call of docs/requirements.md §7 under every fault, as a table. For each call the
 * widget is brought to the step that sends it, the fault is armed (the reference host's test-mode
 * switch; offline is a network failure inside Chromium), the step is taken, and the case passes
 * when the user reads a message they understand (never a raw body or a decoder's wording), what
 * they typed is still there, and the widget's own retry succeeds once the fault is lifted.
 *
 * A call's five faults are mostly waits (a stalled call, a retry's answer): the calls go side by
 * side, PAGES_AT_ONCE at a time, each in a lane with a reference host of its own, since a fault
 * is armed for the whole of a host.
 */

const FAULTS = ['500', 'timeout', 'malformed', 'login', 'offline'] as const;
type Fault = (typeof FAULTS)[number];

/** The client timeout the pages run with here, so that a stalled call costs seconds, not 10. */
const SHORT_TIMEOUT_MS = 1500;

/** What the engineer's screen says of an action kept on the device. */
const QUEUED = engineerMessages.engineerJob.queued();

/** What the user must read for each fault (the bundle's words, or the host's message). */
const SAYS: Record<Fault, string> = {
  '500': 'Internal Server Error (injected fault)',
  timeout: TIMED_OUT,
  malformed: UNREADABLE,
  login: SESSION_EXPIRED,
  offline: UNREACHABLE,
};

/** A raw body, markup or a decoder's wording: never fit to show. */
const RAW = /[<>{}]|DOCTYPE|JSON|Unexpected response|, got |undefined|\[object/;

interface Call {
  /** The row of docs/requirements.md §7. */
  call: string;
  /** The element and step that send it. */
  via: string;
  /** Path prefix of the call: the fault switch's `path`, and what offline cuts. */
  path: string;
  /** The host page it is made from. */
  page: string;
  context?: Parameters<Browser['newContext']>[0];
  /** A state-changing call: each fault starts from a reseeded database. */
  writes?: boolean;
  /** Waits for the widget, up to the step before the call (typing included). */
  prepare(page: Page): Promise<void>;
  /** Takes the step that sends the call. */
  send(page: Page, fault: Fault): Promise<void>;
  /** Where the failure is said. */
  failure(page: Page): Locator;
  /** What the user typed or chose, still there after the failure. */
  kept?(page: Page, fault: Fault): Promise<void>;
  /** The widget's own retry, once the fault is lifted; `{ none }` with the reason when it has none. */
  retry: ((page: Page, fault: Fault) => Promise<void>) | { none: string };
  /** Waits until the retried call has done its work. */
  succeeded(page: Page, fault: Fault): Promise<void>;
  /** Back to the step before the call, on the same page (default: the page reloaded). */
  again?(page: Page): Promise<void>;
  /** Where the widget says something else by design (e.g. an action kept on the device). */
  says?: Partial<Record<Fault, string>>;
}

const dialog = (page: Page) => page.getByRole('dialog');
const button = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('button', { name, exact: typeof name === 'string' });
const click = (scope: Page | Locator, name: string | RegExp) => button(scope, name).click();
const panel = (page: Page) => dialog(page).locator('.fm-job-actions__panel');
const holds = async (field: Locator, value: string) =>
  expectIn(field.page())
    .poll(() => field.inputValue())
    .toBe(value);
const gone = async (locator: Locator) =>
  expectIn(locator.page())
    .poll(() => locator.count())
    .toBe(0);
const shown = (locator: Locator) => locator.first().waitFor();

/** The job page's fm-alternative-quote (job 1001's) loads the job and contractors too. */
const jobPage = (page: Page) =>
  jobWidgetsDrawn(page, { alternativeQuote: page.url().endsWith('/1001') });

async function openModal(page: Page) {
  await click(page, 'Cost approval');
  await dialog(page).locator('.fm-cost-summary').waitFor();
}

async function closeModal(page: Page) {
  await dialog(page).locator('.fm-dialog__close').click();
  await dialog(page).waitFor({ state: 'detached' });
}

/** A decision closes the modal by itself (docs/requirements.md §4); then it is opened again. */
async function reopenModal(page: Page) {
  await dialog(page).waitFor({ state: 'detached' });
  await openModal(page);
}

/** The job page with the cost modal open, then `step` taken in it. */
function inModal(step?: (page: Page) => Promise<void>) {
  return async (page: Page) => {
    await jobPage(page);
    await openModal(page);
    await step?.(page);
  };
}

/** Replaces the element with a fresh copy: it connects again and repeats its first calls. */
async function reconnect(page: Page, selector: string) {
  await page
    .locator(selector)
    .evaluate((element) => element.replaceWith(element.cloneNode() as Element));
}

const outcome = (page: Page) =>
  page.locator('.fm-cost-dialog__outcome, .fm-cost-approval__outcome');
const outcomeText = async (page: Page) => (await outcome(page).allTextContents()).join(' ');

/** Opens the Create Quotation panel with a description typed. */
async function quotePanel(page: Page) {
  await click(dialog(page), 'Create Quotation');
  await dialog(page).getByLabel('Description').fill('Quote for a second pump');
}

/** Sent, the Create Quotation panel has closed, its outcome said at the top of the modal. */
const quoteSent = async (page: Page) => {
  await gone(panel(page));
  await expectIn(page)
    .poll(() => outcomeText(page))
    .toContain('Quotation Requested');
};

async function forwardPanel(page: Page) {
  await click(dialog(page), 'Forward');
  await dialog(page).getByLabel('Message').fill('Please look at this');
}

const tile = (page: Page) => page.locator('fm-dashboard-tile[data-tile-id="1"]');
const tileShown = async (page: Page) => {
  await gone(tile(page).getByRole('alert'));
  await shown(tile(page).locator('.fm-tile__count'));
};

const upload = (page: Page) => page.locator('fm-upload');
const photo = (fault: Fault) => `photo-${fault}.png`;
const photoRow = (page: Page, fault: Fault) =>
  upload(page)
    .locator('.fm-upload__file')
    .filter({ hasText: photo(fault) });

const engineer = (page: Page) => page.locator('fm-engineer-job');
/** The site times of job 1004 that the host of `page`'s lane stored. */
const siteTimes = (page: Page) =>
  withStoredData(
    (db) => db.prepare('SELECT id FROM site_times WHERE job_id = 1004').all(),
    laneOf(page).host.dbPath,
  );
const signOnReady = (page: Page) =>
  expectIn(page)
    .poll(() => button(engineer(page), 'Sign On').isEnabled())
    .toBe(true);
/** An action the engineer widget keeps on the device (no answer) rather than a refusal. */
const keptOnDevice = (fault: Fault) => fault === 'timeout' || fault === 'offline';

const assetCategories = (page: Page) => page.locator('fm-asset-category-linking');
const modelCategory = (page: Page) =>
  assetCategories(page).getByRole('combobox', {
    name: 'Asset category of Heatrae Sadia Multipoint water heater',
  });
const linking = (page: Page) => page.locator('fm-linking-table');
const timeToFix = (page: Page) =>
  linking(page).getByRole('spinbutton', { name: 'Time to fix in hours, link 2' });

async function chooseBusinessCase(page: Page) {
  await dialog(page).getByLabel('Business case attached').selectOption('1');
}

/** Opens the Release panel's three lookups (calls 1, 2 and 19) on job 1001. */
function releaseLookup(call: string, path: string): Call {
  return {
    call,
    via: 'fm-cost-approval: Release',
    path,
    page: '/client/jobs/view/1001',
    prepare: inModal(),
    send: (page) => click(dialog(page), 'Release'),
    failure: (page) => panel(page).getByRole('alert'),
    retry: (page) => click(panel(page), 'Retry'),
    succeeded: (page) => shown(dialog(page).getByLabel('Priority')),
    again: (page) => click(dialog(page), 'Release'),
  };
}

/** One lookup of the cost modal as it opens (calls 3, 4 and 13). */
function modalLookup(
  call: string,
  path: string,
  section: string,
  retry: string,
  done: string,
): Call {
  return {
    call,
    via: `fm-cost-approval: the modal opens${section ? ` (${section})` : ''}`,
    path,
    page: '/client/jobs/view/1001',
    prepare: jobPage,
    send: (page) => click(page, 'Cost approval'),
    failure: (page) => dialog(page).locator(`${section} [role="alert"]`),
    retry: (page) => click(dialog(page), retry),
    succeeded: (page) => shown(dialog(page).locator(done)),
    again: closeModal,
  };
}

type Part = 'call' | 'via' | 'path' | 'failure' | 'kept' | 'retry' | 'succeeded';

/** A call made by Request quotation on job 1001 (its own, or the job read again after it). */
function afterQuoteRequest(part: Pick<Call, Part>): Call {
  return {
    ...part,
    page: '/client/jobs/view/1001',
    prepare: inModal(quotePanel),
    send: (page) => click(dialog(page), 'Request quotation'),
    // The panel closed once the request went: Create Quotation opens a fresh one.
    again: quotePanel,
  };
}

/** A call made by Forward job on job 1001 (its own, or the helpdesk email after it). */
function afterForward(part: Pick<Call, Part>): Call {
  return {
    ...part,
    page: '/client/jobs/view/1001',
    writes: true,
    prepare: inModal(forwardPanel),
    send: (page) => click(dialog(page), 'Forward job'),
    again: async (page) => {
      await reopenModal(page);
      await forwardPanel(page);
    },
  };
}

/** A call an element makes when it connects: sent again by a fresh copy of the element. */
function onConnect(part: Omit<Call, 'send' | 'again'> & { selector: string }): Call {
  const { selector, ...call } = part;
  return { ...call, send: (page) => reconnect(page, selector), again: async () => {} };
}

/** docs/requirements.md §7, in its order. */
const CALLS: Call[] = [
  releaseLookup('GET /api/contractors/index/{siteId}/{assetId}', '/api/contractors/index'),
  releaseLookup('GET /api/budget_codes/index/{assetId}', '/api/budget_codes/index'),
  modalLookup('GET /api/costs/index/{jobId}', '/api/costs/index', '', 'Retry', '.fm-cost-summary'),
  modalLookup(
    'GET /api/sites/asset_count/…/days:365',
    '/api/sites/asset_count',
    '.fm-asset-history',
    'Retry the asset history',
    '.fm-asset-history__count',
  ),
  afterQuoteRequest({
    call: 'POST /api/jobs/duplicate/{jobId}',
    via: 'fm-cost-approval: Request quotation',
    path: '/api/jobs/duplicate',
    failure: (page) => panel(page).getByRole('alert'),
    kept: (page) => holds(dialog(page).getByLabel('Description'), 'Quote for a second pump'),
    retry: (page) => click(dialog(page), 'Request quotation'),
    succeeded: quoteSent,
  }),
  {
    call: 'POST /api/costs/update/{costId}',
    via: 'fm-cost-approval: Approve',
    path: '/api/costs/update',
    page: '/client/jobs/view/1001',
    writes: true,
    prepare: inModal((page) => dialog(page).getByLabel('Note (optional)').fill('Agreed by phone')),
    send: (page) => click(dialog(page), 'Approve'),
    failure: (page) => dialog(page).locator('.fm-cost').getByRole('alert'),
    kept: (page) => holds(dialog(page).getByLabel('Note (optional)'), 'Agreed by phone'),
    retry: (page) => click(dialog(page), 'Approve'),
    succeeded: (page) =>
      expectIn(page)
        .poll(() => outcomeText(page))
        .toMatch(/Cost of £[\d,]+\.\d{2} approved\. No more costs await approval\./),
    again: async (page) => {
      await reopenModal(page);
      await dialog(page).getByLabel('Note (optional)').fill('Agreed by phone');
    },
  },
  {
    call: 'POST /costs_cost_validates/edit',
    via: 'fm-cost-approval: Save validation',
    path: '/costs_cost_validates/edit',
    page: '/client/jobs/view/1003',
    prepare: inModal(chooseBusinessCase),
    send: (page) => click(dialog(page), 'Save validation'),
    failure: (page) => dialog(page).locator('.fm-cost__validation [role="alert"]'),
    kept: (page) => holds(dialog(page).getByLabel('Business case attached'), '1'),
    retry: (page) => click(dialog(page), 'Save validation'),
    succeeded: (page) =>
      expectIn(page)
        .poll(() => dialog(page).locator('.fm-cost__validation [role="status"]').textContent())
        .toBe('Validation saved'),
    again: async (page) => {
      await closeModal(page);
      await openModal(page);
      await chooseBusinessCase(page);
    },
  },
  afterQuoteRequest({
    call: 'GET /api/jobs/show/{jobId}/1',
    via: 'fm-cost-approval: reading the job again after Request quotation',
    path: '/api/jobs/show',
    failure: (page) => dialog(page).locator('.fm-alert--warning'),
    retry: (page) => click(dialog(page), 'Read the job again'),
    succeeded: (page) => gone(dialog(page).locator('.fm-alert--warning')),
  }),
  afterForward({
    call: 'POST /api/jobs/update/{jobId}',
    via: 'fm-cost-approval: Forward job',
    path: '/api/jobs/update',
    failure: (page) => panel(page).getByRole('alert'),
    kept: (page) => holds(dialog(page).getByLabel('Message'), 'Please look at this'),
    retry: (page) => click(dialog(page), 'Forward job'),
    succeeded: (page) =>
      expectIn(page)
        .poll(() => outcomeText(page))
        .toContain('forwarded'),
  }),
  afterForward({
    call: 'POST /api/mailer/send',
    via: 'fm-cost-approval: Forward job (the helpdesk email)',
    path: '/api/mailer/send',
    failure: outcome,
    retry: {
      none: 'a follow-up of a forward already made: the outcome says the job is forwarded and the email was not sent',
    },
    succeeded: async () => {},
  }),
  {
    call: 'POST /api/users/assign_engineer',
    via: 'fm-cost-approval: Assign',
    path: '/api/users/assign_engineer',
    // Released: an engineer may be given it (not 1001, which awaits release). Chloe Dixon's row
    // comes first; Liam Carter is on the job already.
    page: '/client/jobs/view/1004',
    prepare: inModal(),
    send: (page) =>
      button(dialog(page), /^Assign /)
        .first()
        .click(),
    failure: (page) => dialog(page).locator('.fm-engineers [role="alert"]'),
    retry: (page) =>
      button(dialog(page), /^Assign /)
        .first()
        .click(),
    succeeded: (page) =>
      expectIn(page)
        .poll(() => dialog(page).locator('.fm-engineers__state').first().textContent())
        .toMatch(/^Assigned (just now|on \d\d\/\d\d\/\d{4} \d\d:\d\d)$/),
    again: async (page) => {
      await button(dialog(page), 'Unassign Chloe Dixon').click();
      await expectIn(page)
        .poll(() => button(dialog(page), 'Unassign Chloe Dixon').count())
        .toBe(0);
    },
  },
  {
    call: 'GET /api/users/search',
    via: 'fm-cost-approval: typing an authoriser',
    path: '/api/users/search',
    page: '/client/jobs/view/1002',
    prepare: inModal(),
    send: (page) => dialog(page).getByRole('combobox', { name: 'Authoriser' }).fill('Pri'),
    failure: (page) => dialog(page).locator('.fm-autocomplete [role="status"]'),
    kept: (page) => holds(dialog(page).getByRole('combobox', { name: 'Authoriser' }), 'Pri'),
    retry: (page) => dialog(page).getByRole('combobox', { name: 'Authoriser' }).press('y'),
    succeeded: (page) => shown(dialog(page).getByRole('option', { name: 'Priya Patel' })),
    again: (page) => dialog(page).getByRole('combobox', { name: 'Authoriser' }).fill(''),
  },
  modalLookup(
    'GET /api/jobs/get_purchase_order/{externalJobId}/{jobId}',
    '/api/jobs/get_purchase_order',
    '.fm-purchase-order',
    'Retry the purchase order',
    '.fm-purchase-order__reference',
  ),
  {
    call: 'GET /api/costs/has_duplicate_invoice/{invoiceNumber}/{jobId}',
    via: 'fm-cost-form: leaving the invoice number',
    path: '/api/costs/has_duplicate_invoice',
    page: '/client/jobs/view/1006',
    prepare: (page) => page.locator('fm-cost-form form').waitFor(),
    send: async (page) => {
      const invoice = page.getByLabel('Invoice number');
      await invoice.fill('INV-1001');
      await invoice.blur();
    },
    failure: (page) => page.locator('fm-cost-form .fm-field-hint'),
    kept: (page) => holds(page.getByLabel('Invoice number'), 'INV-1001'),
    retry: (page) => click(page.locator('fm-cost-form'), 'Check again'),
    succeeded: (page) =>
      expectIn(page)
        .poll(() => page.locator('fm-cost-form [role="alert"]').textContent())
        .toBe('Duplicate Invoice Number'),
    again: (page) => page.getByLabel('Invoice number').fill(''),
  },
  onConnect({
    call: 'GET /dashboards/fetch/{tileId}',
    selector: 'fm-dashboard-tile[data-tile-id="1"]',
    via: 'fm-dashboard-tile: connected',
    path: '/dashboards/fetch/1',
    page: '/dashboard',
    prepare: tileShown,
    failure: (page) => tile(page).getByRole('alert'),
    retry: (page) => click(tile(page), 'Retry Jobs awaiting release'),
    succeeded: tileShown,
  }),
  {
    call: 'GET /dashboards/fetch/{tileId}/false',
    via: 'fm-dashboard-tile: Refresh',
    path: '/dashboards/fetch/1/false',
    page: '/dashboard',
    prepare: tileShown,
    send: (page) => click(tile(page), /^Refresh /),
    failure: (page) => tile(page).getByRole('alert'),
    retry: (page) => click(tile(page), 'Retry Jobs awaiting release'),
    succeeded: tileShown,
    again: async () => {},
  },
  {
    call: 'POST /api/photos/upload',
    via: 'fm-upload: a photo chosen',
    path: '/api/photos/upload',
    page: '/client/jobs/view/1006',
    prepare: (page) => upload(page).locator('input[type="file"]').waitFor({ state: 'attached' }),
    send: async (page, fault) => {
      await upload(page)
        .locator('input[type="file"]')
        .setInputFiles({ name: photo(fault), mimeType: 'image/png', buffer: Buffer.from('png') });
    },
    failure: (page) => upload(page).locator('.fm-upload__file.is-failed .fm-upload__message'),
    kept: (page, fault) => shown(photoRow(page, fault)),
    retry: (page, fault) => click(photoRow(page, fault), `Retry ${photo(fault)}`),
    succeeded: (page, fault) => shown(photoRow(page, fault).getByRole('link')),
    again: async () => {},
  },
  {
    call: 'GET {autocomplete source URL}',
    via: 'fm-autocomplete (gallery): typing a site',
    path: '/api/sites/autocomplete',
    page: '/',
    prepare: (page) => page.locator('fm-autocomplete input').waitFor(),
    send: (page) => page.locator('fm-autocomplete input').fill('Lee'),
    failure: (page) => page.locator('fm-autocomplete [role="status"]'),
    kept: (page) => holds(page.locator('fm-autocomplete input'), 'Lee'),
    retry: (page) => page.locator('fm-autocomplete input').press('d'),
    succeeded: (page) => shown(page.getByRole('option', { name: /^Leeds/ })),
    again: (page) => page.locator('fm-autocomplete input').fill(''),
  },
  onConnect({
    call: 'GET /api/linking/AssetCategories',
    selector: 'fm-asset-category-linking',
    via: 'fm-asset-category-linking: connected',
    path: '/api/linking/AssetCategories',
    page: '/linking/asset_categories',
    prepare: (page) => modelCategory(page).waitFor(),
    failure: (page) => assetCategories(page).getByRole('alert'),
    retry: (page) => click(assetCategories(page), 'Retry'),
    succeeded: (page) => modelCategory(page).waitFor(),
  }),
  releaseLookup('GET /api/priorities/index', '/api/priorities/index'),
  {
    call: 'POST {save URL} (linking table)',
    via: 'fm-linking-table: Save',
    path: '/api/linking/save',
    page: '/linking/sites/1',
    writes: true,
    prepare: async (page) => {
      await timeToFix(page).fill('30');
      await timeToFix(page).blur();
    },
    send: (page) => click(linking(page), 'Save'),
    failure: (page) => linking(page).locator('.fm-save-bar__error'),
    kept: (page) => holds(timeToFix(page), '30'),
    retry: async (page) => {
      const reloaded = page.waitForEvent('load');
      await click(linking(page), 'Save');
      await reloaded;
    },
    succeeded: (page) => holds(timeToFix(page), '30'),
  },
  {
    call: 'POST asset-category save',
    via: 'fm-asset-category-linking: Save',
    path: '/api/linking/asset_category_save',
    page: '/linking/asset_categories',
    writes: true,
    prepare: async (page) => {
      await modelCategory(page).selectOption({ label: 'Plumbing' });
    },
    send: (page) => click(assetCategories(page), 'Save'),
    failure: (page) => assetCategories(page).locator('.fm-save-bar__error'),
    kept: (page) => holds(modelCategory(page), '3'),
    retry: (page) => click(assetCategories(page), 'Save'),
    succeeded: (page) =>
      expectIn(page)
        .poll(() => assetCategories(page).getByRole('status').first().textContent())
        .toBe('1 change saved'),
  },
  onConnect({
    call: 'GET {table rows URL}',
    selector: 'fm-data-table',
    via: 'fm-data-table (/client/jobs): connected',
    path: '/api/jobs/table',
    page: '/client/jobs',
    prepare: (page) => page.locator('fm-data-table .tabulator-row').first().waitFor(),
    failure: (page) => page.locator('fm-data-table').getByRole('alert'),
    retry: (page) => click(page.locator('fm-data-table'), 'Retry'),
    succeeded: (page) => shown(page.locator('fm-data-table .tabulator-row')),
  }),
  onConnect({
    call: 'GET /api/site_times/index/{jobId}',
    selector: 'fm-engineer-job',
    via: 'fm-engineer-job: connected',
    path: '/api/site_times/index',
    page: '/engineer/jobs/1004',
    context: { geolocation: AT_SITE_1, permissions: ['geolocation'] },
    prepare: signOnReady,
    failure: (page) => engineer(page).locator('.fm-engineer__lookup [role="alert"]'),
    retry: (page) => click(engineer(page), 'Retry'),
    succeeded: signOnReady,
  }),
  {
    call: 'POST /api/site_times/save',
    via: 'fm-engineer-job: Sign On',
    path: '/api/site_times/save',
    page: '/engineer/jobs/1004',
    context: { geolocation: AT_SITE_1, permissions: ['geolocation'] },
    writes: true,
    prepare: async (page) => {
      await signOnReady(page);
      await engineer(page).getByLabel('Notes').fill('Sign On from the plant room');
    },
    send: (page) => click(engineer(page), 'Sign On'),
    failure: (page) => engineer(page).locator('.fm-engineer__message-text'),
    says: { timeout: QUEUED, offline: QUEUED },
    kept: async (page, fault) => {
      if (keptOnDevice(fault)) await shown(engineer(page).locator('.fm-engineer__queued'));
      else await holds(engineer(page).getByLabel('Notes'), 'Sign On from the plant room');
      expectIn(page)(siteTimes(page)).toEqual([]);
    },
    // An action kept on the device is sent when the page is next opened (or the connection
    // returns, or every 30 s); a refused one is pressed again.
    retry: (page, fault) =>
      keptOnDevice(fault) ? page.reload().then(() => undefined) : click(engineer(page), 'Sign On'),
    succeeded: async (page) => {
      await expectIn(page)
        .poll(() => siteTimes(page).length)
        .toBe(1);
      await gone(engineer(page).locator('.fm-engineer__queued'));
      await shown(button(engineer(page), 'Sign Off'));
    },
  },
];

/** A pass may note a part that does not apply (a call with no retry of its own). */
type Outcome = { result: 'pass'; why?: string } | { result: 'FAIL'; why: string };
/** Each call's outcomes, in the order of CALLS whatever order the lanes end in. */
const matrix = new Map<string, Map<Fault, Outcome>>(CALLS.map((call) => [call.call, new Map()]));

/** A lane: a reference host of its own, and the browser context of the call it runs now. */
interface Lane {
  host: ScratchServer;
  context?: BrowserContext;
  /** The `expect` of the test the lane runs now: a concurrent test's own. */
  expect?: ExpectStatic;
}
const laneOfContext = new WeakMap<BrowserContext, Lane>();
function laneOf(page: Page): Lane {
  const lane = laneOfContext.get(page.context());
  if (!lane) throw new Error('a page of no lane');
  return lane;
}
/** The `expect` of the test `page` is in. */
function expectIn(page: Page): ExpectStatic {
  const expect = laneOf(page).expect;
  if (!expect) throw new Error('a page of no test');
  return expect;
}

describe.skipIf(!browserAvailable)('every call × every fault', () => {
  const browser = useBrowser();
  const free: Lane[] = [];

  beforeAll(async () => {
    for (let index = 0; index < PAGES_AT_ONCE; index += 1) {
      const host = await startScratchServer('fm-faults', { testMode: true, quiet: true });
      free.push({ host });
    }
  });

  async function freshPage(lane: Lane, call: Call): Promise<Page> {
    await closeContext(lane);
    if (call.writes) await resetDatabaseAt(lane.host.url);
    // The engineer's pages register the offline worker (docs/offline.md), which would answer a
    // failed call from its cache or its own timeout: the matrix is of each widget meeting the
    // fault itself (the worker's own answers are offline.spec.ts's).
    const context = await browser.browser.newContext({
      baseURL: lane.host.url,
      serviceWorkers: 'block',
      ...call.context,
    });
    lane.context = context;
    laneOfContext.set(context, lane);
    // The page configuration's timeout, shortened as a host would set it.
    await givePageConfig(context, { timeout: SHORT_TIMEOUT_MS });
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_LIMIT_MS);
    await page.goto(call.page);
    await call.prepare(page);
    return page;
  }

  async function closeContext(lane: Lane) {
    await lane.context?.close();
    lane.context = undefined;
  }

  afterAll(async () => {
    for (const lane of free.splice(0)) {
      await closeContext(lane);
      await lane.host.close();
    }
    printMatrix();
  });

  it.concurrent.for(CALLS)('$call ($via)', async (call, { expect }) => {
    const lane = free.pop();
    if (!lane) throw new Error(`more than ${PAGES_AT_ONCE} calls at once`);
    lane.expect = expect;
    const outcomes = new Map<Fault, Outcome>();
    matrix.set(call.call, outcomes);
    try {
      await faultsOf(call, lane, outcomes);
    } finally {
      lane.expect = undefined;
      free.push(lane);
    }
    expect(
      [...outcomes].filter(([, outcome]) => outcome.result === 'FAIL'),
      call.call,
    ).toEqual([]);
  });

  /**
   * Cuts the call's path off inside Chromium (`Network.setBlockedURLs`): it fails at once as with
   * no network, the page still online. A route's abort answered from this process instead, and on
   * a busy machine the answer came after the page's own 1.5 s timeout, which then said so.
   * Resolves with the function that lets it through again.
   */
  async function cutOff(page: Page, prefix: URL): Promise<() => Promise<void>> {
    const session = await page.context().newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.setBlockedURLs', { urls: [`${prefix.href}*`] });
    return async () => {
      await session.send('Network.setBlockedURLs', { urls: [] });
      await session.detach();
    };
  }

  /** Each fault of `call`, one after another, in `lane`, its outcome kept in `outcomes`. */
  async function faultsOf(call: Call, lane: Lane, outcomes: Map<Fault, Outcome>): Promise<void> {
    const host = lane.host.url;
    let page: Page | undefined;
    for (const fault of FAULTS) {
      await clearFaultsAt(host);
      try {
        if (!page) page = await freshPage(lane, call);
        else {
          if (call.writes) await resetDatabaseAt(host);
          if (call.again) await call.again(page);
          else {
            await page.reload();
            await call.prepare(page);
          }
        }
        let cut: (() => Promise<void>) | null = null;
        if (fault === 'offline') cut = await cutOff(page, new URL(call.path, host));
        else await setFaultAt(host, { path: call.path, fault } satisfies FaultRule);

        await call.send(page, fault);
        const failure = call.failure(page);
        const said = call.says?.[fault] ?? SAYS[fault];
        await expectIn(page)
          .poll(async () => (await failure.allTextContents()).join(' '), { timeout: STEP_LIMIT_MS })
          .toContain(said);
        const text = (await failure.allTextContents()).join(' ');
        expectIn(page)(text).not.toMatch(RAW);
        await call.kept?.(page, fault);

        await cut?.();
        await clearFaultsAt(host);
        if ('none' in call.retry) {
          outcomes.set(fault, { result: 'pass', why: `no retry: ${call.retry.none}` });
          continue;
        }
        await call.retry(page, fault);
        await call.succeeded(page, fault);
        outcomes.set(fault, { result: 'pass' });
      } catch (error) {
        outcomes.set(fault, {
          result: 'FAIL',
          why: (error as Error).message.split('\n')[0] ?? '',
        });
        page = undefined;
      }
    }
    await clearFaultsAt(host);
    await closeContext(lane);
  }
});

/** The call × fault table, printed at the end of the run. */
function printMatrix() {
  const rows = [...matrix].map(([call, outcomes]) => ({
    call,
    ...Object.fromEntries(
      FAULTS.map((fault) => {
        const outcome = outcomes.get(fault);
        if (!outcome) return [column(fault), '–'];
        return [column(fault), outcome.result === 'pass' && outcome.why ? 'pass*' : outcome.result];
      }),
    ),
  }));
  console.table(rows);
  const cells = [...matrix.values()].flatMap((outcomes) => [...outcomes.values()]);
  const count = (result: Outcome['result']) =>
    cells.filter((cell) => cell.result === result).length;
  const noted = cells.filter((cell) => cell.why !== undefined && cell.result === 'pass').length;
  console.log(
    `fault matrix: ${matrix.size} calls × ${FAULTS.length} faults: ${count('pass')} pass (${noted} with a part not applicable, *), ${count('FAIL')} fail`,
  );
  for (const [call, outcomes] of matrix) {
    for (const [fault, outcome] of outcomes) {
      if (outcome.why) console.log(`  ${call} × ${fault}: ${outcome.result}, ${outcome.why}`);
    }
  }
}

/** A column name that is not a number, which an object would put before `call`. */
const column = (fault: Fault) => (fault === '500' ? 'HTTP 500' : fault);
