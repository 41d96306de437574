/**
 * The words a user reads about a job's writes: successes, why a form cannot be sent, and the
 * refusals a rule gives (docs/requirements.md §5, §8, word for word where it words them). Their
 * texts are keys of the catalog (messages.json beside this file, docs/words.md): the widgets show
 * them in the element's words (`useWords(messages)`), and the reference host answers with the
 * defaults, the constants here, where it must send the same words. Request bodies are in
 * job-payloads.ts; the rules that choose a message in job-lifecycle.ts (notes, sign-on),
 * job-payloads.ts (release, quotes, decisions) and site-time-rules.ts.
 */
import messages from './messages';
import { MAX_ENGINEERS } from './site-time-rules';

/**
 * The job's shared words (src/core/messages.json): the compiled defaults, or an element's own
 * (`useWords(messages)`). The functions here and in the rules' modules that build a sentence take
 * them last, the host leaving them to the defaults.
 */
export type JobWords = typeof messages;

/** docs/requirements.md §8: the successes of release, reject, forward and alternative quotes. */
export const JOB_RELEASED = messages.job.released();
export const JOB_REJECTED = messages.job.rejected();
export const JOB_FORWARDED = messages.job.forwarded();
export const ALTERNATIVE_QUOTES_CREATED = messages.job.alternativeQuotesCreated();
/** What a release did, as what went with the new job; null parts are left out. */
export interface ReleaseDetails {
  contractor: string | null;
  priority: string | null;
  orderNumber: string | null;
}

/**
 * "to Northern Mechanical Ltd, priority P2 Urgent (24 hours), Order Number PO-9": said after
 * 'Job Released' in the modal, and on the released job's page.
 */
export function releaseDetails({ contractor, priority, orderNumber }: ReleaseDetails): string {
  return [
    contractor ? `to ${contractor}` : '',
    priority ? `priority ${priority}` : '',
    orderNumber ? `Order Number ${orderNumber}` : 'no Order Number',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * "goes to Northern Mechanical Ltd at priority P2 Urgent (24 hours) with Order Number PO-9": said
 * of the new job in the modal after 'Job Released' (docs/requirements.md §8) ("Job Released. Job
 * 6251 goes to …").
 */
export function releasedJobGoes(
  { contractor, priority, orderNumber }: ReleaseDetails,
  { job: words }: JobWords = messages,
): string {
  return [
    contractor ? words.releasedGoesTo(contractor) : words.releasedGoesIsReleased(),
    priority ? words.releasedGoesAtPriority(priority) : '',
    orderNumber
      ? words.releasedGoesWithOrderNumber(orderNumber)
      : words.releasedGoesWithNoOrderNumber(),
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * "Job 1002 is now released to Northern Mechanical Ltd.": said after a quote's approval released
 * its Quote Required job (job-lifecycle.ts, approveQuote); without the contractor when not known.
 */
export function releasedByApproval(
  jobId: number,
  contractor: string | null,
  { job: words }: JobWords = messages,
): string {
  return contractor
    ? words.releasedByApprovalTo({ jobId, contractor })
    : words.releasedByApproval(jobId);
}

/** The success of a quote request (the host's word: docs/requirements.md names none). */
export const QUOTATION_REQUESTED = 'Quotation Requested';

/**
 * docs/requirements.md §5: the host's answer to a release without an Order Number (its release
 * response).
 */
export const ORDER_NUMBER_REQUIRED =
  'Order Number is a required field, please update the original job then try again.';

/**
 * The release form's own check before sending: the field is right there, so it asks for the
 * Order Number rather than sending the user back to the original job as the host's answer does.
 */
export const ENTER_ORDER_NUMBER = messages.job.enterOrderNumber();

/**
 * docs/requirements.md §5, §8: an invoice number the job already has (the cost form, and the host
 * on saving).
 */
export const DUPLICATE_INVOICE = messages.job.duplicateInvoice();

/** What stops a release, a quote or a decision being sent, by the field left empty. */
export const CHOOSE_CONTRACTOR = messages.job.chooseContractor();
export const CHOOSE_PRIORITY = messages.job.choosePriority();
export const CHOOSE_BUDGET_CODE = messages.job.chooseBudgetCode();
export const CONTRACTOR_ALREADY_CHOSEN = messages.job.contractorAlreadyChosen();
export const DESCRIBE_THE_QUOTE = messages.job.describeTheQuote();
export const WRITE_A_MESSAGE = messages.job.writeAMessage();

/** What a quote's decision still lacks (job-payloads.ts, missingAuthorisation). */
export type QuoteAuthorisationField = 'authoriserId' | 'authorisedVia';

/**
 * "To approve or decline this quote, choose the authoriser and how the quote was authorised.":
 * beside a quote's buttons while what docs/requirements.md §5 requires of its decision is missing
 * (at least one of the two).
 */
export function quoteNeeds(
  missing: readonly QuoteAuthorisationField[],
  { job: words }: JobWords = messages,
): string {
  if (!missing.includes('authorisedVia')) return words.quoteNeedsAuthoriser();
  return missing.includes('authoriserId')
    ? words.quoteNeedsBoth()
    : words.quoteNeedsAuthorisedVia();
}

/**
 * docs/requirements.md §5, §8: an engineer's note too short (the rule: job-lifecycle.ts,
 * noteError).
 */
export const NOTE_TOO_SHORT = messages.job.noteTooShort();

/**
 * The counter beside the notes field, which says the rule the message above words loosely: "More
 * than 8 characters: 3 more", then "More than 8 characters: enough". `short` is
 * job-lifecycle.ts's noteCharactersShort.
 */
export function noteCounter(
  minimum: number,
  short: number,
  { job: words }: JobWords = messages,
): string {
  return words.noteCounter({ minimum, short });
}

/** The sign-on rules' refusals (job-lifecycle.ts, signOnRefusal), and call 23's "not signed on". */
export const NOT_SIGNED_ON = messages.job.notSignedOn();
export const ALREADY_SIGNED_ON = messages.job.alreadySignedOn();
export const SIGN_OFF_BEFORE_REMOTE_FIX = messages.job.signOffBeforeRemoteFix();

/** A site time's fields (site-time-rules.ts, siteTimeErrors). */
export const ON_SITE_REQUIRED = messages.siteTime.onSiteRequired();
export const OFF_SITE_BEFORE_ON_SITE = messages.siteTime.offSiteBeforeOnSite();
export const ON_SITE_IN_FUTURE = messages.siteTime.onSiteInFuture();
export const OFF_SITE_IN_FUTURE = messages.siteTime.offSiteInFuture();
export const ENGINEERS_INVALID = messages.siteTime.engineersInvalid();
export const ENGINEERS_TOO_MANY = messages.siteTime.engineersTooMany(MAX_ENGINEERS);
