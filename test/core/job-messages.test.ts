import { describe, expect, it } from 'vitest';
import { MIN_NOTE_LENGTH } from '../../src/core/job-lifecycle';
import {
  ALTERNATIVE_QUOTES_CREATED,
  JOB_FORWARDED,
  JOB_REJECTED,
  JOB_RELEASED,
  NOTE_TOO_SHORT,
  ORDER_NUMBER_REQUIRED,
  releaseDetails,
  releasedJobGoes,
} from '../../src/core/job-messages';

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
