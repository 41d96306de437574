/**
 * The analytics service's error codes (docs/requirements.md §8) and what the user is told for each.
 * The codes arrive in an `error` event's `errorCode` or `message`, or as the body of a refused
 * load. What the user is told is worded by the element (messages.json).
 */
import type messages from './messages';

// docs/requirements.md §8, word for word.
export const analyticsErrorCodes = [
  'TokenExpired',
  'PowerBIEntityNotFound',
  'Invalid parameters',
  'LoadReportFailed',
  'PowerBINotAuthorizedException',
  'ExplorationContainer_FailedToLoadModel_DefaultDetails',
] as const;

export type AnalyticsErrorCode = (typeof analyticsErrorCodes)[number];

export type ReportWords = (typeof messages)['report'];

/** What the user is told for each code: a word of the element's (messages.json). */
export const userWords = {
  TokenExpired: 'tokenExpired',
  PowerBIEntityNotFound: 'notFound',
  'Invalid parameters': 'invalidParameters',
  LoadReportFailed: 'loadFailed',
  PowerBINotAuthorizedException: 'notAuthorized',
  ExplorationContainer_FailedToLoadModel_DefaultDetails: 'dataNotLoaded',
} as const satisfies Record<AnalyticsErrorCode, keyof ReportWords>;

/** The code of an embed that has had no answer from the service for `noAnswerMs`. */
const NO_ANSWER = 'NoAnswer';

/** Said while an embed has had no answer from the service for `noAnswerMs`. */
export function noAnswer(words: ReportWords): ReportFailure {
  return { code: NO_ANSWER, message: words.noAnswer() };
}

/** How long an embed waits for the service's first answer (loaded or error) before saying so. */
export const noAnswerMs = 10_000;

/** Failures that asking again may mend (a silent or failing service); not a missing right or report. */
const retryableCodes: ReadonlySet<string> = new Set([
  NO_ANSWER,
  'LoadReportFailed',
  'ExplorationContainer_FailedToLoadModel_DefaultDetails',
]);

/** Whether the user is offered Retry: a passing failure, or one the service did not name. */
export function canRetry(failure: ReportFailure): boolean {
  return (
    retryableCodes.has(failure.code) ||
    !(analyticsErrorCodes as readonly string[]).includes(failure.code)
  );
}

export interface ReportFailure {
  /** The code of docs/requirements.md §8 when it is one, else the service's own code or message. */
  code: string;
  /** What the user is told. */
  message: string;
}

interface ServiceError {
  message?: unknown;
  errorCode?: unknown;
  detailedMessage?: unknown;
}

/**
 * Reads an error the service or the library produced (an IError, a list of them, an Error), and
 * says it in `words`.
 */
export function describeFailure(error: unknown, words: ReportWords): ReportFailure {
  const first = (Array.isArray(error) ? error[0] : error) as ServiceError | string | undefined;
  const fields =
    typeof first === 'string'
      ? [first]
      : [first?.errorCode, first?.message, first?.detailedMessage];
  const texts = fields.filter(
    (field): field is string => typeof field === 'string' && field !== '',
  );
  const known = analyticsErrorCodes.find((code) => texts.includes(code));
  if (known) return { code: known, message: words[userWords[known]]() };
  return { code: texts[0] ?? 'Unknown', message: words.failed() };
}

export function isTokenExpired(failure: ReportFailure): boolean {
  return failure.code === 'TokenExpired';
}
