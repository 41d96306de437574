import { describe, expect, it, vi } from 'vitest';
import { JOB_STATUS } from '../../src/core/contract';
import { MIN_NOTE_LENGTH, nothingToRecord, refusal } from '../../src/core/job-lifecycle';
import {
  ALTERNATIVE_QUOTES_CREATED,
  JOB_FORWARDED,
  JOB_REJECTED,
  JOB_RELEASED,
  NOTE_TOO_SHORT,
  noteCounter,
  ORDER_NUMBER_REQUIRED,
  quoteNeeds,
  releaseDetails,
  releasedByApproval,
  releasedJobGoes,
} from '../../src/core/job-messages';
import { costName } from '../../src/core/job-payloads';
import messages from '../../src/core/messages';
import { wordsFor } from '../../src/core/word-overrides';
import type { WordsConfig } from '../../src/core/words';

describe('the job messages', () => {
  it('are the successes of docs/requirements.md §8, word for word', () => {
    expect([JOB_FORWARDED, JOB_REJECTED, JOB_RELEASED, ALTERNATIVE_QUOTES_CREATED]).toEqual([
      'The job has been forwarded',
      'The job has been rejected',
      'Job Released',
      'Alternative Quote(s) Created',
    ]);
  });

  it("are the release answer and note message of docs/requirements.md §5, the note's with the rule's length", () => {
    expect(ORDER_NUMBER_REQUIRED).toBe(
      'Order Number is a required field, please update the original job then try again.',
    );
    expect(NOTE_TOO_SHORT).toBe('You need to fill out the notes field (minimum 8 characters)');
    expect(NOTE_TOO_SHORT).toContain(`minimum ${MIN_NOTE_LENGTH} characters`);
  });

  it('say what a release did: to whom, which priority, which Order Number', () => {
    expect(
      releaseDetails({
        contractor: 'Northern Mechanical Ltd',
        priority: 'P2 Urgent (24 hours)',
        orderNumber: 'PO-9',
      }),
    ).toBe('to Northern Mechanical Ltd, priority P2 Urgent (24 hours), Order Number PO-9');
    expect(
      releaseDetails({ contractor: 'Aire Valley Plumbing', priority: null, orderNumber: null }),
    ).toBe('to Aire Valley Plumbing, no Order Number');
  });

  it("say where the new job goes, after 'Job Released' (docs/requirements.md §8), as a sentence", () => {
    expect(
      releasedJobGoes({
        contractor: 'Northern Mechanical Ltd',
        priority: 'P2 Urgent (24 hours)',
        orderNumber: 'PO-9',
      }),
    ).toBe(
      'goes to Northern Mechanical Ltd at priority P2 Urgent (24 hours) with Order Number PO-9',
    );
    expect(
      releasedJobGoes({ contractor: 'Aire Valley Plumbing', priority: null, orderNumber: null }),
    ).toBe('goes to Aire Valley Plumbing with no Order Number');
  });
});

describe("the job's shared words", () => {
  it('build their sentences from the catalog’s defaults', () => {
    expect(noteCounter(MIN_NOTE_LENGTH, 3)).toBe('More than 8 characters: 3 more');
    expect(noteCounter(MIN_NOTE_LENGTH, 0)).toBe('More than 8 characters: enough');
    expect(quoteNeeds(['authoriserId'])).toBe(
      'To approve or decline this quote, choose the authoriser.',
    );
    expect(quoteNeeds(['authorisedVia'])).toBe(
      'To approve or decline this quote, choose how the quote was authorised.',
    );
    expect(quoteNeeds(['authoriserId', 'authorisedVia'])).toBe(
      'To approve or decline this quote, choose the authoriser and how the quote was authorised.',
    );
    expect(releasedByApproval(1002, 'Northern Mechanical Ltd')).toBe(
      'Job 1002 is now released to Northern Mechanical Ltd.',
    );
    expect(releasedByApproval(1002, null)).toBe('Job 1002 is now released.');
    expect(costName({ cost_type_id: 1, invoice_number: ' INV-7 ', total: 12 })).toBe(
      'Invoice INV-7 (£12.00)',
    );
  });

  it('are the words an element is given, where a widget passes them', () => {
    const page = {
      messages: {
        'job.actionRelease': 'Sending it on',
        'jobStatus.rejected': 'Turned down',
        'job.noteCounter': '{short, plural, =0 {Long enough} other {# to go}} (over {minimum})',
      },
      locale: undefined,
    } as WordsConfig;
    const words = wordsFor(messages, page, page, vi.fn()) as typeof messages;
    const job = { id: 7, status_id: JOB_STATUS.rejected, cancelled: false, type_id: 7 };
    expect(refusal('release', 'client', job, words)).toBe(
      'Sending it on is not possible: job 7 is Turned down.',
    );
    expect(nothingToRecord(JOB_STATUS.rejected, false, words)).toBe(
      'This job is Turned down: there is nothing more to record on it.',
    );
    expect(noteCounter(MIN_NOTE_LENGTH, 2, words)).toBe('2 to go (over 8)');
    expect(noteCounter(MIN_NOTE_LENGTH, 0, words)).toBe('Long enough (over 8)');
  });
});
