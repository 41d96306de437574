/**
 * The bodies of the job and cost writes (docs/requirements.md §4, §5, §7: calls 5, 6, 7, 9 and 11)
 * and the rules that decide whether one may be sent, which the reference host applies too. Pure, so
 * every payload and rule is tested without a DOM. Their words are the catalog's (messages.json,
 * job-messages.ts): a rule that words what it finds takes them last, the host leaving them to the
 * defaults.
 */

import {
  type AssignEngineerRequest,
  type AuthorisedVia,
  type BudgetCode,
  COST_TYPE,
  type Contractor,
  type Cost,
  type CostUpdateRequest,
  type CostValidateEditRequest,
  type CostValidateItem,
  type Job,
  type JobQuoteRequest,
  type JobReleaseRequest,
  type JobUpdateRequest,
  type MailerSendRequest,
  type PriorityListResponse,
} from './contract';
import { formatCurrency } from './format/money';
import { type JobWords, type QuoteAuthorisationField, quoteNeeds } from './job-messages';
import messages from './messages';

/** The budget code preselected on release. */
export const NON_CONTRACT = 'Non-Contract'; // docs/requirements.md §2

/**
 * docs/requirements.md §5: required when the job has no client_reference_2 and the setting
 * disallows empty.
 */
export function isOrderNumberRequired(
  job: Pick<Job, 'client_reference_2'>,
  validateClientReference2: boolean,
): boolean {
  return validateClientReference2 && !job.client_reference_2?.trim();
}

export interface ReleaseForm {
  contractorId: number | null;
  priorityId: number | null;
  budgetCodeId: number | null;
  orderNumber: string;
}

export type ReleaseErrors = Partial<Record<keyof ReleaseForm, string>>;

/** What stops a release being sent, by field, in `words` (empty when it may be sent). */
export function releaseErrors(
  form: ReleaseForm,
  orderNumberRequired: boolean,
  { job: words }: JobWords = messages,
): ReleaseErrors {
  const errors: ReleaseErrors = {};
  if (!form.contractorId) errors.contractorId = words.chooseContractor();
  if (!form.priorityId) errors.priorityId = words.choosePriority();
  if (!form.budgetCodeId) errors.budgetCodeId = words.chooseBudgetCode();
  if (lacksOrderNumber(orderNumberRequired, form.orderNumber)) {
    errors.orderNumber = words.enterOrderNumber();
  }
  return errors;
}

/**
 * docs/requirements.md §5: a release lacks its Order Number when none is typed where one is
 * required.
 */
export function lacksOrderNumber(orderNumberRequired: boolean, typed: string | undefined): boolean {
  return orderNumberRequired && !typed?.trim();
}

/**
 * docs/requirements.md §5: release priorities are limited to the configured list (every one when
 * none is).
 */
export function isReleasePriority(priorityId: number, releasePriorities: readonly number[]) {
  return releasePriorities.length === 0 || releasePriorities.includes(priorityId);
}

/**
 * Call 5, action release. The server makes the duplicate with status 3, type 4 and due values
 * zeroed (docs/requirements.md §4); the Order Number goes as client_reference_2 only when one was
 * typed.
 */
export function releasePayload(form: ReleaseForm): JobReleaseRequest {
  const { contractorId, priorityId, budgetCodeId } = form;
  if (!contractorId || !priorityId || !budgetCodeId) {
    throw new Error('releasePayload: contractor, priority and budget code are required');
  }
  const orderNumber = form.orderNumber.trim();
  return {
    action: 'release',
    Job: {
      contractor_id: contractorId,
      priority_id: priorityId,
      budget_code_id: budgetCodeId,
      ...(orderNumber ? { client_reference_2: orderNumber } : {}),
    },
  };
}

/**
 * Call 5, action quote: a quote request, or with a contractor a contractor quote
 * (docs/requirements.md §4).
 */
export function quotePayload(description: string, contractorId?: number): JobQuoteRequest {
  return {
    action: 'quote',
    Job: {
      description: description.trim(),
      ...(contractorId ? { contractor_id: contractorId } : {}),
    },
  };
}

