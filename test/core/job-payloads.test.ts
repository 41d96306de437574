import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  assignEngineerRequest,
  type CostValidateItem,
  costUpdateRequest,
  costValidateEditBody,
  costValidateEditRequest,
  jobDuplicateRequest,
  jobUpdateRequest,
} from '../../src/core/contract';
import { mayTake } from '../../src/core/job-lifecycle';
import { ENTER_ORDER_NUMBER, ORDER_NUMBER_REQUIRED } from '../../src/core/job-messages';
import {
  alternativeQuoteErrors,
  approvalBlocker,
  assignEngineerPayload,
  awaitsValidation,
  costName,
  costUpdatePayload,
  costValidatePayload,
  defaultBudgetCode,
  defaultReleasePriority,
  forwardPayload,
  hasAlternativeQuoteErrors,
  hasValidationStatus,
  isOrderNumberRequired,
  isReleasePriority,
  lacksOrderNumber,
  MAX_ALTERNATIVE_QUOTES,
  missingAuthorisation,
  primaryFirst,
  quotePayload,
  rejectPayload,
  releaseErrors,
  releasePayload,
  releasePriorityOptions,
} from '../../src/core/job-payloads';

const form = { contractorId: 21, priorityId: 2, budgetCodeId: 1, orderNumber: '' };

describe('release', () => {
  it('sends the chosen contractor, priority and budget code, and the Order Number when typed', () => {
    expect(releasePayload({ ...form, orderNumber: '  PO-1 ' })).toEqual({
      action: 'release',
      Job: { contractor_id: 21, priority_id: 2, budget_code_id: 1, client_reference_2: 'PO-1' },
    });
    const withoutOrderNumber = releasePayload(form);
    expect(withoutOrderNumber.Job).not.toHaveProperty('client_reference_2');
    expect(v.is(jobDuplicateRequest, withoutOrderNumber)).toBe(true);
  });

  it('refuses to build a payload without a contractor, priority or budget code', () => {
    expect(() => releasePayload({ ...form, contractorId: null })).toThrow(/required/);
  });

  it('requires the Order Number only when the job has none and the setting says so', () => {
    expect(isOrderNumberRequired({ client_reference_2: null }, true)).toBe(true);
    expect(isOrderNumberRequired({ client_reference_2: '  ' }, true)).toBe(true);
    expect(isOrderNumberRequired({ client_reference_2: 'PO-9' }, true)).toBe(false);
    expect(isOrderNumberRequired({ client_reference_2: null }, false)).toBe(false);
    expect(lacksOrderNumber(true, undefined)).toBe(true);
    expect(lacksOrderNumber(true, '  ')).toBe(true);
    expect(lacksOrderNumber(true, 'PO-10')).toBe(false);
    expect(lacksOrderNumber(false, '')).toBe(false);
  });

  it("names each missing field; the Order Number's asks for it (the required message is the host's)", () => {
    expect(releaseErrors(form, true)).toEqual({ orderNumber: ENTER_ORDER_NUMBER });
    expect(ENTER_ORDER_NUMBER).toBe(
      'Enter the Order Number: the job has none, and a release needs one.',
    );
    expect(releaseErrors(form, false)).toEqual({});
    expect(
      releaseErrors(
        { contractorId: null, priorityId: null, budgetCodeId: null, orderNumber: 'x' },
        true,
      ),
    ).toEqual({
      contractorId: 'Choose a contractor',
      priorityId: 'Choose a priority',
      budgetCodeId: 'Choose a budget code',
    });
    expect(ORDER_NUMBER_REQUIRED).toBe(
      'Order Number is a required field, please update the original job then try again.',
    );
  });

  it('offers release, reject and forward on type 7 jobs awaiting release only', () => {
    const releasable = (job: { type_id: number; status_id: number; cancelled: boolean }) =>
      mayTake('release', 'client', job);
    expect(releasable({ type_id: 7, status_id: 4, cancelled: false })).toBe(true);
    expect(releasable({ type_id: 7, status_id: 4, cancelled: true })).toBe(false);
    expect(releasable({ type_id: 7, status_id: 3, cancelled: false })).toBe(false);
    expect(releasable({ type_id: 1, status_id: 4, cancelled: false })).toBe(false);
  });

  it('offers only the configured release priorities, or all when none are configured', () => {
    const priorities = { 3: 'P3', 1: 'P1', 5: 'Quote', 2: 'P2' };
    expect(releasePriorityOptions(priorities, [1, 3])).toEqual([
      { id: 1, name: 'P1' },
      { id: 3, name: 'P3' },
    ]);
    expect(releasePriorityOptions(priorities, []).map((p) => p.id)).toEqual([1, 2, 3, 5]);
    expect(isReleasePriority(5, [1, 3])).toBe(false);
    expect(isReleasePriority(5, [])).toBe(true);
  });

  it("preselects the job's own priority on release only when the release offers it", () => {
    const offered = [
      { id: 1, name: 'P1' },
      { id: 2, name: 'P2' },
    ];
    expect(defaultReleasePriority(2, offered)).toBe(2);
    expect(defaultReleasePriority(5, offered)).toBeNull();
    expect(defaultReleasePriority(null, offered)).toBeNull();
  });

  it('preselects Non-Contract and lists primary contractors first', () => {
    expect(
      defaultBudgetCode([
        { budget_code_id: 5, budget_code_name: 'HVAC' },
        { budget_code_id: 1, budget_code_name: 'Non-Contract' },
      ]),
    ).toBe(1);
    expect(defaultBudgetCode([{ budget_code_id: 5, budget_code_name: 'HVAC' }])).toBeNull();
    const ordered = primaryFirst([
      { user_id: 21, name: 'B', primary: false, status: 2 },
      { user_id: 20, name: 'A', primary: true, status: 1 },
      { user_id: 22, name: 'C', primary: false, status: 2 },
    ]);
    expect(ordered.map((c) => c.user_id)).toEqual([20, 21, 22]);
  });
});

