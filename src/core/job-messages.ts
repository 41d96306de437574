/**
 * The words a user reads about a job's writes: successes, why a form cannot be sent, and the
 * refusals a rule gives (docs/requirements.md §5, §8, word for word where it words them). The
 * widgets show them; the reference host answers with the same constants where it must send the same
 * words. Request bodies are in job-payloads.ts; the rules that choose a message in job-lifecycle.ts
 * (notes, sign-on), job-payloads.ts (release, quotes, decisions) and site-time-rules.ts.
 */

/** docs/requirements.md §8: the successes of release, reject, forward and alternative quotes. */
export const JOB_RELEASED = 'Job Released';
export const JOB_REJECTED = 'The job has been rejected';
export const JOB_FORWARDED = 'The job has been forwarded';
export const ALTERNATIVE_QUOTES_CREATED = 'Alternative Quote(s) Created';
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
export function releasedJobGoes({ contractor, priority, orderNumber }: ReleaseDetails): string {
  return [
    contractor ? `goes to ${contractor}` : 'is released',
    priority ? `at priority ${priority}` : '',
    orderNumber ? `with Order Number ${orderNumber}` : 'with no Order Number',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * "Job 1002 is now released to Northern Mechanical Ltd.": said after a quote's approval released
 * its Quote Required job (job-lifecycle.ts, approveQuote); without the contractor when not known.
 */
export function releasedByApproval(jobId: number, contractor: string | null): string {
  return `Job ${jobId} is now released${contractor ? ` to ${contractor}` : ''}.`;
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
export const ENTER_ORDER_NUMBER =
  'Enter the Order Number: the job has none, and a release needs one.';

/**
 * docs/requirements.md §5, §8: an invoice number the job already has (the cost form, and the host
 * on saving).
 */
export const DUPLICATE_INVOICE = 'Duplicate Invoice Number';

/** What stops a release, a quote or a decision being sent, by the field left empty. */
export const CHOOSE_CONTRACTOR = 'Choose a contractor';
export const CHOOSE_PRIORITY = 'Choose a priority';
export const CHOOSE_BUDGET_CODE = 'Choose a budget code';
export const CONTRACTOR_ALREADY_CHOSEN = 'This contractor is already chosen';
export const DESCRIBE_THE_QUOTE = 'Describe the work to quote for';
export const WRITE_A_MESSAGE = 'Write a message';

/** What a quote's decision still lacks (job-payloads.ts, missingAuthorisation). */
export type QuoteAuthorisationField = 'authoriserId' | 'authorisedVia';
const QUOTE_NEEDS: Readonly<Record<QuoteAuthorisationField, string>> = {
  authoriserId: 'the authoriser',
  authorisedVia: 'how the quote was authorised',
};

/**
 * "To approve or decline this quote, choose the authoriser and how the quote was authorised.":
 * beside a quote's buttons while what docs/requirements.md §5 requires of its decision is missing.
 */
export function quoteNeeds(missing: readonly QuoteAuthorisationField[]): string {
  return `To approve or decline this quote, choose ${missing.map((key) => QUOTE_NEEDS[key]).join(' and ')}.`;
}

/**
 * docs/requirements.md §5, §8: an engineer's note too short (the rule: job-lifecycle.ts,
 * noteError).
 */
export const NOTE_TOO_SHORT = 'You need to fill out the notes field (minimum 8 characters)';

/**
 * The counter beside the notes field, which says the rule the message above words loosely: "More
 * than 8 characters: 3 more", then "More than 8 characters: enough". `short` is
 * job-lifecycle.ts's noteCharactersShort.
 */
export function noteCounter(minimum: number, short: number): string {
  return `More than ${minimum} characters: ${short === 0 ? 'enough' : `${short} more`}`;
}

/** The sign-on rules' refusals (job-lifecycle.ts, signOnRefusal), and call 23's "not signed on". */
export const NOT_SIGNED_ON = 'You are not signed on to this job';
export const ALREADY_SIGNED_ON = 'You are already signed on to this job';
export const SIGN_OFF_BEFORE_REMOTE_FIX = 'Sign off before recording a remote fix';

/** A site time's fields (site-time-rules.ts, siteTimeErrors). */
export const ON_SITE_REQUIRED = 'On site is required';
export const OFF_SITE_BEFORE_ON_SITE = 'The off-site time is before the on-site time';
export const ON_SITE_IN_FUTURE = 'The on-site time is in the future';
export const OFF_SITE_IN_FUTURE = 'The off-site time is in the future';
export const ENGINEERS_INVALID = 'Number of engineers must be a whole number of 1 or more';
export const ENGINEERS_TOO_MANY = 'Number of engineers must be 50 or fewer';