/** Call 9, action reject: the job (set to status 12, cancelled) and the reason as a note. */
export function rejectPayload(jobId: number, message: string): JobUpdateRequest {
  return {
    action: 'reject',
    Job: { id: jobId },
    Note: {
      description: message.trim(),
      job_id: jobId,
      cost_id: null,
      financial: false,
      internal: false,
    },
  };
}

/** Call 9, action forward: the message as an internal note. */
export function forwardPayload(jobId: number, message: string): JobUpdateRequest {
  return {
    action: 'forward',
    Note: {
      description: message.trim(),
      job_id: jobId,
      cost_id: null,
      financial: false,
      internal: true,
    },
  };
}

export interface CostDecision {
  approved: boolean;
  authoriserId: number | null;
  authorisedVia: AuthorisedVia | null;
  note: string;
}

/** Call 6: the cost's decision with its authoriser, and the note (a financial one). */
export function costUpdatePayload(
  cost: Pick<Cost, 'id' | 'job_id'>,
  decision: CostDecision,
): CostUpdateRequest {
  return {
    Cost: {
      id: cost.id,
      job_id: cost.job_id,
      authoriser_id: decision.authoriserId,
      authorised_via: decision.authorisedVia,
      approved: decision.approved,
    },
    Note: {
      description: decision.note.trim(),
      job_id: cost.job_id,
      cost_id: cost.id,
      financial: true,
      internal: false,
    },
  };
}

export const isQuote = (cost: Pick<Cost, 'cost_type_id'>) => cost.cost_type_id === COST_TYPE.quote;

/**
 * A cost as its approver knows it: by its invoice number, or as a cost or quote of its value (its
 * id is the host's, never shown to a user). The cost modal and the host's job view both name it so.
 */
export function costName(
  cost: Pick<Cost, 'cost_type_id' | 'invoice_number' | 'total'>,
  { job: words }: JobWords = messages,
): string {
  const value = formatCurrency(cost.total);
  const invoice = cost.invoice_number?.trim();
  if (invoice) return words.costWithInvoice({ invoice, value });
  return isQuote(cost) ? words.quoteOf(value) : words.costOf(value);
}

/** Capex quotes carry validation items (docs/requirements.md §4). */
export const needsValidation = (cost: Pick<Cost, 'capex'>, items: readonly CostValidateItem[]) =>
  cost.capex && items.length > 0;

/**
 * docs/requirements.md §4: a capex quote may be approved once at least one validation item has a
 * status.
 */
export function hasValidationStatus(items: readonly CostValidateItem[]): boolean {
  return items.some((item) => item.validation.status !== null);
}

/** docs/requirements.md §4: approving waits for the capex validation to be saved with a status. */
export function awaitsValidation(
  cost: Pick<Cost, 'capex'>,
  items: readonly CostValidateItem[],
): boolean {
  return needsValidation(cost, items) && !hasValidationStatus(items);
}

/**
 * docs/requirements.md §5: what a quote's decision lacks of its authoriser and how it was
 * authorised.
 */
export function missingAuthorisation(
  cost: Pick<Cost, 'cost_type_id'>,
  decision: Pick<CostDecision, 'authoriserId' | 'authorisedVia'>,
): QuoteAuthorisationField[] {
  if (!isQuote(cost)) return [];
  return (['authoriserId', 'authorisedVia'] as const).filter((key) => decision[key] === null);
}

/** Why deciding is not possible yet, as one sentence in the user's words; null when it is. */
export function approvalBlocker(
  cost: Pick<Cost, 'cost_type_id'>,
  decision: Pick<CostDecision, 'authoriserId' | 'authorisedVia'>,
  words: JobWords = messages,
): string | null {
  const missing = missingAuthorisation(cost, decision);
  return missing.length > 0 ? quoteNeeds(missing, words) : null;
}

/** Call 7: the statuses chosen, by item id, with the budget code and the cost type. */
export function costValidatePayload(
  cost: Pick<Cost, 'id' | 'cost_type_id'>,
  budgetCodeId: number | null,
  statuses: Readonly<Record<number, 0 | 1 | 2 | null>>,
): CostValidateEditRequest {
  const CostValidate: Record<string, 0 | 1 | 2> = {};
  for (const [itemId, status] of Object.entries(statuses)) {
    if (status !== null) CostValidate[itemId] = status;
  }
  return {
    cost_id: cost.id,
    budget_code_id: budgetCodeId,
    cost_type_id: cost.cost_type_id,
    CostValidate,
  };
}

