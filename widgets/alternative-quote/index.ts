import { defineElement, type FmElement } from '../../src/ui/define-element';
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
 * @tag fm-alternative-quote
 * @attr {number} data-job-id - The job to quote for (required).
 * @fires {CustomEvent<AlternativeQuotesCreatedDetail>} fm-alternative-quotes-created - Quote jobs were created (after each send that created at least one).
 */
export const AlternativeQuoteElement = defineElement('fm-alternative-quote', AlternativeQuote, {
  attributes: { jobId: 'id' },
  required: ['jobId'],
});

export type { AlternativeQuoteProps };

declare global {
  interface HTMLElementTagNameMap {
    'fm-alternative-quote': FmElement<AlternativeQuoteProps>;
  }
  interface FmEventMap {
    'fm-alternative-quotes-created': AlternativeQuotesCreatedDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-alternative-quotes-created': CustomEvent<AlternativeQuotesCreatedDetail>;
  }
}
