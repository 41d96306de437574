import { useId, useState } from 'react';
import { apiFor } from '../../src/core/api';
import {
  jobUpdatePath,
  jobUpdateResponse,
  mailerSendPath,
  mailerSendResponse,
} from '../../src/core/contract';
import { useConfig, useHost } from '../../src/core/define';
import {
  forwardPayload,
  helpdeskMail,
  JOB_FORWARDED,
  JOB_REJECTED,
  rejectPayload,
} from '../../src/core/job-payloads';
import { Alert } from '../../src/ui/Alert';
import { BusyButton } from '../../src/ui/BusyButton';
import { failureMessages, isAbort } from './failure';
import type { Outcome } from './outcome';

export interface MessagePanelProps {
  id: string;
  action: 'reject' | 'forward';
  jobId: number;
  signal: AbortSignal;
  /** Once the host has rejected or forwarded the job. */
  onDone(outcome: Outcome): void;
}

/**
 * SPEC §4: Reject or Forward with a message. A forwarded job goes to the helpdesk, so the message
 * is mailed to it too (call 10), as the legacy screen did.
 */
export function MessagePanel({ id, action, jobId, signal, onDone }: MessagePanelProps) {
  const api = apiFor(useConfig());
  const { emit } = useHost();
  const ids = useId();
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [sent, setSent] = useState(false);
  const label = action === 'reject' ? 'Reject' : 'Forward';

  async function send() {
    setFailure(null);
    setMissing(message.trim() === '');
    if (message.trim() === '') return;
    const payload =
      action === 'reject' ? rejectPayload(jobId, message) : forwardPayload(jobId, message);
    try {
      await api.postJson(jobUpdatePath(jobId), payload, jobUpdateResponse, { signal });
    } catch (error) {
      if (!isAbort(error)) setFailure(failureMessages(error));
      return;
    }
    setSent(true);
    emit(action === 'reject' ? 'fm-job-rejected' : 'fm-job-forwarded', { jobId });
    if (action === 'reject') {
      onDone({ message: JOB_REJECTED });
      return;
    }
    try {
      await api.postJson(mailerSendPath(), helpdeskMail(jobId, message), mailerSendResponse, {
        signal,
      });
      onDone({ message: `${JOB_FORWARDED} and the helpdesk has been emailed.` });
    } catch (error) {
      // The job is forwarded either way; only the email is missing, so say so and go on.
      if (!isAbort(error)) {
        onDone({
          message: `${JOB_FORWARDED}, but the helpdesk could not be emailed: ${failureMessages(error).join(' ')}`,
        });
      }
    }
  }

  return (
    <div className="fm-job-actions__panel" id={id}>
      <h4>{label} the job</h4>
      <fieldset disabled={sent} className="fm-job-actions__form">
        <legend className="fm-visually-hidden">{label}</legend>
        <div className="fm-field">
          <label htmlFor={`${ids}message`}>Message</label>
          <textarea
            id={`${ids}message`}
            rows={3}
            required
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${ids}message-error` : undefined}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          {missing && (
            <p className="fm-field__error" id={`${ids}message-error`}>
              Write a message
            </p>
          )}
        </div>
        {failure && <Alert kind="danger" messages={failure} />}
        <BusyButton
          className={`btn ${action === 'reject' ? 'btn-danger' : 'btn-primary'} fm-job-actions__submit`}
          busyLabel={action === 'reject' ? 'Rejecting…' : 'Forwarding…'}
          disabled={sent}
          onAction={send}
        >
          {label} job
        </BusyButton>
      </fieldset>
    </div>
  );
}