/** Call 11: assign an engineer to the job, or remove the assignment `assignedId`. */
export function assignEngineerPayload(
  jobId: number,
  userId: number,
  assignedId: number | null,
): AssignEngineerRequest {
  return { assign: assignedId === null, assigned_id: assignedId, job_id: jobId, user_id: userId };
}

const isPrimary = (contractor: Contractor) => contractor.primary || contractor.status === 1;

/** Primary contractors first (status 1), each group in the server's order. */
export function primaryFirst(contractors: readonly Contractor[]): Contractor[] {
  return [...contractors.filter(isPrimary), ...contractors.filter((c) => !isPrimary(c))];
}

/**
 * A contractor select's options: primary ones first, each under its group's heading rather than
 * with "(primary)" after the name, so that the name alone fills the select on a phone. The two
 * groups are docs/requirements.md §3's primary and secondary contractors.
 */
export function contractorOptions(
  contractors: readonly Contractor[],
  { job: words }: JobWords = messages,
): { value: number; label: string; group: string }[] {
  const primary = words.primaryContractors();
  const other = words.otherContractors();
  return primaryFirst(contractors).map((contractor) => ({
    value: contractor.user_id,
    label: contractor.name,
    group: isPrimary(contractor) ? primary : other,
  }));
}

export interface Option {
  id: number;
  name: string;
}

/**
 * docs/requirements.md §5: only the configured release priorities (every priority when none is
 * configured).
 */
export function releasePriorityOptions(
  priorities: PriorityListResponse,
  releasePriorities: readonly number[],
): Option[] {
  return Object.entries(priorities)
    .map(([id, name]) => ({ id: Number(id), name }))
    .filter((option) => isReleasePriority(option.id, releasePriorities))
    .sort((a, b) => a.id - b.id);
}

/** The job's own priority is preselected on release when the release offers it; else none. */
export function defaultReleasePriority(
  jobPriorityId: number | null,
  offered: readonly Option[],
): number | null {
  return offered.some((option) => option.id === jobPriorityId) ? jobPriorityId : null;
}

/** docs/requirements.md §2: Non-Contract is preselected on release. */
export function defaultBudgetCode(codes: readonly BudgetCode[]): number | null {
  return codes.find((code) => code.budget_code_name === NON_CONTRACT)?.budget_code_id ?? null;
}

/** At most this many contractor selectors on an alternative quote. */
export const MAX_ALTERNATIVE_QUOTES = 3; // docs/requirements.md §9

export interface AlternativeQuoteErrors {
  description?: string;
  /** One entry per selector: why it cannot be sent, or undefined. */
  contractors: (string | undefined)[];
}

/**
 * docs/requirements.md §5: every selector needs a contractor (value above 0); the description is
 * the quote's text so it may not be empty; one contractor is asked once.
 */
export function alternativeQuoteErrors(
  description: string,
  contractorIds: readonly number[],
  { job: words }: JobWords = messages,
): AlternativeQuoteErrors {
  const errors: AlternativeQuoteErrors = {
    contractors: contractorIds.map((id, index) => {
      if (!(id > 0)) return words.chooseContractor();
      if (contractorIds.indexOf(id) !== index) return words.contractorAlreadyChosen();
      return undefined;
    }),
  };
  if (description.trim() === '') errors.description = words.describeTheQuote();
  return errors;
}

export function hasAlternativeQuoteErrors(errors: AlternativeQuoteErrors): boolean {
  return errors.description !== undefined || errors.contractors.some(Boolean);
}

/** docs/requirements.md §7 call 10: the helpdesk's copy of a forwarded job's message. */
export function helpdeskMail(jobId: number, message: string): MailerSendRequest {
  return {
    job_id: jobId,
    subject: `Job ${jobId} forwarded`,
    message: message.trim(),
    type: 'helpdesk',
  };
}
