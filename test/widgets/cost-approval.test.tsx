import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/cost-approval/index';
import { ORDER_NUMBER_REQUIRED } from '../../src/core/job-messages';
import { MODAL_CLOSE_DELAY_MS } from '../../widgets/cost-approval/CostApproval';
import {
  BUDGET_CODES,
  CAPEX_ITEMS,
  CONTRACTORS,
  costRecord,
  costsIndex,
  jobShow,
  PRIORITIES,
  RELEASED_1001,
} from './cost-approval-fixtures';
import { byText, fakeHost, field, fill, find, json, sleep, text } from './cost-approval-harness';

const COSTS_1001 = 'GET /api/costs/index/1001';
const SHOW_1001 = 'GET /api/jobs/show/1001/1';
const outcome = () => text(document.querySelector('.fm-cost-dialog__outcome'));
const besideButton = () => text(document.querySelector('.fm-cost-approval__outcome'));
const LOOKUPS = {
  'GET /api/sites/asset_count/job_id:1001/site_id:1/asset_id:1/days:365': {
    count: 2,
    days: 365,
    jobs: [
      {
        id: 990,
        description: 'Fan belt replaced',
        status: 'Complete',
        created: '2026-06-02 10:00:00',
      },
      { id: 991, description: 'Annual service', status: 'Closed', created: '2026-03-15 08:30:00' },
    ],
  },
};

function page(attributes = '', config?: Record<string, unknown>) {
  if (config) {
    document.head.innerHTML = `<script type="application/json" id="fm-config">${JSON.stringify(config)}</script>`;
  }
  document.body.innerHTML = `<fm-cost-approval data-job-id="1001" ${attributes}></fm-cost-approval>`;
}

async function openModal() {
  const button = await byText<HTMLButtonElement>('button', 'Cost approval');
  button.focus();
  button.click();
  const dialog = await find('[role="dialog"]');
  return { button, dialog };
}

/**
 * The modal's closings asked of the timers with its delay. A test runs the one asked for at once
 * (`closeNow`): it sees the delay asked for, and the modal closed, without waiting 1.5 s on a watch.
 */
let closes: (() => void)[] = [];
beforeEach(() => {
  closes = [];
  const setTimer = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    handler: () => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    const timer = setTimer(handler, ms, ...rest);
    if (ms === MODAL_CLOSE_DELAY_MS) {
      closes.push(() => {
        clearTimeout(timer);
        handler();
      });
    }
    return timer;
  }) as typeof setTimeout);
});

/** Waits for the modal's closing to be asked for once, runs it, and waits for the modal to go. */
async function closeNow() {
  await vi.waitFor(() => expect(closes).toHaveLength(1));
  closes[0]?.();
  await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
}

/** Whether the modal stays: a moment passes and no closing was asked for. */
async function modalStays() {
  await sleep(20);
  expect(closes).toEqual([]);
  expect(document.querySelector('[role="dialog"]')).not.toBeNull();
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fm-cost-approval: the modal', () => {
  it('names a bad setting at once, before the modal is opened', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeHost({});
    page('data-release-priorities="1, high"', {});
    expect(text(await find('.fm-error'))).toBe(
      'fm-cost-approval: data-release-priorities must be a number (got "high")',
    );
    page('', { disableApprovals: 'no' });
    expect(text(await find('.fm-error'))).toBe(
      'fm-cost-approval: Page configuration #fm-config: disableApprovals must be true or false (got "no")',
    );
  });

  it('loads the job, then shows its summary and one table per cost awaiting approval', async () => {
    let release!: (response: Response) => void;
    fakeHost({
      [COSTS_1001]: () => new Promise<Response>((resolve) => (release = resolve)),
      ...LOOKUPS,
    });
    page();
    const { dialog } = await openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    expect(text(title)).toBe('Cost approval: job 1001');
    expect(text(await find('[role="status"]', dialog))).toBe('Loading the job and its costs…');

    release(json(costsIndex()));
    const summary = await find('.fm-cost-summary');
    const entries = [...summary.querySelectorAll('.fm-cost-summary__row')].map((row) => [
      text(row.querySelector('dt')),
      text(row.querySelector('dd')),
    ]);
    expect(entries).toEqual([
      ['Job', '1001'],
      ['Site', 'Leeds Briggate (BR-0101)'],
      ['Asset', 'Air handling unit 1'],
      ['Status', 'Awaiting Release'],
      ['Type', 'Client Approval'],
      ['Description', 'Air handling unit tripping on high pressure'],
      ['Priority', 'P2 Urgent (24 hours)'],
      ['Logged', '18/11/2026 09:05'],
    ]);
    const table = await find('.fm-cost__table');
    const cells = [...table.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => text(cell)),
    );
    expect(cells).toEqual([
      ['Labour', 'Engineer', 'Diagnose high-pressure trip', '65.00', '2', '0.00', '130.00'],
      ['Materials', 'Parts', 'High-pressure switch', '84.50', '1', '15.00', '97.18'],
    ]);
    expect(text(table.querySelector('.fm-cost__total'))).toBe('244.28');
    expect([...table.querySelectorAll('thead th')].map((th) => text(th))).toEqual([
      'Type',
      'Subtype',
      'Description',
      'Value',
      'Quantity',
      'Markup %',
      'Total',
    ]);
  });

  it("says a cost form's one description once, not on each line, and leaves out an empty Subtype", async () => {
    const formCost = costRecord({ id: 12, total: '150.00' });
    formCost.CostBreakdown = [
      {
        type_name: 'Labour',
        subtype_name: '',
        description: 'Replaced the pump',
        value: 120,
        quantity: 1,
        markup_percent: 0,
        total: 120,
      },
      {
        type_name: 'Materials',
        subtype_name: '',
        description: 'Replaced the pump',
        value: 30,
        quantity: 1,
        markup_percent: 0,
        total: 30,
      },
    ];
    fakeHost({ [COSTS_1001]: costsIndex({ costs: [costRecord(), formCost] }), ...LOOKUPS });
    page();
    await openModal();
    const card = await find('[data-cost-id="12"]');
    const table = card.querySelector('.fm-cost__table') as HTMLTableElement;
    expect([...table.querySelectorAll('thead th')].map((th) => text(th))).toEqual([
      'Type',
      'Value',
      'Quantity',
      'Markup %',
      'Total',
    ]);
    expect(
      [...table.querySelectorAll('tbody tr')].map((row) =>
        [...row.querySelectorAll('td')].map((cell) => text(cell)),
      ),
    ).toEqual([
      ['Labour', '120.00', '1', '0.00', '120.00'],
      ['Materials', '30.00', '1', '0.00', '30.00'],
    ]);
    expect(text(card.querySelector('.fm-cost__description'))).toBe('Replaced the pump');
    expect(card.textContent?.split('Replaced the pump')).toHaveLength(2);
    expect(table.querySelector('tfoot th')?.getAttribute('colspan')).toBe('4');
    // A cost whose lines say different things keeps every column.
    const other = (await find('[data-cost-id="11"]')).querySelector('thead') as HTMLElement;
    expect([...other.querySelectorAll('th')].map((th) => text(th))).toContain('Subtype');
  });

  it('moves focus in, keeps Tab inside, closes on Esc and gives focus back to the button', async () => {
    fakeHost({ [COSTS_1001]: costsIndex(), ...LOOKUPS });
    page();
    const { button, dialog } = await openModal();
    const close = await find<HTMLButtonElement>('.fm-dialog__close');
    expect(document.activeElement).toBe(close);
    await find('.fm-cost__approve');

    const focusable = [
      ...dialog.querySelectorAll<HTMLElement>('button:not([disabled]), textarea, select'),
    ];
    const last = focusable[focusable.length - 1] as HTMLElement;
    last.focus();
    last.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }),
    );
    expect(document.activeElement).toBe(close);
    close.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true }),
    );
    expect(document.activeElement).toBe(last);

    last.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it("shows the host's message when the job cannot be loaded, and retries", async () => {
    let fail = true;
    fakeHost({
      [COSTS_1001]: () =>
        fail ? json({ status: 'error', message: 'Job 1001 is locked' }, 500) : json(costsIndex()),
      ...LOOKUPS,
    });
    page();
    await openModal();
    expect(text(await find('[role="alert"]'))).toBe('Job 1001 is locked');
    fail = false;
    (await byText<HTMLButtonElement>('button', 'Retry')).click();
    await find('.fm-cost__table');
  });

  it('shows server strings as text, never as markup', async () => {
    const hostile = '<img src=x onerror="window.__hacked=1">';
    fakeHost({ [COSTS_1001]: costsIndex({ job: { description: hostile } }), ...LOOKUPS });
    page();
    await openModal();
    const summary = await find('.fm-cost-summary');
    expect(summary.textContent).toContain(hostile);
    expect(document.querySelector('[role="dialog"] img')).toBeNull();
  });
});

