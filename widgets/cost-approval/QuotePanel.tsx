import { useId, useState } from 'react';
import { apiFor } from '../../src/core/api';
import { jobDuplicatePath, jobDuplicateResponse } from '../../src/core/contract';
import { useConfig, useHost } from '../../src/core/define';
import { quotePayload } from '../../src/core/job-payloads';
import { Alert } from '../../src/ui/Alert';
import { BusyButton } from '../../src/ui/BusyButton';
import { failureMessages, isAbort } from './failure';
import type { Outcome } from './outcome';

export interface QuotePanelProps {
  id: string;
  jobId: number;
  signal: AbortSignal;
  /** Once the host has created the quote request. */
  onDone(outcome: Outcome): void;
}

/** SPEC §4: Create Quotation: a description; the host creates a quote request job. */
export function QuotePanel({ id, jobId, signal, onDone }: QuotePanelProps) {
  const api = apiFor(useConfig());
  const { emit } = useHost();
  const ids = useId();
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [sent, setSent] = useState(false);

  async function requestQuote() {
    setFailure(null);
    setMissing(description.trim() === '');
    if (description.trim() === '') return;
    try {
      const answer = await api.postJson(
        jobDuplicatePath(jobId),
        quotePayload(description),
        jobDuplicateResponse,
        { signal },
      );
      setSent(true);
      emit('fm-quote-requested', { jobId, quoteJobId: answer.job_id });
      onDone({ message: answer.message, newJob: { id: answer.job_id, label: 'The quote job is' } });
    } catch (error) {
      if (!isAbort(error)) setFailure(failureMessages(error));
    }
  }

  return (
    <div className="fm-job-actions__panel" id={id}>
      <h4>Create Quotation</h4>
      <fieldset disabled={sent} className="fm-job-actions__form">
        <legend className="fm-visually-hidden">Create Quotation</legend>
        <div className="fm-field">
          <label htmlFor={`${ids}description`}>Description</label>
          <textarea
            id={`${ids}description`}
            rows={3}
            required
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${ids}description-error` : undefined}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          {missing && (
            <p className="fm-field__error" id={`${ids}description-error`}>
              Describe the work to quote for
            </p>
          )}
        </div>
        {failure && <Alert kind="danger" messages={failure} />}
        <BusyButton
          className="btn btn-primary fm-job-actions__submit"
          busyLabel="Requesting…"
          disabled={sent}
          onAction={requestQuote}
        >
          Request quotation
        </BusyButton>
      </fieldset>
    </div>
  );
}
