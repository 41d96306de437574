import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCurrency } from '../../src/core/format';
import {
  baseUrl,
  browserAvailable,
  clearFaults,
  csrfTokenOf,
  resetDatabase,
  runAxe,
  setFault,
  storedRows,
  useBrowser,
} from './harness';
import { STEP_LIMIT_MS } from './harness-constants';

type JobRow = {
  id: number;
  status_id: number;
  type_id: number;
  due_hours: number;
  due_mins: number;
  due_datetime: string | null;
  contractor_id: number | null;
  priority_id: number | null;
  budget_code_id: number | null;
  client_reference_2: string | null;
  cancelled: number;
};

/** The live regions of `role` in `scope` that say something (an empty one is waiting to speak). */
const spoken = (scope: Locator, role: 'alert' | 'status' = 'alert') =>
  scope.getByRole(role).filter({ hasText: /./ });

const duplicatesOf = (jobId: number) =>
  storedRows<JobRow>('SELECT * FROM jobs WHERE parent_job_id = ? ORDER BY id', jobId);

async function openModal(page: Page, jobId: number) {
  page.setDefaultTimeout(STEP_LIMIT_MS);
  await page.goto(`/client/jobs/view/${jobId}`);
  await page.getByRole('button', { name: 'Cost approval' }).click();
  const dialog = page.getByRole('dialog', { name: `Cost approval: job ${jobId}` });
  await dialog.locator('.fm-cost-summary').waitFor();
  return dialog;
}

/**
 * The controls of `scope` side by side that are out of line: in each row (controls that overlap
 * down the page), each one's top and height against the first's. Labels of two lines above one
 * of them must not push it down.
 */
function controlsOutOfLine(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const boxes = [...root.querySelectorAll('input:not([type="hidden"]), select')].map(
      (control) => ({
        name: control.getAttribute('data-field') ?? control.localName,
        box: control.getBoundingClientRect(),
      }),
    );
    const problems: string[] = [];
    for (const { name, box } of boxes) {
      const first = boxes.find((other) => other.box.top < box.bottom && box.top < other.box.bottom);
      if (!first || first.name === name) continue;
      if (Math.abs(first.box.top - box.top) > 1 || Math.abs(first.box.height - box.height) > 1) {
        problems.push(
          `${name} at ${Math.round(box.top)}, ${Math.round(box.height)} px tall; ${first.name} at ${Math.round(first.box.top)}, ${Math.round(first.box.height)} px`,
        );
      }
    }
    return problems;
  });
}

/** Puts a fresh fm-cost-approval in place of the page's, with extra attributes. */
async function replaceElement(page: Page, attributes: Record<string, string>) {
  await page.locator('fm-cost-approval').evaluate((element, extra) => {
    const fresh = element.cloneNode() as HTMLElement;
    for (const [name, value] of Object.entries(extra)) fresh.setAttribute(name, value);
    element.replaceWith(fresh);
  }, attributes);
}

