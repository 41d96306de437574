/**
 * The analytics service's error codes (docs/requirements.md §8) and what the user is told for each.
 * The codes arrive in an `error` event's `errorCode` or `message`, or as the body of a refused
 * load.
 */

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

export const userMessages: Record<AnalyticsErrorCode, string> = {
  TokenExpired: 'Your access to this report has expired. Please reload the page to continue.',
  PowerBIEntityNotFound:
    'This report could not be found. It may have been moved or deleted, or the link is out of date.',
  'Invalid parameters':
    'The analytics service did not accept this report’s settings. Please contact your administrator.',
  LoadReportFailed: 'The report could not be loaded. Please try again later.',
  PowerBINotAuthorizedException: 'You do not have permission to view this report.',
  ExplorationContainer_FailedToLoadModel_DefaultDetails:
    'The report’s data could not be loaded. Please try again later.',
};

export const fallbackMessage = 'The report could not be shown. Please try again later.';

/** Shown while an embed has had no answer from the service for `noAnswerMs`. */
export const noAnswer: ReportFailure = {
  code: 'NoAnswer',
  message: 'The analytics service is not answering. The report will show here if it does.',
};

/** How long an embed waits for the service's first answer (loaded or error) before saying so. */
export const noAnswerMs = 10_000;

/** Shown while the embed waits for that first answer, so the wait is not a blank box. */
export const waitingMessage = `Loading the report from the analytics service… It has up to ${
  noAnswerMs / 1000
} seconds to answer.`;

/** Failures that asking again may mend (a silent or failing service); not a missing right or report. */
const retryableCodes: ReadonlySet<string> = new Set([
  noAnswer.code,
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

/** Reads an error the service or the library produced (an IError, a list of them, an Error). */
export function describeFailure(error: unknown): ReportFailure {
  const first = (Array.isArray(error) ? error[0] : error) as ServiceError | string | undefined;
  const fields =
    typeof first === 'string'
      ? [first]
      : [first?.errorCode, first?.message, first?.detailedMessage];
  const texts = fields.filter(
    (field): field is string => typeof field === 'string' && field !== '',
  );
  const known = analyticsErrorCodes.find((code) => texts.includes(code));
  if (known) return { code: known, message: userMessages[known] };
  return { code: texts[0] ?? 'Unknown', message: fallbackMessage };
}

export function isTokenExpired(failure: ReportFailure): boolean {
  return failure.code === 'TokenExpired';
}
