import { defineElement } from '../../src/ui/define-element';
import { AlternativeQuote, type AlternativeQuoteProps } from './AlternativeQuote';

/** `detail` of `fm-alternative-quotes-created`: the contractors asked and their quote jobs. */
export interface AlternativeQuotesCreatedDetail {
  jobId: number;
  contractorIds: number[];
  quoteJobIds: number[];
}

/**
 * The alternative quote form for site surveyors: an editable description and one to three
 * contractors, each sent a contractor quote. Shows nothing to users who are not site surveyors.
 * See README.md.
 *
 * @summary alternative quotes for site surveyors: description and 1–3 contractors
 * @attr {number} data-job-id - The job to quote for (required).
 * @fires {CustomEvent<AlternativeQuotesCreatedDetail>} fm-alternative-quotes-created - Quote jobs were created (after each send that created at least one).
 */
export const AlternativeQuoteElement = defineElement('fm-alternative-quote', AlternativeQuote, {
  attributes: { jobId: 'id' },
  required: ['jobId'],
});

export type { AlternativeQuoteProps };

declare global {
  interface FmEventMap {
    'fm-alternative-quotes-created': AlternativeQuotesCreatedDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-alternative-quotes-created': CustomEvent<AlternativeQuotesCreatedDetail>;
  }
}