describe('fm-cost-approval: approve and decline', () => {
  it('approves: sends the Cost and a Note, the row turns red and leaves, the modal closes 1.5 s later', async () => {
    const host = fakeHost({
      [COSTS_1001]: costsIndex(),
      'POST /api/costs/update/11': { status: 'success', message: 'The cost has been approved' },
      [SHOW_1001]: jobShow(),
      ...LOOKUPS,
    });
    const approved = vi.fn();
    document.addEventListener('fm-cost-approved', (event) => approved(event.detail), {
      once: true,
    });
    page();
    await openModal();
    fill(await field<HTMLTextAreaElement>('Note (optional)'), 'Agreed on site');
    (await find<HTMLButtonElement>('.fm-cost__approve')).click();

    await vi.waitFor(() => expect(document.querySelector('.fm-cost--leaving')).not.toBeNull());
    expect(host.sent('POST /api/costs/update/11')).toEqual([
      {
        Cost: { id: 11, job_id: 1001, authoriser_id: null, authorised_via: null, approved: true },
        Note: {
          description: 'Agreed on site',
          job_id: 1001,
          cost_id: 11,
          financial: true,
          internal: false,
        },
      },
    ]);
    expect(approved).toHaveBeenCalledWith({ jobId: 1001, costId: 11 });
    expect(outcome()).toBe('Cost of £244.28 approved. No more costs await approval.');
    // The job is read again after the decision.
    await vi.waitFor(() =>
      expect(host.calls.some((call) => call.path === '/api/jobs/show/1001/1')).toBe(true),
    );
    await vi.waitFor(() => expect(document.querySelector('.fm-cost')).toBeNull());
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    expect(besideButton()).toBe('');
    await closeNow();
    // Once the modal has gone, the live region beside the button still says what happened.
    expect(besideButton()).toBe('Cost of £244.28 approved. No more costs await approval.');
    expect(document.querySelector('.fm-cost-approval__outcome')?.getAttribute('role')).toBe(
      'status',
    );
    expect(MODAL_CLOSE_DELAY_MS).toBe(1500);
  });

  it('names each cost as its approver knows it, and says how many still wait after a decision', async () => {
    fakeHost({
      [COSTS_1001]: costsIndex({
        costs: [
          costRecord(),
          costRecord({ id: 12, invoice_number: 'INV-77', total: '1234.5' }),
          costRecord({ id: 13, cost_type_id: 3, total: 26877.5 }),
        ],
      }),
      'POST /api/costs/update/11': { status: 'success', message: 'The cost has been declined' },
      [SHOW_1001]: jobShow(),
      ...LOOKUPS,
    });
    page();
    await openModal();
    await vi.waitFor(() =>
      expect([...document.querySelectorAll('.fm-cost__title')].map(text)).toEqual([
        'Cost of £244.28',
        'Invoice INV-77 (£1,234.50)',
        'Quote of £26,877.50',
      ]),
    );
    (await find<HTMLButtonElement>('.fm-cost__decline')).click();
    await vi.waitFor(() =>
      expect(outcome()).toBe('Cost of £244.28 declined. 2 more await approval.'),
    );
  });

  it("declines: the row leaves, the modal stays, and 'fm-cost-declined' fires", async () => {
    const host = fakeHost({
      [COSTS_1001]: costsIndex(),
      'POST /api/costs/update/11': { status: 'success', message: 'The cost has been declined' },
      [SHOW_1001]: jobShow(),
      ...LOOKUPS,
    });
    const declined = vi.fn();
    document.addEventListener('fm-cost-declined', (event) => declined(event.detail), {
      once: true,
    });
    page();
    await openModal();
    (await find<HTMLButtonElement>('.fm-cost__decline')).click();
    await vi.waitFor(() => expect(document.querySelector('.fm-cost')).toBeNull());
    expect(host.sent('POST /api/costs/update/11')[0]).toMatchObject({ Cost: { approved: false } });
    expect(declined).toHaveBeenCalledWith({ jobId: 1001, costId: 11 });
    expect(outcome()).toBe('Cost of £244.28 declined. No more costs await approval.');
    expect(text(await find('.fm-cost-dialog__section'))).toBeTruthy();
    await modalStays();
    expect(text(document.querySelector('[role="dialog"]'))).toContain(
      'No costs are awaiting approval.',
    );
  });

  it("on failure says 'Error: {message}' and resets the button; one click sends once", async () => {
    let answerApproval = () => {};
    const host = fakeHost({
      [COSTS_1001]: costsIndex(),
      'POST /api/costs/update/11': () =>
        new Promise<Response>((resolve) => {
          answerApproval = () =>
            resolve(json({ status: 'error', message: 'Cost 11 is locked' }, 409));
        }),
      ...LOOKUPS,
    });
    page();
    await openModal();
    const approve = await find<HTMLButtonElement>('.fm-cost__approve');
    approve.click();
    approve.click();
    await vi.waitFor(() => expect(approve.textContent).toBe('Approving…'));
    expect(approve.disabled).toBe(true);
    answerApproval();
    expect(text(await find('.fm-cost .fm-alert--danger'))).toBe('Error: Cost 11 is locked');
    expect(approve.textContent).toBe('Approve');
    expect(approve.disabled).toBe(false);
    expect(host.sent('POST /api/costs/update/11')).toHaveLength(1);
    expect(document.querySelector('.fm-cost--leaving')).toBeNull();
    // Read out at once, and the focus on it, not left behind on the button.
    const alert = await find<HTMLElement>('.fm-cost .fm-alert--danger');
    expect(alert.parentElement?.getAttribute('role')).toBe('alert');
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('with approvals disabled, the buttons are disabled and say why', async () => {
    const host = fakeHost({ [COSTS_1001]: costsIndex(), ...LOOKUPS });
    page('data-disable-approvals');
    await openModal();
    const approve = await find<HTMLButtonElement>('.fm-cost__approve');
    const decline = await find<HTMLButtonElement>('.fm-cost__decline');
    expect(approve.disabled).toBe(true);
    expect(decline.disabled).toBe(true);
    const reason = document.getElementById(approve.getAttribute('aria-describedby') ?? '');
    expect(text(reason)).toBe('Approvals are disabled for this portal.');
    approve.click();
    await sleep(20);
    expect(host.sent('POST /api/costs/update/11')).toHaveLength(0);
  });

  it('on a rejected job offers no decision and says why (the job lifecycle); no engineers to assign', async () => {
    const rejected = costsIndex({
      job: { status_id: 12, cancelled: true },
      costs: [costRecord(), costRecord({ id: 12, cost_type_id: 3, total: 900 })],
    });
    const host = fakeHost({ [COSTS_1001]: rejected, ...LOOKUPS });
    page('data-engineers=\'[{"id":5,"name":"Liam Carter"}]\'');
    await openModal();
    await find('.fm-cost__approve');
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('.fm-cost__approve')];
    expect(buttons).toHaveLength(2);
    const reasons = buttons.map((approve) => {
      expect(approve.disabled).toBe(true);
      const [reason = ''] = (approve.getAttribute('aria-describedby') ?? '').split(' ');
      return text(document.getElementById(reason));
    });
    expect(reasons).toEqual([
      'Deciding its costs is not possible: job 1001 is cancelled.',
      'Deciding its quotes is not possible: job 1001 is cancelled.',
    ]);
    expect(document.querySelector('.fm-engineers')).toBeNull();
    buttons[0]?.click();
    await sleep(20);
    expect(host.sent('POST /api/costs/update/11')).toHaveLength(0);
  });

  it('takes disableApprovals from the page configuration too', async () => {
    fakeHost({ [COSTS_1001]: costsIndex(), ...LOOKUPS });
    page('', { disableApprovals: true });
    await openModal();
    expect((await find<HTMLButtonElement>('.fm-cost__approve')).disabled).toBe(true);
  });
});

describe('fm-cost-approval: quotes', () => {
  const quote = (stage: 1 | 2) =>
    costsIndex({
      job: { type_id: 1, status_id: 5, client_reference_2: 'PO-22871' },
      costs: [costRecord({ cost_type_id: 3, total: 1517.5, approval_stage: stage })],
    });

  it('needs an authoriser and how it was authorised before approve is possible', async () => {
    const host = fakeHost({
      [COSTS_1001]: quote(1),
      'GET /api/users/search': [{ id: 4, label: 'Priya Patel', value: 'Priya Patel' }],
      'POST /api/costs/update/11': { status: 'success', message: 'The cost has been approved' },
      ...LOOKUPS,
    });
    page();
    await openModal();
    const approve = await find<HTMLButtonElement>('.fm-cost__approve');
    expect(approve.disabled).toBe(true);
    expect(text(await find('.fm-cost__blockers'))).toBe(
      'To approve or decline this quote, choose the authoriser and how the quote was authorised.',
    );

    const authoriser = await field('Authoriser');
    fill(authoriser, 'Pri');
    const option = await find('[role="option"]');
    const search = host.calls.find((call) => call.path === '/api/users/search');
    expect(search?.search.get('type')).toBe('3');
    expect(search?.search.get('cost_value')).toBe('1517.5');
    expect(search?.search.has('capex_approver')).toBe(false);
    option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    option.click();
    await vi.waitFor(() =>
      expect(text(document.querySelector('.fm-cost__blockers'))).toBe(
        'To approve or decline this quote, choose how the quote was authorised.',
      ),
    );
    expect(approve.disabled).toBe(true);

    const via = await field<HTMLSelectElement>('Authorised via');
    expect([...via.options].map((o) => o.value)).toEqual(['', 'email', 'telephone', 'in person']);
    fill(via, 'telephone');
    await vi.waitFor(() => expect(approve.disabled).toBe(false));
    approve.click();
    await vi.waitFor(() => expect(host.sent('POST /api/costs/update/11')).toHaveLength(1));
    expect(host.sent('POST /api/costs/update/11')[0]).toMatchObject({
      Cost: { authoriser_id: 4, authorised_via: 'telephone', approved: true },
    });
  });

  it('moves the focus to the authoriser when the host refuses the one chosen', async () => {
    fakeHost({
      [COSTS_1001]: quote(1),
      'GET /api/users/search': [{ id: 4, label: 'Priya Patel', value: 'Priya Patel' }],
      'POST /api/costs/update/11': json(
        { status: 'error', message: 'Cost.authoriser_id: Priya Patel is not a capex approver' },
        400,
      ),
      ...LOOKUPS,
    });
    page();
    await openModal();
    const authoriser = await field('Authoriser');
    fill(authoriser, 'Pri');
    const option = await find('[role="option"]');
    option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    option.click();
    fill(await field<HTMLSelectElement>('Authorised via'), 'email');
    const approve = await find<HTMLButtonElement>('.fm-cost__approve');
    await vi.waitFor(() => expect(approve.disabled).toBe(false));
    approve.focus();
    approve.click();
    expect(text(await find('.fm-cost .fm-alert--danger'))).toBe(
      'Error: Cost.authoriser_id: Priya Patel is not a capex approver',
    );
    await vi.waitFor(() => expect(document.activeElement).toBe(authoriser));
  });

  /** Approves (or declines) the quote of `answer` with an authoriser and how it was given. */
  async function decideQuote(answer: unknown, approved = true) {
    const host = fakeHost({
      [COSTS_1001]: answer,
      'GET /api/users/search': [{ id: 4, label: 'Priya Patel', value: 'Priya Patel' }],
      'POST /api/costs/update/11': { status: 'success', message: 'The cost has been approved' },
      [SHOW_1001]: jobShow({ status_id: 3 }, { Status: { id: 3, name: 'Released' } }),
      ...LOOKUPS,
    });
    page();
    await openModal();
    fill(await field('Authoriser'), 'Pri');
    const option = await find('[role="option"]');
    option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    option.click();
    fill(await field<HTMLSelectElement>('Authorised via'), 'email');
    const button = await find<HTMLButtonElement>(
      approved ? '.fm-cost__approve' : '.fm-cost__decline',
    );
    await vi.waitFor(() => expect(button.disabled).toBe(false));
    button.click();
    await vi.waitFor(() => expect(host.sent('POST /api/costs/update/11')).toHaveLength(1));
  }

  it('says that approving the quote released the job, and to whom', async () => {
    const said =
      'Quote of £1,517.50 approved. Job 1001 is now released to Northern Mechanical Ltd. No more costs await approval.';
    await decideQuote({
      ...quote(1),
      contractor: { user_id: 20, name: 'Northern Mechanical Ltd', primary: true, status: 1 },
    });
    await vi.waitFor(() => expect(outcome()).toBe(said));
    await closeNow();
    expect(besideButton()).toBe(said);
  });

  it('says the job is released without a contractor it does not know; only a release says so', async () => {
    await decideQuote(quote(1));
    await vi.waitFor(() =>
      expect(outcome()).toBe(
        'Quote of £1,517.50 approved. Job 1001 is now released. No more costs await approval.',
      ),
    );
    // A quote approved on a job already released releases nothing; a decline neither.
    await decideQuote(
      costsIndex({
        job: { type_id: 2, status_id: 3 },
        costs: [costRecord({ cost_type_id: 3, total: 1517.5 })],
      }),
    );
    await vi.waitFor(() =>
      expect(outcome()).toBe('Quote of £1,517.50 approved. No more costs await approval.'),
    );
    await decideQuote(quote(1), false);
    await vi.waitFor(() =>
      expect(outcome()).toBe('Quote of £1,517.50 declined. No more costs await approval.'),
    );
  });

  it('Escape with the authoriser list open closes only the list; the next Escape closes the modal', async () => {
    fakeHost({
      [COSTS_1001]: quote(1),
      'GET /api/users/search': [{ id: 4, label: 'Priya Patel', value: 'Priya Patel' }],
      ...LOOKUPS,
    });
    page();
    await openModal();
    const authoriser = await field('Authoriser');
    authoriser.focus();
    fill(authoriser, 'Pri');
    await find('[role="option"]');
    await vi.waitFor(() => expect(authoriser.getAttribute('aria-expanded')).toBe('true'));
    const pressEscape = () =>
      authoriser.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
    pressEscape();
    await vi.waitFor(() => expect(authoriser.getAttribute('aria-expanded')).toBe('false'));
    await sleep(20);
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    expect(authoriser.value).toBe('Pri');
    pressEscape();
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
  });

  it('says once that no authoriser matches', async () => {
    fakeHost({ [COSTS_1001]: quote(1), 'GET /api/users/search': [], ...LOOKUPS });
    page();
    const { dialog } = await openModal();
    fill(await field('Authoriser'), 'Dan');
    await vi.waitFor(() => expect(dialog.textContent).toContain('Nothing matches “Dan”.'));
    expect(dialog.textContent?.split('Nothing matches')).toHaveLength(2);
    expect(dialog.textContent).not.toContain('No results');
    const said = [...dialog.querySelectorAll('[role="status"]')].filter((region) =>
      region.textContent?.includes('Dan'),
    );
    expect(said).toHaveLength(1);
  });

  it('at approval stage 2 searches capex approvers only', async () => {
    const host = fakeHost({ [COSTS_1001]: quote(2), 'GET /api/users/search': [], ...LOOKUPS });
    page();
    await openModal();
    fill(await field('Authoriser'), 'Pri');
    await vi.waitFor(() =>
      expect(host.calls.some((c) => c.path === '/api/users/search')).toBe(true),
    );
    const search = host.calls.find((call) => call.path === '/api/users/search');
    expect(search?.search.get('capex_approver')).toBe('1');
  });

  it('capex quotes show approve only once a validation status is saved', async () => {
    let saveFails = true;
    const host = fakeHost({
      [COSTS_1001]: costsIndex({
        job: { type_id: 1, status_id: 5, budget_code_id: 4 },
        costs: [costRecord({ cost_type_id: 3, capex: true, approval_stage: 2 }, CAPEX_ITEMS)],
      }),
      'POST /costs_cost_validates/edit': () =>
        saveFails
          ? json(
              { status: 'error', message: ['CostValidate[9]: there is no such item', 'Try again'] },
              400,
            )
          : json({ status: 'success' }),
      ...LOOKUPS,
    });
    page();
    await openModal();
    await find('.fm-cost__validation');
    expect(document.querySelector('.fm-cost__approve')).toBeNull();
    expect(text(await find('.fm-cost__hint'))).toBe(
      'Save at least one capex validation answer to approve.',
    );
    const save = await byText<HTMLButtonElement>('button', 'Save validation');
    expect(save.disabled).toBe(true);
    // The button and its outcome share a full-width row, not a grid cell the button fills.
    expect(save.parentElement?.className).toBe('fm-cost__validation-save');
    fill(await field<HTMLSelectElement>('Business case attached'), '1');
    await vi.waitFor(() => expect(save.disabled).toBe(false));
    save.click();
    const failure = await find('.fm-cost__validation .fm-alert--danger');
    expect([...failure.querySelectorAll('li')].map((li) => text(li))).toEqual([
      'CostValidate[9]: there is no such item',
      'Try again',
    ]);
    expect(document.querySelector('.fm-cost__approve')).toBeNull();

    saveFails = false;
    save.click();
    await find('.fm-cost__approve');
    const body = new URLSearchParams(
      host.calls.filter((c) => c.path === '/costs_cost_validates/edit')[1]?.body,
    );
    expect(Object.fromEntries(body)).toEqual({
      cost_id: '11',
      budget_code_id: '4',
      cost_type_id: '3',
      'CostValidate[1]': '1',
    });
    expect(text(await find('.fm-cost__validation .fm-alert--success'))).toBe('Validation saved');
  });
});

describe('fm-cost-approval: release, reject, forward, quotation', () => {
  const releaseRoutes = {
    [COSTS_1001]: costsIndex(),
    'GET /api/contractors/index/1/1': CONTRACTORS,
    'GET /api/priorities/index': PRIORITIES,
    'GET /api/budget_codes/index/1': BUDGET_CODES,
    ...LOOKUPS,
  };

  async function openRelease() {
    await openModal();
    (await byText<HTMLButtonElement>('button', 'Release')).click();
    return find<HTMLButtonElement>('.fm-job-actions__submit');
  }

  it('offers primary contractors first, none chosen, the configured priorities and Non-Contract preselected', async () => {
    fakeHost(releaseRoutes);
    page('', { releasePriorities: [1, 2, 3] });
    await openRelease();
    const contractor = await field<HTMLSelectElement>('Contractor');
    expect([...contractor.options].map((o) => o.textContent)).toEqual([
      'Choose…',
      'Northern Mechanical Ltd',
      'Pennine Electrical Services',
      'Aire Valley Plumbing',
    ]);
    // The primary contractor under its group's heading, not "(primary)" after its name.
    expect(
      [...contractor.querySelectorAll('optgroup')].map((group) => [
        group.label,
        [...group.querySelectorAll('option')].map((o) => o.textContent),
      ]),
    ).toEqual([
      ['Primary contractors', ['Northern Mechanical Ltd']],
      ['Other contractors', ['Pennine Electrical Services', 'Aire Valley Plumbing']],
    ]);
    // docs/requirements.md §2 preselects the budget code only: the contractor is the user's to
    // choose.
    expect(contractor.value).toBe('');
    const priority = await field<HTMLSelectElement>('Priority');
    expect([...priority.options].map((o) => o.value)).toEqual(['', '1', '2', '3']);
    // The job's own priority (P2), which the release offers, is preselected.
    expect(priority.selectedOptions[0]?.textContent).toBe('P2 Urgent (24 hours)');
    expect((await field<HTMLSelectElement>('Budget code')).value).toBe('1');
    expect(
      text(await field('Order Number (required)').then((input) => input.labels?.[0] ?? null)),
    ).toBe('Order Number (required)');
  });

  it('keeps Priority at "Choose…" when the job has a priority the release does not offer, or none', async () => {
    for (const priorityId of [5, null]) {
      fakeHost({
        ...releaseRoutes,
        [COSTS_1001]: costsIndex({ job: { priority_id: priorityId } }),
      });
      page('', { releasePriorities: [1, 2, 3] });
      await openRelease();
      const priority = await field<HTMLSelectElement>('Priority');
      expect(priority.value).toBe('');
      expect(priority.selectedOptions[0]?.textContent).toBe('Choose…');
    }
  });

  it('requires the Order Number when the job has none, asks for it there, and sends nothing', async () => {
    const host = fakeHost(releaseRoutes);
    page();
    const submit = await openRelease();
    fill(await field<HTMLSelectElement>('Contractor'), '20');
    fill(await field<HTMLSelectElement>('Priority'), '2');
    submit.focus();
    submit.click();
    const input = await field('Order Number (required)');
    await vi.waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(text(document.getElementById(input.getAttribute('aria-describedby') ?? ''))).toBe(
      'Enter the Order Number: the job has none, and a release needs one.',
    );
    // The field at fault takes the focus, not the button.
    await vi.waitFor(() => expect(document.activeElement).toBe(input));
    expect(host.sent('POST /api/jobs/duplicate/1001')).toHaveLength(0);
    expect(document.body.textContent).not.toContain('please update the original job');
  });

  it('refuses a release without a chosen contractor: the error under the field, focus on it', async () => {
    const host = fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/duplicate/1001': { status: 'success', message: 'Job Released', job_id: 1251 },
    });
    page();
    const submit = await openRelease();
    const contractor = await field<HTMLSelectElement>('Contractor');
    expect(contractor.value).toBe('');
    fill(await field<HTMLSelectElement>('Priority'), '2');
    fill(await field('Order Number (required)'), 'PO-5');
    submit.focus();
    submit.click();
    await vi.waitFor(() => expect(contractor.getAttribute('aria-invalid')).toBe('true'));
    expect(text(document.getElementById(contractor.getAttribute('aria-describedby') ?? ''))).toBe(
      'Choose a contractor',
    );
    // Focus moves once the error has rendered, a render later on a busy machine.
    await vi.waitFor(() => expect(document.activeElement).toBe(contractor));
    await sleep(20);
    expect(host.sent('POST /api/jobs/duplicate/1001')).toHaveLength(0);

    fill(contractor, '22');
    submit.click();
    await vi.waitFor(() => expect(host.sent('POST /api/jobs/duplicate/1001')).toHaveLength(1));
    expect(host.sent('POST /api/jobs/duplicate/1001')[0]).toMatchObject({
      Job: { contractor_id: 22, priority_id: 2, budget_code_id: 1, client_reference_2: 'PO-5' },
    });
  });

  it('moves focus into a panel as it opens, and to the first field at fault on a failed check', async () => {
    fakeHost(releaseRoutes);
    page();
    await openModal();
    const release = await byText<HTMLButtonElement>('button', 'Release');
    release.focus();
    release.click();
    const contractor = await field<HTMLSelectElement>('Contractor');
    await vi.waitFor(() => expect(document.activeElement).toBe(contractor));
    fill(await field<HTMLSelectElement>('Contractor'), '');
    (await find<HTMLButtonElement>('.fm-job-actions__submit')).click();
    // Contractor and Order Number are missing: the first of them takes the focus.
    await vi.waitFor(() => expect(contractor.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(contractor);

    for (const [name, submitLabel, error] of [
      ['Reject', 'Reject job', 'Write a message'],
      ['Forward', 'Forward job', 'Write a message'],
      ['Create Quotation', 'Request quotation', 'Describe the work to quote for'],
    ] as const) {
      const opener = await byText<HTMLButtonElement>('button', name);
      opener.focus();
      opener.click();
      const first = await vi.waitFor(() => {
        const panel = document.getElementById(opener.getAttribute('aria-controls') ?? '');
        const control = panel?.querySelector('textarea');
        if (!control) throw new Error(`${name} not open`);
        return control;
      });
      await vi.waitFor(() => expect(document.activeElement).toBe(first));
      fill(first, '');
      const submit = await byText<HTMLButtonElement>('button', submitLabel);
      submit.focus();
      submit.click();
      await vi.waitFor(() => expect(text(document.querySelector('.fm-field-error'))).toBe(error));
      await vi.waitFor(() => expect(document.activeElement).toBe(first));
    }
  });

  it("releases with the Order Number: one request however often it is clicked, then 'Job Released'", async () => {
    const host = fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/duplicate/1001': { status: 'success', message: 'Job Released', job_id: 1251 },
      [SHOW_1001]: RELEASED_1001,
    });
    const released = vi.fn();
    document.addEventListener('fm-job-released', (event) => released(event.detail), { once: true });
    page();
    const submit = await openRelease();
    fill(await field<HTMLSelectElement>('Contractor'), '21');
    fill(await field<HTMLSelectElement>('Priority'), '3');
    fill(await field('Order Number (required)'), ' PO-777 ');
    for (let click = 0; click < 10; click++) submit.click();
    // What the release did: to whom, which priority, which Order Number, and the new job.
    await vi.waitFor(() =>
      expect(outcome()).toBe(
        'Job Released. Job 1251 goes to Pennine Electrical Services at priority P3 Routine (5 days) with Order Number PO-777.',
      ),
    );
    const link = document.querySelector<HTMLAnchorElement>('.fm-cost-dialog__outcome a');
    expect(link?.getAttribute('href')).toBe('/jobs/view/1251');
    // The Order Number is one piece, not broken at its hyphen in a narrow dialog.
    expect(
      document.querySelector('.fm-cost-dialog__outcome .fm-job-result__whole')?.textContent,
    ).toBe('PO-777');
    expect(host.sent('POST /api/jobs/duplicate/1001')).toEqual([
      {
        action: 'release',
        Job: { contractor_id: 21, priority_id: 3, budget_code_id: 1, client_reference_2: 'PO-777' },
      },
    ]);
    expect(released).toHaveBeenCalledWith({ jobId: 1001, releasedJobId: 1251 });
    // Read again, the job is released: its summary says so, and only what the lifecycle allows a
    // released job is offered: Create Quotation, not Release, Reject or Forward.
    await vi.waitFor(() => expect(document.querySelector('.fm-job-actions__release')).toBeNull());
    expect(text(await find('.fm-cost-summary'))).toContain('Released');
    expect(
      [...document.querySelectorAll<HTMLButtonElement>('.fm-job-actions__buttons button')].map(
        (button) => [text(button), button.disabled],
      ),
    ).toEqual([['Create Quotation', false]]);
    // The panel whose button had the focus is gone: focus stays in the dialog, on the outcome,
    // and Esc still closes it, giving focus back to the button that opened it.
    expect(document.activeElement).toBe(document.querySelector('.fm-cost-dialog__outcome'));
    (document.activeElement as HTMLElement).blur();
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
    );
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(text(document.activeElement)).toBe('Cost approval');
  });

  it('links the released job within the page portal', async () => {
    fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/duplicate/1001': { status: 'success', message: 'Job Released', job_id: 1251 },
      [SHOW_1001]: RELEASED_1001,
    });
    window.history.pushState({}, '', '/client/jobs/view/1001');
    try {
      page('', { validateClientReference2: false });
      const submit = await openRelease();
      fill(await field<HTMLSelectElement>('Contractor'), '20');
      fill(await field<HTMLSelectElement>('Priority'), '2');
      submit.click();
      const link = await find<HTMLAnchorElement>('.fm-cost-dialog__outcome a');
      expect(link.getAttribute('href')).toBe('/client/jobs/view/1251');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('keeps the job actions locked and says so when the job cannot be read again, until it is', async () => {
    let busy = true;
    fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/duplicate/1001': { status: 'success', message: 'Job Released', job_id: 1251 },
      [SHOW_1001]: () =>
        busy ? json({ status: 'error', message: 'Database busy' }, 500) : json(RELEASED_1001),
    });
    page('', { validateClientReference2: false });
    const submit = await openRelease();
    fill(await field<HTMLSelectElement>('Contractor'), '20');
    fill(await field<HTMLSelectElement>('Priority'), '2');
    submit.click();
    expect(text(await find('.fm-cost-dialog [role="status"].fm-alert--warning'))).toBe(
      'The job could not be read again (Database busy). What shows may be out of date.',
    );
    expect(outcome()).toBe(
      'Job Released. Job 1251 goes to Northern Mechanical Ltd at priority P2 Urgent (24 hours) with no Order Number.',
    );
    expect(submit.isConnected).toBe(false);
    expect(document.querySelector('.fm-job-actions__panel')).toBeNull();
    expect((await byText<HTMLButtonElement>('button', 'Release')).disabled).toBe(true);
    expect((await byText<HTMLButtonElement>('button', 'Reject')).disabled).toBe(true);
    // A released job may still be quoted for (the lifecycle), read again or not.
    expect((await byText<HTMLButtonElement>('button', 'Create Quotation')).disabled).toBe(false);

    busy = false;
    (await byText<HTMLButtonElement>('button', 'Read the job again')).click();
    await vi.waitFor(() => expect(document.querySelector('.fm-alert--warning')).toBeNull());
    expect(outcome()).toBe(
      'Job Released. Job 1251 goes to Northern Mechanical Ltd at priority P2 Urgent (24 hours) with no Order Number.',
    );
  });

  it("starts from the job's own Order Number, and sends the one shown", async () => {
    const host = fakeHost({
      ...releaseRoutes,
      [COSTS_1001]: costsIndex({ job: { client_reference_2: 'PO-4410' } }),
      'POST /api/jobs/duplicate/1001': { status: 'success', message: 'Job Released', job_id: 1251 },
    });
    page();
    const submit = await openRelease();
    fill(await field<HTMLSelectElement>('Contractor'), '20');
    expect((await field<HTMLInputElement>('Order Number')).value).toBe('PO-4410');
    fill(await field<HTMLSelectElement>('Priority'), '2');
    submit.click();
    await vi.waitFor(() => expect(host.sent('POST /api/jobs/duplicate/1001')).toHaveLength(1));
    expect(host.sent('POST /api/jobs/duplicate/1001')[0]).toMatchObject({
      Job: { client_reference_2: 'PO-4410' },
    });
    expect(document.body.textContent).not.toContain('Order Number is a required field');
  });

  it('does not ask for an Order Number when the setting allows empty', async () => {
    const host = fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/duplicate/1001': { status: 'success', message: 'Job Released', job_id: 1251 },
    });
    page('', { validateClientReference2: false });
    const submit = await openRelease();
    fill(await field<HTMLSelectElement>('Contractor'), '20');
    await field('Order Number');
    fill(await field<HTMLSelectElement>('Priority'), '2');
    submit.click();
    await vi.waitFor(() => expect(host.sent('POST /api/jobs/duplicate/1001')).toHaveLength(1));
    expect(host.sent('POST /api/jobs/duplicate/1001')[0]).toEqual({
      action: 'release',
      Job: { contractor_id: 20, priority_id: 2, budget_code_id: 1 },
    });
  });

  it("lists the server's messages when the release fails, and keeps what was typed", async () => {
    fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/duplicate/1001': json(
        { status: 'error', message: ['Job.priority_id: no', 'Job.contractor_id: no'] },
        400,
      ),
    });
    page();
    const submit = await openRelease();
    fill(await field<HTMLSelectElement>('Contractor'), '20');
    fill(await field<HTMLSelectElement>('Priority'), '1');
    fill(await field('Order Number (required)'), 'PO-1');
    submit.click();
    const alert = await find('.fm-job-actions__panel .fm-alert--danger');
    expect([...alert.querySelectorAll('li')].map((li) => text(li))).toEqual([
      'Job.priority_id: no',
      'Job.contractor_id: no',
    ]);
    expect((await field<HTMLInputElement>('Order Number (required)')).value).toBe('PO-1');
    expect(submit.disabled).toBe(false);
    // The refusal names the priority and the contractor: the first of them on the form, the
    // contractor, takes the focus, and the messages are read out.
    await vi.waitFor(async () =>
      expect(document.activeElement).toBe(await field<HTMLSelectElement>('Contractor')),
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
  });

  it('moves the focus to the message when the host refuses a release without naming a field', async () => {
    fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/duplicate/1001': json(
        { status: 'error', message: ORDER_NUMBER_REQUIRED },
        400,
      ),
    });
    page();
    const submit = await openRelease();
    fill(await field<HTMLSelectElement>('Contractor'), '20');
    fill(await field<HTMLSelectElement>('Priority'), '1');
    fill(await field('Order Number (required)'), 'PO-1');
    submit.focus();
    submit.click();
    const alert = await find<HTMLElement>('.fm-job-actions__panel .fm-alert--danger');
    expect(text(alert)).toBe(ORDER_NUMBER_REQUIRED);
    expect(alert.parentElement?.getAttribute('role')).toBe('alert');
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
    expect(alert.tabIndex).toBe(-1);
  });

  it('rejects with a message: the Job and a Note, then closes 1.5 s later', async () => {
    const host = fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/update/1001': { status: 'success', message: 'The job has been rejected' },
      [SHOW_1001]: jobShow(
        { status_id: 12, cancelled: true },
        { Status: { id: 12, name: 'Rejected' } },
      ),
    });
    const rejected = vi.fn();
    document.addEventListener('fm-job-rejected', (event) => rejected(event.detail), { once: true });
    page();
    await openModal();
    (await byText<HTMLButtonElement>('button', 'Reject')).click();
    const submit = await byText<HTMLButtonElement>('button', 'Reject job');
    submit.click();
    expect(text(await find('.fm-field-error'))).toBe('Write a message');
    fill(await field<HTMLTextAreaElement>('Message'), 'Not needed any more');
    submit.click();
    await vi.waitFor(() => expect(outcome()).toBe('The job has been rejected'));
    expect(host.sent('POST /api/jobs/update/1001')).toEqual([
      {
        action: 'reject',
        Job: { id: 1001 },
        Note: {
          description: 'Not needed any more',
          job_id: 1001,
          cost_id: null,
          financial: false,
          internal: false,
        },
      },
    ]);
    expect(rejected).toHaveBeenCalledWith({ jobId: 1001 });
    expect(host.sent('POST /api/mailer/send')).toEqual([]);
    // Rejected, the job takes no job action at all: not even Create Quotation.
    await vi.waitFor(() => expect(document.querySelector('.fm-job-actions__buttons')).toBeNull());
    await closeNow();
    expect(besideButton()).toBe('The job has been rejected');
  });

  async function forwardJob(message: string) {
    page();
    await openModal();
    (await byText<HTMLButtonElement>('button', 'Forward')).click();
    fill(await field<HTMLTextAreaElement>('Message'), message);
    (await byText<HTMLButtonElement>('button', 'Forward job')).click();
  }

  it('forwards with a message as an internal note', async () => {
    const host = fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/update/1001': { status: 'success', message: 'The job has been forwarded' },
      'POST /api/mailer/send': {
        status: 'success',
        message: 'Your message has been sent to the helpdesk',
      },
      [SHOW_1001]: jobShow(),
    });
    const forwarded = vi.fn();
    document.addEventListener('fm-job-forwarded', (event) => forwarded(event.detail), {
      once: true,
    });
    await forwardJob('For the area manager');
    await vi.waitFor(() =>
      expect(outcome()).toBe('The job has been forwarded and the helpdesk has been emailed.'),
    );
    // docs/requirements.md §7 call 10: the helpdesk gets the job and the message.
    expect(host.sent('POST /api/mailer/send')).toEqual([
      {
        job_id: 1001,
        subject: 'Job 1001 forwarded',
        message: 'For the area manager',
        type: 'helpdesk',
      },
    ]);
    expect(host.sent('POST /api/jobs/update/1001')[0]).toEqual({
      action: 'forward',
      Note: {
        description: 'For the area manager',
        job_id: 1001,
        cost_id: null,
        financial: false,
        internal: true,
      },
    });
    expect(forwarded).toHaveBeenCalledWith({ jobId: 1001 });
    // Forwarded, the job still awaits release, but nothing offers to forward it again: the panel
    // is closed and Release, Reject and Forward are off until the modal closes
    // (docs/requirements.md §4), as it then does. A quote may still be asked for (the lifecycle).
    await vi.waitFor(() => expect(document.querySelector('.fm-job-actions__panel')).toBeNull());
    expect(document.querySelector('.fm-job-actions__submit')).toBeNull();
    for (const name of ['Release', 'Reject', 'Forward']) {
      expect((await byText<HTMLButtonElement>('button', name)).disabled).toBe(true);
    }
    expect((await byText<HTMLButtonElement>('button', 'Create Quotation')).disabled).toBe(false);
    expect(document.activeElement).toBe(document.querySelector('.fm-cost-dialog__outcome'));
    await closeNow();
    expect(host.sent('POST /api/jobs/update/1001')).toHaveLength(1);
  });

  it('says the job was forwarded when only the helpdesk email fails', async () => {
    fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/update/1001': { status: 'success', message: 'The job has been forwarded' },
      'POST /api/mailer/send': json({ status: 'error', message: 'Mail server down' }, 503),
      [SHOW_1001]: jobShow(),
    });
    await forwardJob('For the area manager');
    await vi.waitFor(() =>
      expect(outcome()).toBe(
        'The job has been forwarded, but the helpdesk could not be emailed: Mail server down',
      ),
    );
  });

  it('shows a failed reject and keeps the message', async () => {
    fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/update/1001': new Response('<html><body>Sign in</body></html>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      }),
    });
    page();
    await openModal();
    (await byText<HTMLButtonElement>('button', 'Reject')).click();
    fill(await field<HTMLTextAreaElement>('Message'), 'Duplicate');
    (await byText<HTMLButtonElement>('button', 'Reject job')).click();
    const alert = await find('.fm-job-actions__panel .fm-alert--danger');
    await vi.waitFor(() =>
      expect(text(alert)).toBe('Your session has expired. Please sign in again.'),
    );
    expect((await field<HTMLTextAreaElement>('Message')).value).toBe('Duplicate');
    await modalStays();
  });

  it('keeps a half-written Forward or Reject message on the first Esc, says so, and closes on the second', async () => {
    fakeHost(releaseRoutes);
    page();
    const pressEscape = (target: Element) =>
      target.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
    const warning = () => document.querySelector('.fm-job-actions__unsent');
    for (const name of ['Forward', 'Reject']) {
      await openModal();
      (await byText<HTMLButtonElement>('button', name)).click();
      const message = await field<HTMLTextAreaElement>('Message');
      // Nothing typed: Esc closes, as it always has.
      pressEscape(message);
      await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());

      await openModal();
      (await byText<HTMLButtonElement>('button', name)).click();
      const typed = await field<HTMLTextAreaElement>('Message');
      fill(typed, 'Please send someone before Friday');
      pressEscape(typed);
      await vi.waitFor(() =>
        expect(text(warning())).toBe(
          'Your message is not sent. Press Escape again to close without sending it.',
        ),
      );
      expect(warning()?.getAttribute('role')).toBe('alert');
      expect(document.querySelector('[role="dialog"]')).not.toBeNull();
      expect((await field<HTMLTextAreaElement>('Message')).value).toBe(
        'Please send someone before Friday',
      );
      pressEscape(typed);
      await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    }
    // Create Quotation starts from the job's description: only a changed one is held.
    await openModal();
    (await byText<HTMLButtonElement>('button', 'Create Quotation')).click();
    const description = await field<HTMLTextAreaElement>('Description');
    fill(description, 'Quote for a new AHU');
    pressEscape(description);
    await vi.waitFor(() => expect(text(warning())).toMatch(/^Your message is not sent\./));
    fill(description, 'Air handling unit tripping on high pressure');
    pressEscape(description);
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
  });

  it('creates a quotation from a description', async () => {
    const host = fakeHost({
      ...releaseRoutes,
      'POST /api/jobs/duplicate/1001': {
        status: 'success',
        message: 'Quotation Requested',
        job_id: 1252,
      },
      [SHOW_1001]: jobShow(),
    });
    const requested = vi.fn();
    document.addEventListener('fm-quote-requested', (event) => requested(event.detail), {
      once: true,
    });
    page();
    await openModal();
    (await byText<HTMLButtonElement>('button', 'Create Quotation')).click();
    // It starts from the job's description, as alternative quotes do.
    const description = await field<HTMLTextAreaElement>('Description');
    expect(description.value).toBe('Air handling unit tripping on high pressure');
    fill(description, 'Quote for a new AHU');
    (await byText<HTMLButtonElement>('button', 'Request quotation')).click();
    await vi.waitFor(() => expect(outcome()).toBe('Quotation Requested. The quote job is 1252.'));
    expect(host.sent('POST /api/jobs/duplicate/1001')).toEqual([
      { action: 'quote', Job: { description: 'Quote for a new AHU' } },
    ]);
    expect(requested).toHaveBeenCalledWith({ jobId: 1001, quoteJobId: 1252 });
    // The panel has closed, as the others do once sent: the line at the top stays, its link to
    // the new quote job, and Create Quotation (the lifecycle allows another) opens a fresh form.
    await vi.waitFor(() => expect(document.querySelector('.fm-job-actions__panel')).toBeNull());
    expect(document.querySelector('.fm-cost-dialog__outcome a')?.getAttribute('href')).toMatch(
      /\/jobs\/view\/1252$/,
    );
    const create = await byText<HTMLButtonElement>('button', 'Create Quotation');
    expect(create.disabled).toBe(false);
    expect(create.getAttribute('aria-expanded')).toBe('false');
    create.click();
    const fresh = await field<HTMLTextAreaElement>('Description');
    expect(fresh.disabled).toBe(false);
    expect(fresh.value).toBe('Air handling unit tripping on high pressure');
    expect((await byText<HTMLButtonElement>('button', 'Request quotation')).disabled).toBe(false);
  });

  it('says when the release choices cannot be loaded, and loads them again on Retry', async () => {
    let fail = true;
    fakeHost({
      ...releaseRoutes,
      'GET /api/priorities/index': () =>
        fail
          ? json({ status: 'error', message: 'Priorities are unavailable' }, 500)
          : json(PRIORITIES),
    });
    page();
    await openModal();
    (await byText<HTMLButtonElement>('button', 'Release')).click();
    expect(text(await find('.fm-job-actions__panel .fm-alert--danger'))).toBe(
      'Priorities are unavailable',
    );
    fail = false;
    (await byText<HTMLButtonElement>('.fm-job-actions__panel button', 'Retry')).click();
    await field<HTMLSelectElement>('Priority');
    expect(document.querySelector('.fm-job-actions__panel .fm-alert--danger')).toBeNull();
  });

  it('offers the job actions the lifecycle allows: release, reject, forward on type 7 awaiting release only', async () => {
    const offered = () =>
      [...document.querySelectorAll('.fm-job-actions__buttons button')].map((button) =>
        text(button),
      );
    fakeHost({ [COSTS_1001]: costsIndex(), ...LOOKUPS });
    page();
    await openModal();
    await find('.fm-cost__table');
    expect(offered()).toEqual(['Release', 'Reject', 'Forward', 'Create Quotation']);
    // Any other open job may be quoted for; a finished or cancelled one offers no job action.
    for (const [job, expected] of [
      [{ type_id: 1, status_id: 5 }, ['Create Quotation']],
      [{ type_id: 2, status_id: 3 }, ['Create Quotation']],
      [{ type_id: 7, status_id: 3 }, ['Create Quotation']],
      [{ type_id: 2, status_id: 8 }, []],
      [{ type_id: 7, status_id: 4, cancelled: true }, []],
    ] as const) {
      fakeHost({ [COSTS_1001]: costsIndex({ job }), ...LOOKUPS });
      page();
      await openModal();
      await find('.fm-cost__table');
      expect(offered()).toEqual(expected);
      if (expected.length === 0) expect(document.body.textContent).not.toContain('Job actions');
    }
  });
});

