import { useState } from 'react';
import { jobDuplicatePath, jobDuplicateResponse } from '../../src/core/contract';
import { quotePayload } from '../../src/core/job-payloads';
import coreMessages from '../../src/core/messages';
import { useHost } from '../../src/runtime/define';
import { useApi } from '../../src/runtime/use-api';
import { useWords } from '../../src/runtime/words';
import { TextareaField } from '../../src/ui/Field';
import { ActionButton, ActionOutcome, HELD_BACK, useAction } from '../../src/ui/useAction';
import type { JobResult } from './job-result';
import messages from './messages';
import { usePanelFocus } from './usePanelFocus';
import { UnsentWarning, useUnsentGuard } from './useUnsentGuard';

export interface QuotePanelProps {
  id: string;
  jobId: number;
  /** The job's description, which the quote's starts from (as alternative quotes do). */
  description: string;
  /** The dialog's signal: closing the modal aborts the call. */
  signal: AbortSignal;
  /** Once the host has created the quote request. */
  onDone(result: JobResult): void;
}

/**
 * docs/requirements.md §4: Create Quotation: a description; the host creates a quote request job.
 */
export function QuotePanel({
  id,
  jobId,
  description: jobDescription,
  signal,
  onDone,
}: QuotePanelProps) {
  const api = useApi();
  const { emit } = useHost();
  const words = useWords(messages).costApproval;
  const { job: jobWords } = useWords(coreMessages);
  const [description, setDescription] = useState(jobDescription);
  const [missing, setMissing] = useState(false);
  const [sent, setSent] = useState(false);
  const panel = usePanelFocus(true);
  // The job's own description, untouched, is nothing of the user's to lose.
  const escapeHeld = useUnsentGuard(
    description.trim() !== '' && description !== jobDescription && !sent,
  );

  // Success is said by the modal (onDone), so the task returns nothing; a failure shows here.
  const request = useAction(async () => {
    setMissing(description.trim() === '');
    if (description.trim() === '') return HELD_BACK;
    const answer = await api.postJson(
      jobDuplicatePath(jobId),
      quotePayload(description),
      jobDuplicateResponse,
      { signal },
    );
    setSent(true);
    emit('fm-quote-requested', { jobId, quoteJobId: answer.job_id });
    onDone({
      message: answer.message,
      newJob: { id: answer.job_id, label: words.newQuoteJob() },
    });
    return undefined;
  });

  return (
    <div className="fm-job-actions__panel" id={id} ref={panel}>
      <h4>{words.quote()}</h4>
      <fieldset disabled={sent} className="fm-job-actions__form">
        <legend className="fm-visually-hidden">{words.quote()}</legend>
        <TextareaField
          label={words.description()}
          field="Job.description"
          required
          error={missing ? jobWords.describeTheQuote() : null}
          value={description}
          onChange={setDescription}
        />
        <UnsentWarning shown={escapeHeld} />
        <ActionOutcome action={request} />
        <ActionButton
          action={request}
          className="btn btn-primary fm-job-actions__submit"
          busyLabel={words.quoteRequesting()}
          disabled={sent}
        >
          {words.quoteRequest()}
        </ActionButton>
      </fieldset>
    </div>
  );
}