describe('quote', () => {
  it('is a quote request without a contractor and a contractor quote with one', () => {
    expect(quotePayload(' Replace the fan ')).toEqual({
      action: 'quote',
      Job: { description: 'Replace the fan' },
    });
    const alternative = quotePayload('Replace the fan', 22);
    expect(alternative.Job).toEqual({ description: 'Replace the fan', contractor_id: 22 });
    expect(v.is(jobDuplicateRequest, alternative)).toBe(true);
  });
});

describe('reject and forward', () => {
  it('rejects with the job and the reason as a note', () => {
    const payload = rejectPayload(1001, ' Not needed ');
    expect(payload).toEqual({
      action: 'reject',
      Job: { id: 1001 },
      Note: {
        description: 'Not needed',
        job_id: 1001,
        cost_id: null,
        financial: false,
        internal: false,
      },
    });
    expect(v.is(jobUpdateRequest, payload)).toBe(true);
  });

  it('forwards with the message as an internal note and no Job', () => {
    const payload = forwardPayload(1001, 'Please check');
    expect(payload.action).toBe('forward');
    expect(payload).not.toHaveProperty('Job');
    expect(payload.Note).toMatchObject({
      description: 'Please check',
      job_id: 1001,
      internal: true,
    });
  });
});

describe('cost approval', () => {
  const cost = { id: 7, job_id: 1002, cost_type_id: 3 as const };

  it('sends the decision, the authoriser and a financial note on the cost', () => {
    const payload = costUpdatePayload(cost, {
      approved: true,
      authoriserId: 4,
      authorisedVia: 'telephone',
      note: ' ok ',
    });
    expect(payload).toEqual({
      Cost: { id: 7, job_id: 1002, authoriser_id: 4, authorised_via: 'telephone', approved: true },
      Note: { description: 'ok', job_id: 1002, cost_id: 7, financial: true, internal: false },
    });
    expect(v.is(costUpdateRequest, payload)).toBe(true);
    const declined = costUpdatePayload(
      { id: 3, job_id: 1001 },
      {
        approved: false,
        authoriserId: null,
        authorisedVia: null,
        note: '',
      },
    );
    expect(declined.Cost).toMatchObject({
      approved: false,
      authoriser_id: null,
      authorised_via: null,
    });
  });

  it('blocks approving a quote until authoriser and authorised-via are set', () => {
    // One sentence, whatever is missing.
    expect(approvalBlocker(cost, { authoriserId: null, authorisedVia: null })).toBe(
      'To approve or decline this quote, choose the authoriser and how the quote was authorised.',
    );
    expect(approvalBlocker(cost, { authoriserId: 4, authorisedVia: null })).toBe(
      'To approve or decline this quote, choose how the quote was authorised.',
    );
    expect(approvalBlocker(cost, { authoriserId: null, authorisedVia: 'email' })).toBe(
      'To approve or decline this quote, choose the authoriser.',
    );
    expect(approvalBlocker(cost, { authoriserId: 4, authorisedVia: 'email' })).toBeNull();
    expect(missingAuthorisation(cost, { authoriserId: 4, authorisedVia: null })).toEqual([
      'authorisedVia',
    ]);
    expect(
      approvalBlocker({ cost_type_id: 1 }, { authoriserId: null, authorisedVia: null }),
    ).toBeNull();
  });

  it('names a cost by its invoice number, else as a cost or quote of its value', () => {
    expect(costName({ cost_type_id: 1, invoice_number: ' INV-2040 ', total: 158.5 })).toBe(
      'Invoice INV-2040 (£158.50)',
    );
    expect(costName({ cost_type_id: 1, invoice_number: null, total: 1250 })).toBe(
      'Cost of £1,250.00',
    );
    expect(costName({ cost_type_id: 3, invoice_number: '  ', total: 12.4 })).toBe(
      'Quote of £12.40',
    );
  });

  it('knows a capex quote has a validation status once any item has one', () => {
    const item = (status: 0 | 1 | 2 | null): CostValidateItem => ({
      id: 1,
      name: 'x',
      validation: { id: null, status },
    });
    expect(hasValidationStatus([item(null), item(null)])).toBe(false);
    expect(hasValidationStatus([item(null), item(0)])).toBe(true);
    expect(hasValidationStatus([])).toBe(false);
    expect(awaitsValidation({ capex: true }, [item(null)])).toBe(true);
    expect(awaitsValidation({ capex: true }, [item(2)])).toBe(false);
    expect(awaitsValidation({ capex: false }, [item(null)])).toBe(false);
    expect(awaitsValidation({ capex: true }, [])).toBe(false);
  });

  it('saves only the statuses chosen, as the form fields PHP reads', () => {
    const payload = costValidatePayload(cost, 4, { 1: 1, 2: null, 3: 2 });
    expect(payload).toEqual({
      cost_id: 7,
      budget_code_id: 4,
      cost_type_id: 3,
      CostValidate: { 1: 1, 3: 2 },
    });
    expect(v.is(costValidateEditRequest, payload)).toBe(true);
    expect(costValidateEditBody(payload).toString()).toBe(
      'cost_id=7&budget_code_id=4&cost_type_id=3&CostValidate%5B1%5D=1&CostValidate%5B3%5D=2',
    );
  });
});