describe('fm-cost-approval: history, purchase order, engineers', () => {
  it('shows the asset history with its window, and the purchase order', async () => {
    const host = fakeHost({
      [COSTS_1001]: costsIndex(),
      'GET /api/jobs/get_purchase_order/55001/1001': {
        results: { Table1: [{ POPH_Reference: 'POR-104477' }] },
      },
      ...LOOKUPS,
    });
    page('data-external-job-id="55001"');
    await openModal();
    expect(text(await find('.fm-asset-history__count'))).toBe(
      '2 other jobs on this asset in the last 365 days',
    );
    expect(
      [...document.querySelectorAll('.fm-asset-history__jobs li')].map((li) => text(li)),
    ).toEqual([
      'Job 990, 02/06/2026, Complete: Fan belt replaced',
      'Job 991, 15/03/2026, Closed: Annual service',
    ]);
    expect(text(await find('.fm-purchase-order__reference'))).toBe('POR-104477');
    expect(host.calls.some((c) => c.path.endsWith('/days:365'))).toBe(true);
  });

  it("says 'No POR Found in Siclops' when there is no purchase order", async () => {
    fakeHost({
      [COSTS_1001]: costsIndex(),
      'GET /api/jobs/get_purchase_order/1/1001': { results: { Table1: [] } },
      ...LOOKUPS,
    });
    page('data-external-job-id="1"');
    await openModal();
    expect(text(await find('.fm-purchase-order__reference'))).toBe('No POR Found in Siclops');
  });

  it('says when the asset history or purchase order cannot be looked up, and asks again on Retry', async () => {
    let fail = true;
    const failing = (answer: unknown) => () =>
      fail ? json({ status: 'error', message: 'Siclops is down' }, 500) : json(answer);
    const history = Object.values(LOOKUPS)[0];
    fakeHost({
      [COSTS_1001]: costsIndex(),
      'GET /api/jobs/get_purchase_order/55001/1001': failing({
        results: { Table1: [{ POPH_Reference: 'POR-104477' }] },
      }),
      'GET /api/sites/asset_count/job_id:1001/site_id:1/asset_id:1/days:365': failing(history),
    });
    page('data-external-job-id="55001"');
    await openModal();
    for (const section of ['.fm-asset-history', '.fm-purchase-order']) {
      expect(text(await find(`${section} [role="alert"]`))).toBe('Siclops is down');
    }
    fail = false;
    (await find<HTMLButtonElement>('button[aria-label="Retry the asset history"]')).click();
    (await find<HTMLButtonElement>('button[aria-label="Retry the purchase order"]')).click();
    expect(text(await find('.fm-purchase-order__reference'))).toBe('POR-104477');
    expect(text(await find('.fm-asset-history__count'))).toBe(
      '2 other jobs on this asset in the last 365 days',
    );
    expect(document.querySelector('.fm-cost-dialog .fm-alert--danger')).toBeNull();
  });

  it('says since when an engineer the host lists as assigned has been, not the assignment id', async () => {
    fakeHost({ [COSTS_1001]: costsIndex(), ...LOOKUPS });
    page(
      `data-engineers='[{"id":30,"name":"Liam Carter","assignedId":172,"assigned":"25/11/2026 09:12"}]'`,
    );
    await openModal();
    const row = await find('.fm-engineers__row');
    expect(text(row.querySelector('.fm-engineers__name'))).toBe('Liam Carter');
    expect(text(row.querySelector('.fm-engineers__state'))).toBe('Assigned on 25/11/2026 09:12');
    expect(text(row)).not.toContain('172');
  });

  it('assigns an engineer and shows the assignment, then removes it', async () => {
    const host = fakeHost({
      [COSTS_1001]: costsIndex({ job: { status_id: 3, type_id: 4 } }),
      'POST /api/users/assign_engineer': (call: { body: string }) =>
        json({ assigned_id: (JSON.parse(call.body) as { assign: boolean }).assign ? 17 : null }),
      ...LOOKUPS,
    });
    const assigned = vi.fn();
    document.addEventListener('fm-engineer-assigned', (event) => assigned(event.detail));
    page(`data-engineers='[{"id":30,"name":"Liam Carter"}]'`);
    await openModal();
    (await byText<HTMLButtonElement>('button', 'Assign')).click();
    // Said as a user knows it: never the assignment's id.
    expect(text(await byText('.fm-engineers__state', /Assigned/))).toBe('Assigned just now');
    expect(text(document.querySelector('.fm-engineers'))).not.toContain('17');
    (await byText<HTMLButtonElement>('button', 'Unassign')).click();
    await byText('.fm-engineers__state', 'Not assigned');
    expect(host.sent('POST /api/users/assign_engineer')).toEqual([
      { assign: true, assigned_id: null, job_id: 1001, user_id: 30 },
      { assign: false, assigned_id: 17, job_id: 1001, user_id: 30 },
    ]);
    expect(assigned).toHaveBeenLastCalledWith({ jobId: 1001, userId: 30, assignedId: null });
  });

  it('opened again, says when the engineer assigned in it was assigned, as the page does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 18, 36));
    fakeHost({
      [COSTS_1001]: costsIndex({ job: { status_id: 3, type_id: 4 } }),
      'POST /api/users/assign_engineer': () => json({ assigned_id: 17 }),
      ...LOOKUPS,
    });
    page(`data-engineers='[{"id":33,"name":"Chloe Dixon"},{"id":30,"name":"Liam Carter"}]'`);
    const { button } = await openModal();
    (await find<HTMLButtonElement>('button[aria-label="Assign Chloe Dixon"]')).click();
    await find('button[aria-label="Unassign Chloe Dixon"]');
    const states = () =>
      [...document.querySelectorAll('.fm-engineers__state')].map((state) => text(state));
    expect(states()).toEqual(['Assigned just now', 'Not assigned']);
    (document.querySelector('.fm-dialog__close') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    vi.useRealTimers();
    button.click();
    await find('button[aria-label="Unassign Chloe Dixon"]');
    expect(states()).toEqual(['Assigned on 26/11/2026 18:36', 'Not assigned']);
    // Name and state are apart, also for a screen reader reading the row as one line.
    expect(text(document.querySelector('.fm-engineers__row'))).toBe(
      'Chloe Dixon: Assigned on 26/11/2026 18:36Unassign',
    );
  });

  it('on a job not released yet, Assign is disabled and says why; an engineer on it can be removed', async () => {
    // Job 1001 is Awaiting Release: no engineer's work until the client releases it.
    const host = fakeHost({
      [COSTS_1001]: costsIndex(),
      'POST /api/users/assign_engineer': () => json({ assigned_id: null }),
      ...LOOKUPS,
    });
    page(
      `data-engineers='[{"id":30,"name":"Liam Carter"},{"id":31,"name":"Emma Walsh","assignedId":9}]'`,
    );
    await openModal();
    const assign = await find<HTMLButtonElement>('button[aria-label="Assign Liam Carter"]');
    expect(assign.disabled).toBe(true);
    const reason = document.getElementById(assign.getAttribute('aria-describedby') ?? '');
    expect(text(reason)).toBe(
      'Assigning an engineer is not possible: job 1001 is Awaiting Release.',
    );
    assign.click();
    const unassign = await find<HTMLButtonElement>('button[aria-label="Unassign Emma Walsh"]');
    expect(unassign.disabled).toBe(false);
    unassign.click();
    await vi.waitFor(() =>
      expect(
        [...document.querySelectorAll('.fm-engineers__state')].map((state) => text(state)),
      ).toEqual(['Not assigned', 'Not assigned']),
    );
    expect(host.sent('POST /api/users/assign_engineer')).toEqual([
      { assign: false, assigned_id: 9, job_id: 1001, user_id: 31 },
    ]);
  });
});