describe.skipIf(!browserAvailable)('fm-cost-approval on /client/jobs/view', () => {
  const browser = useBrowser();

  beforeEach(async () => {
    await clearFaults();
    await resetDatabase();
  });
  afterEach(clearFaults);

  it('opens an accessible modal (axe-core) and gives focus back on Esc', async () => {
    const { page } = await browser.newPage();
    const dialog = await openModal(page, 1001);
    await dialog.locator('.fm-asset-history__count').waitFor();
    await dialog.locator('.fm-purchase-order__reference').waitFor();
    expect(await dialog.locator('.fm-purchase-order__reference').textContent()).toBe('POR-104477');
    expect(await dialog.locator('.fm-asset-history__count').textContent()).toMatch(
      /other jobs? on this asset in the last 365 days$/,
    );
    expect(await runAxe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cost approval');
  });

  it("asks for a missing Order Number at the field; the host's refusal is the required message", async () => {
    const { page } = await browser.newPage();
    const dialog = await openModal(page, 1001);
    await dialog.getByRole('button', { name: 'Release', exact: true }).click();
    await dialog.getByLabel('Contractor').selectOption('20');
    await dialog.getByLabel('Priority').selectOption('2');
    await dialog.getByRole('button', { name: 'Release job' }).click();
    await expect
      .poll(() => dialog.locator('.fm-field-error').textContent())
      .toBe('Enter the Order Number: the job has none, and a release needs one.');
    // The field at fault has the focus, so typing fills it.
    await page.keyboard.type('PO-1');
    expect(await dialog.getByLabel('Order Number (required)').inputValue()).toBe('PO-1');
    const message =
      'Order Number is a required field, please update the original job then try again.';

    // With the check left to the host (this element's own setting), the host answers the same.
    await page.keyboard.press('Escape');
    await replaceElement(page, { 'data-validate-client-reference2': 'false' });
    await page.getByRole('button', { name: 'Cost approval' }).click();
    await dialog.getByRole('button', { name: 'Release', exact: true }).click();
    await dialog.getByLabel('Contractor').selectOption('20');
    await dialog.getByLabel('Priority').selectOption('2');
    await dialog.getByRole('button', { name: 'Release job' }).click();
    await expect.poll(() => spoken(dialog).textContent()).toBe(message);
    expect(duplicatesOf(1001)).toEqual([]);
  });

  it('releases once with an Order Number however often Release is clicked', async () => {
    const { page } = await browser.newPage();
    const dialog = await openModal(page, 1001);
    await dialog.getByRole('button', { name: 'Release', exact: true }).click();
    await dialog.getByLabel('Contractor').selectOption('21');
    await dialog.getByLabel('Priority').selectOption('3');
    expect(await dialog.getByLabel('Budget code').inputValue()).toBe('1');
    await dialog.getByLabel('Order Number (required)').fill('PO-9911');
    expect(await runAxe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Release job' }).evaluate((button: HTMLElement) => {
      for (let click = 0; click < 10; click++) button.click();
    });
    const [released, ...more] = await expect
      .poll(() => duplicatesOf(1001))
      .toHaveLength(1)
      .then(() => duplicatesOf(1001));
    expect(more).toEqual([]);
    const outcome = dialog.locator('.fm-cost-dialog__outcome');
    await expect
      .poll(() => outcome.textContent())
      .toBe(
        `Job Released. Job ${released?.id} goes to Pennine Electrical Services at priority P3 Routine (5 days) with Order Number PO-9911.`,
      );
    const did =
      'to Pennine Electrical Services, priority P3 Routine (5 days), Order Number PO-9911';
    expect(await outcome.getByRole('link').getAttribute('href')).toBe(
      `/client/jobs/view/${released?.id}`,
    );
    // Read again, the released job offers no more job actions; the page behind says Released,
    // and what the release did.
    await dialog
      .getByRole('button', { name: 'Release', exact: true })
      .waitFor({ state: 'detached' });
    expect(await dialog.locator('.fm-cost-summary').textContent()).toContain('Released');
    const summary = page.locator('#job-summary .job-released');
    await expect.poll(() => summary.textContent()).toBe(`Released as job ${released?.id} ${did}.`);
    // The panel whose button had the focus is gone: the focus is on what happened, in the dialog,
    // and Esc still closes it.
    expect(await outcome.evaluate((line) => document.activeElement === line)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cost approval');
    // The new job's own page: its choices, and its due date from its priority (5 days).
    await summary.getByRole('link').click();
    await page.waitForURL(`**/client/jobs/view/${released?.id}`);
    const row = (label: string) =>
      page
        .locator('#job-summary dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]')
        .textContent();
    expect(await row('Contractor')).toBe('Pennine Electrical Services');
    expect(await row('Priority')).toBe('P3 Routine (5 days)');
    expect(await row('Order Number')).toBe('PO-9911');
    const [logged, due] = [await row('Logged'), await row('Due')];
    const day = (shown: string | null) => {
      const [d, m, y] = (shown ?? '').slice(0, 10).split('/').map(Number);
      return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0) / 86_400_000;
    };
    expect(day(due) - day(logged)).toBe(5);
    expect(due?.slice(11)).toBe(logged?.slice(11));
    expect(storedRows('SELECT status_id FROM jobs WHERE id = 1001')).toEqual([{ status_id: 3 }]);
    // After a reload it stays released and cannot be released again.
    const again = await openModal(page, 1001);
    await again.locator('.fm-cost-dialog__section h3').first().waitFor();
    expect(await again.getByRole('button', { name: 'Release', exact: true }).count()).toBe(0);
    const answer = (await (await fetch(`${baseUrl}/api/jobs/show/${released?.id}/1`)).json()) as {
      job: { Job: JobRow };
    };
    expect(answer.job.Job).toMatchObject({
      status_id: 3,
      type_id: 4,
      due_hours: 0,
      due_mins: 0,
      contractor_id: 21,
      priority_id: 3,
      budget_code_id: 1,
      client_reference_2: 'PO-9911',
    });
  });

  it('approves a cost: the row leaves and the modal closes', async () => {
    const { page } = await browser.newPage();
    const dialog = await openModal(page, 1001);
    const [cost] = storedRows<{ id: number; total: number }>(
      'SELECT id, total FROM costs WHERE job_id = 1001',
    );
    // Named as its approver knows it, never by the host's id.
    const said = `Cost of ${formatCurrency(cost?.total ?? 0)} approved. No more costs await approval.`;
    await dialog.getByLabel('Note (optional)').fill('Agreed by phone');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.locator('.fm-cost').waitFor({ state: 'detached' });
    expect(await dialog.locator('.fm-cost-dialog__outcome').textContent()).toBe(said);
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('.fm-cost-approval__outcome').textContent()).toBe(said);
    expect(storedRows('SELECT approved FROM costs WHERE id = ?', cost?.id)).toEqual([
      { approved: 1 },
    ]);
    expect(
      storedRows('SELECT description, financial FROM notes WHERE cost_id = ?', cost?.id),
    ).toEqual([{ description: 'Agreed by phone', financial: 1 }]);
  });

  it('on job 1002 approve is impossible until authoriser and authorised-via are set', async () => {
    const { page } = await browser.newPage();
    const dialog = await openModal(page, 1002);
    const approve = dialog.getByRole('button', { name: 'Approve' });
    expect(await approve.isDisabled()).toBe(true);
    expect(await runAxe(page)).toEqual([]);
    await dialog.getByRole('combobox', { name: 'Authoriser' }).fill('Pri');
    await dialog.getByRole('option', { name: 'Priya Patel' }).click();
    expect(await approve.isDisabled()).toBe(true);
    await dialog.getByLabel('Authorised via').selectOption('email');
    await expect.poll(() => approve.isDisabled()).toBe(false);
    await approve.click();
    await dialog.waitFor({ state: 'detached' });
    expect(
      storedRows('SELECT approved, authoriser_id, authorised_via FROM costs WHERE job_id = 1002'),
    ).toEqual([{ approved: 1, authoriser_id: 4, authorised_via: 'email' }]);
  });

  it('on job 1003 approve appears only after a validation status is saved', async () => {
    const { page } = await browser.newPage();
    const dialog = await openModal(page, 1003);
    await dialog.locator('.fm-cost__validation').waitFor();
    expect(await runAxe(page)).toEqual([]);
    // At 1280 px the checklist's selects stand in line under labels of one or two lines, and the
    // Authoriser's field is as tall as the Authorised via select beside it.
    expect(page.viewportSize()?.width).toBe(1280);
    expect(await controlsOutOfLine(dialog.locator('.fm-cost__validation'))).toEqual([]);
    expect(await controlsOutOfLine(dialog.locator('.fm-cost__authorisation'))).toEqual([]);
    expect(await dialog.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await dialog.getByLabel('Business case attached').selectOption('1');
    await dialog.getByRole('button', { name: 'Save validation' }).click();
    await dialog.getByRole('button', { name: 'Approve' }).waitFor();
    expect(
      storedRows('SELECT cost_validate_item_id, status FROM cost_validations ORDER BY id'),
    ).toEqual([{ cost_validate_item_id: 1, status: 1 }]);
  });

  it('rejects job 1001: status 12, cancelled, the modal closes and the whole page follows', async () => {
    const { page } = await browser.newPage();
    const dialog = await openModal(page, 1001);
    // What the page offers on a job awaiting release.
    const offered = async () => ({
      alternativeQuotes: await page.locator('#job-alternative-quote fm-alternative-quote').count(),
      addCost: await page.locator('#job-cost-add fm-cost-form').count(),
      edit: await page.getByRole('link', { name: 'Edit job' }).count(),
      delete: await page.getByRole('link', { name: 'Delete job' }).count(),
    });
    expect(await offered()).toEqual({ alternativeQuotes: 1, addCost: 1, edit: 1, delete: 1 });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByLabel('Message').fill('Not needed any more');
    await dialog.getByRole('button', { name: 'Reject job' }).click();
    await expect
      .poll(() => spoken(dialog, 'status').last().textContent())
      .toBe('The job has been rejected');
    await dialog.waitFor({ state: 'detached' });
    expect(storedRows('SELECT status_id, cancelled FROM jobs WHERE id = 1001')).toEqual([
      { status_id: 12, cancelled: 1 },
    ]);
    // Without a reload, every part of the page says what a rejected job allows (the lifecycle):
    // no alternative quotes, no cost to add, no edit; Delete stays.
    await expect.poll(offered).toEqual({ alternativeQuotes: 0, addCost: 0, edit: 0, delete: 1 });
    expect(await page.locator('#approval-lead').textContent()).toBe(
      'Job 1001 is cancelled: its costs can no longer be approved or declined.',
    );
    await page.reload();
    expect(await offered()).toEqual({ alternativeQuotes: 0, addCost: 0, edit: 0, delete: 1 });
  });

  it('leaves a part of the page the action did not change alone: what was typed in it stays', async () => {
    const { page } = await browser.newPage();
    await page.goto('/client/jobs/view/1001');
    const invoice = page.locator('#job-cost-add').getByLabel('Invoice number');
    await invoice.fill('INV-TYPED');
    await page.getByRole('button', { name: 'Cost approval' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cost approval: job 1001' });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await page.locator('.fm-cost').waitFor({ state: 'detached' });
    // The summary follows (the cost is decided); the cost form was not rebuilt.
    await expect.poll(() => page.locator('#job-summary .job-awaiting li').count()).toBe(0);
    expect(await invoice.inputValue()).toBe('INV-TYPED');
  });

  it('shows every failure clearly and keeps what the user typed', async () => {
    const { page } = await browser.newPage();
    page.setDefaultTimeout(STEP_LIMIT_MS);
    await page.goto('/client/jobs/view/1001');
    // The page's fm-alternative-quote loads the same job first.
    await page.locator('.fm-alt-quote__form').waitFor();
    await setFault({ path: '/api/costs/index/1001', fault: '500', times: 1 });
    await page.getByRole('button', { name: 'Cost approval' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => spoken(dialog).textContent()).toMatch(/.+/);
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await dialog.locator('.fm-cost-summary').waitFor();

    await setFault({ path: '/api/costs/update', fault: 'login', times: 1 });
    await dialog.getByLabel('Note (optional)').fill('Typed note');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => spoken(dialog.locator('.fm-cost')).textContent())
      .toBe('Error: Your session has expired. Please sign in again.');
    expect(await dialog.getByLabel('Note (optional)').inputValue()).toBe('Typed note');
    expect(await dialog.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(false);

    await setFault({ path: '/api/jobs/duplicate', fault: 'malformed', times: 1 });
    await dialog.getByRole('button', { name: 'Release', exact: true }).click();
    await dialog.getByLabel('Contractor').selectOption('20');
    await dialog.getByLabel('Priority').selectOption('1');
    await dialog.getByLabel('Order Number (required)').fill('PO-1');
    await dialog.getByRole('button', { name: 'Release job' }).click();
    await expect
      .poll(() => spoken(dialog.locator('.fm-job-actions__panel')).textContent())
      .toBe('The server sent a response that could not be read.');
    expect(await dialog.getByLabel('Order Number (required)').inputValue()).toBe('PO-1');

    await page.keyboard.press('Escape');
    await replaceElement(page, { 'data-timeout': '1000' });
    await setFault({ path: '/api/jobs/update', fault: 'timeout', times: 1 });
    await page.getByRole('button', { name: 'Cost approval' }).click();
    await dialog.getByRole('button', { name: 'Forward', exact: true }).click();
    await dialog.getByLabel('Message').fill('Please look at this');
    await dialog.getByRole('button', { name: 'Forward job' }).click();
    await expect
      .poll(() => spoken(dialog.locator('.fm-job-actions__panel')).textContent())
      .toBe('The server took too long to respond. Please try again.');
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Please look at this');
  });

  it('shows an API string with markup as text', async () => {
    const { page } = await browser.newPage();
    await page.goto('/client/jobs/view/1001');
    const hostile = '<img src=x onerror="window.__hacked = true">';
    const token = await csrfTokenOf(page);
    const jobId = await page.evaluate(
      async ({ csrf, description }) => {
        const response = await fetch('/api/jobs/duplicate/1001', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify({ action: 'quote', Job: { description } }),
        });
        return ((await response.json()) as { job_id: number }).job_id;
      },
      { csrf: token, description: hostile },
    );
    expect(jobId).toBeGreaterThan(1001);
    const dialog = await openModal(page, jobId);
    expect(await dialog.locator('.fm-cost-summary').textContent()).toContain(hostile);
    expect(await dialog.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __hacked?: boolean }).__hacked)).toBeUndefined();
  });

  it('fits a 360 px phone: no sideways scroll, each cost value shown as a labelled pair', async () => {
    const { page } = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const dialog = await openModal(page, 1001);
    const box = dialog.locator('.fm-dialog__body');
    const widths = await box.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.page).toBeLessThanOrEqual(360);
    const total = dialog.locator('.fm-cost__table tbody td[data-label="Total"]').first();
    const place = await total.boundingBox();
    expect(place && place.x + place.width).toBeLessThanOrEqual(360);
    expect(await total.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
      '"Total"',
    );
    const approve = dialog.getByRole('button', { name: 'Approve' });
    const button = await approve.boundingBox();
    expect(button && button.x + button.width).toBeLessThanOrEqual(360);
    expect(button?.height).toBeGreaterThanOrEqual(44);
    // The title wraps, if it must, before "job 1001": never inside it.
    const lines = await dialog.locator('.fm-dialog__title').evaluate((title) => {
      const words = 'job 1001';
      const at = (title.textContent ?? '').indexOf(words);
      const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let seen = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent?.length ?? 0;
        if (seen <= at && at < seen + length) range.setStart(node, at - seen);
        if (seen < at + words.length && at + words.length <= seen + length) {
          range.setEnd(node, at + words.length - seen);
        }
        seen += length;
      }
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
  });

  it('at 1280 px a decided cost slides away inside the dialog, never past its edge', async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const dialog = await openModal(page, 1001);
    // Slower than the card's removal, so the card is caught mid-slide.
    await page.addStyleTag({ content: '.fm-cost { transition-duration: 2s !important; }' });
    const watching = page.evaluate(
      () =>
        new Promise<{ seen: number; overflow: number; outside: number }>((resolve) => {
          const body = document.querySelector('.fm-dialog__body') as HTMLElement;
          const box = (document.querySelector('.fm-dialog') as HTMLElement).getBoundingClientRect();
          const found = { seen: 0, overflow: 0, outside: 0 };
          const look = () => {
            const card = document.querySelector('.fm-cost--leaving');
            if (!card) {
              if (found.seen > 0) resolve(found);
              else requestAnimationFrame(look);
              return;
            }
            found.seen += 1;
            found.overflow = Math.max(found.overflow, body.scrollWidth - body.clientWidth);
            const rect = card.getBoundingClientRect();
            const y = (Math.max(rect.top, box.top) + Math.min(rect.bottom, box.bottom)) / 2;
            // What shows just inside and just past the dialog's right edge is never the card.
            for (const x of [box.right - 2, box.right + 2]) {
              if (card.contains(document.elementFromPoint(x, y))) found.outside += 1;
            }
            requestAnimationFrame(look);
          };
          look();
        }),
    );
    await dialog.getByRole('button', { name: 'Decline' }).first().click();
    const found = await watching;
    expect(found.seen).toBeGreaterThan(3);
    expect(found.overflow).toBe(0);
    expect(found.outside).toBe(0);
  });

  for (const width of [1280, 360]) {
    it(`at ${width} px, each engineer row reads name, then state under it, its button placed alike`, async () => {
      const { page } = await browser.newPage({
        viewport: { width, height: width === 360 ? 740 : 800 },
      });
      const dialog = await openModal(page, 1004);
      const rows = dialog.locator('.fm-engineers__row');
      await expect.poll(() => rows.count()).toBeGreaterThan(2);
      const boxes = await rows.evaluateAll((items) =>
        items.map((row) => {
          const box = (selector: string) => {
            const found = row.querySelector(selector)?.getBoundingClientRect();
            if (!found) throw new Error(`no ${selector}`);
            return found;
          };
          const [name, state, button] = [
            box('.fm-engineers__name'),
            box('.fm-engineers__state'),
            box('button'),
          ];
          const own = row.getBoundingClientRect();
          return {
            stateUnderName: state.top >= name.bottom - 1 && Math.abs(state.left - name.left) < 1,
            textLeftOfButton: Math.max(name.right, state.right) <= button.left,
            buttonGap: own.right - button.right,
            buttonCentred: Math.abs(button.top + button.height / 2 - (own.top + own.height / 2)),
          };
        }),
      );
      for (const row of boxes) {
        expect(row).toMatchObject({ stateUnderName: true, textLeftOfButton: true });
        expect(row.buttonCentred).toBeLessThan(2);
        // Every button ends where the others do: none wraps onto a line of its own.
        expect(row.buttonGap).toBeCloseTo(boxes[0]?.buttonGap ?? -1, 0);
      }
    });
  }

  for (const width of [1280, 360]) {
    it(`at ${width} px, an opened job-action panel is in view with its first field focused`, async () => {
      const { page } = await browser.newPage({
        viewport: { width, height: width === 360 ? 740 : 800 },
      });
      const dialog = await openModal(page, 1001);
      // A decided cost leaves its outcome at the top of the modal: it must not cover a heading.
      await dialog.getByRole('button', { name: 'Decline' }).first().click();
      await expect
        .poll(() => dialog.locator('.fm-cost-dialog__outcome').textContent())
        .toMatch(/declined/);
      await dialog.locator('.fm-cost--leaving').waitFor({ state: 'detached' });
      for (const [name, heading, first] of [
        ['Release', 'Release the job', 'Contractor'],
        ['Forward', 'Forward the job', 'Message'],
        ['Reject', 'Reject the job', 'Message'],
        ['Create Quotation', 'Create Quotation', 'Description'],
      ] as const) {
        await dialog.getByRole('button', { name, exact: true }).click();
        const panel = dialog.locator('.fm-job-actions__panel');
        await expect
          .poll(() => panel.getByLabel(first).evaluate((field) => document.activeElement === field))
          .toBe(true);
        // The heading and the focused field are on screen, nothing lies over the heading, and
        // the dialog's title stays in view (only the dialog's body scrolls).
        for (const shown of [
          dialog.locator('.fm-dialog__title'),
          panel.getByRole('heading', { name: heading }),
          panel.getByLabel(first),
        ]) {
          expect(
            await shown.evaluate((element) => {
              const box = element.getBoundingClientRect();
              const hit = document.elementFromPoint(box.x + 4, box.y + box.height / 2);
              return box.top >= 0 && box.bottom <= window.innerHeight && element.contains(hit);
            }),
          ).toBe(true);
        }
      }
    });
  }

  it('keeps the title and × in view on a 360 px phone after a release far down the modal', async () => {
    const { page } = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const dialog = await openModal(page, 1001);
    await dialog.getByRole('button', { name: 'Release', exact: true }).click();
    await dialog.getByLabel('Contractor').selectOption('20');
    await dialog.getByLabel('Priority').selectOption('2');
    await dialog.getByLabel('Order Number (required)').fill('PO-360');
    await dialog.getByRole('button', { name: 'Release job' }).click();
    await dialog
      .getByRole('button', { name: 'Release', exact: true })
      .waitFor({ state: 'detached' });
    const inView = (locator: Locator) =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return box.top >= 0 && box.bottom <= window.innerHeight && element.contains(hit);
      });
    expect(await inView(dialog.locator('.fm-dialog__title'))).toBe(true);
    expect(await inView(dialog.getByRole('button', { name: 'Close' }))).toBe(true);
    expect(await inView(dialog.locator('.fm-cost-dialog__outcome'))).toBe(true);
    expect(
      await dialog
        .locator('.fm-cost-dialog__outcome')
        .evaluate((line) => document.activeElement === line),
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