describe('assign engineer', () => {
  it('assigns without an assignment id and removes one with it', () => {
    expect(assignEngineerPayload(1001, 30, null)).toEqual({
      assign: true,
      assigned_id: null,
      job_id: 1001,
      user_id: 30,
    });
    const removal = assignEngineerPayload(1001, 30, 12);
    expect(removal).toEqual({ assign: false, assigned_id: 12, job_id: 1001, user_id: 30 });
    expect(v.is(assignEngineerRequest, removal)).toBe(true);
  });
});

describe('alternative quotes', () => {
  it('needs a contractor above 0 in every selector, each once, and a description', () => {
    expect(alternativeQuoteErrors('Fan', [20, 21])).toEqual({
      contractors: [undefined, undefined],
    });
    expect(hasAlternativeQuoteErrors(alternativeQuoteErrors('Fan', [20, 21]))).toBe(false);
    const errors = alternativeQuoteErrors(' ', [20, 0, 20]);
    expect(errors).toEqual({
      description: 'Describe the work to quote for',
      contractors: [undefined, 'Choose a contractor', 'This contractor is already chosen'],
    });
    expect(hasAlternativeQuoteErrors(errors)).toBe(true);
    expect(hasAlternativeQuoteErrors(alternativeQuoteErrors('Fan', [0]))).toBe(true);
    expect(MAX_ALTERNATIVE_QUOTES).toBe(3);
  });
});