describe('fm-cost-approval: its words', () => {
  it("shows the page's and the element's words, its own and the job's shared ones", async () => {
    fakeHost({
      [COSTS_1001]: costsIndex({
        job: { type_id: 1, status_id: 5 },
        costs: [costRecord({ cost_type_id: 3, total: 1517.5, approval_stage: 1 })],
      }),
      ...LOOKUPS,
    });
    page(
      `data-engineers='[{"id":30,"name":"Liam Carter"}]' data-messages='{"costApproval.open": "Decide the costs", "costApproval.assignEngineer": "Put {name} on the job"}'`,
      {
        messages: {
          'costApproval.close': 'Shut',
          'job.quoteNeedsBoth': 'Pick the authoriser and the way first.',
          'job.quoteOf': 'Quotation for {value}',
        },
      },
    );
    const button = await byText<HTMLButtonElement>('button', 'Decide the costs');
    button.click();
    const dialog = await find('[role="dialog"]');
    expect(dialog.querySelector('.fm-dialog__close')?.textContent).toBe('Shut');
    expect(text(await find('.fm-cost__title'))).toBe('Quotation for £1,517.50');
    expect(text(await find('.fm-cost__blockers'))).toBe('Pick the authoriser and the way first.');
    const assign = await find('.fm-engineers__toggle');
    expect(assign.getAttribute('aria-label')).toBe('Put Liam Carter on the job');
    expect(text(assign)).toBe('Assign');
  });
});
