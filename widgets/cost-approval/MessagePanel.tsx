import { useState } from 'react';
import {
  jobUpdatePath,
  jobUpdateResponse,
  mailerSendPath,
  mailerSendResponse,
} from '../../src/core/contract';
import { errorText } from '../../src/core/error-text';
import { JOB_FORWARDED, JOB_REJECTED, WRITE_A_MESSAGE } from '../../src/core/job-messages';
import { forwardPayload, helpdeskMail, rejectPayload } from '../../src/core/job-payloads';
import { apiFor, isAbort } from '../../src/runtime/api';
import { useConfig, useHost } from '../../src/runtime/define';
import { TextareaField } from '../../src/ui/Field';
import { ActionButton, ActionOutcome, HELD_BACK, useAction } from '../../src/ui/useAction';
import type { JobResult } from './job-result';
import { usePanelFocus } from './usePanelFocus';
import { UnsentWarning, useUnsentGuard } from './useUnsentGuard';

export interface MessagePanelProps {
  id: string;
  action: 'reject' | 'forward';
  jobId: number;
  /** The dialog's signal: closing the modal aborts the calls. */
  signal: AbortSignal;
  /** Once the host has rejected or forwarded the job. */
  onDone(result: JobResult): void;
}

/**
 * docs/requirements.md §4: Reject or Forward with a message. A forwarded job goes to the helpdesk,
 * so the message is mailed to it too (call 10), as the legacy screen did.
 */
export function MessagePanel({ id, action, jobId, signal, onDone }: MessagePanelProps) {
  const api = apiFor(useConfig());
  const { emit } = useHost();
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const [sent, setSent] = useState(false);
  const label = action === 'reject' ? 'Reject' : 'Forward';
  const panel = usePanelFocus(true);
  const escapeHeld = useUnsentGuard(message.trim() !== '' && !sent);

  // Success is said by the modal (onDone), so the task returns nothing; a failure shows here.
  const send = useAction(async () => {
    setMissing(message.trim() === '');
    if (message.trim() === '') return HELD_BACK;
    const payload =
      action === 'reject' ? rejectPayload(jobId, message) : forwardPayload(jobId, message);
    await api.postJson(jobUpdatePath(jobId), payload, jobUpdateResponse, { signal });
    setSent(true);
    emit(action === 'reject' ? 'fm-job-rejected' : 'fm-job-forwarded', { jobId });
    onDone({ message: action === 'reject' ? JOB_REJECTED : await mailHelpdesk() });
    return undefined;
  });

  /** The forward's result: the job is forwarded either way; only the email may be missing. */
  async function mailHelpdesk(): Promise<string> {
    try {
      await api.postJson(mailerSendPath(), helpdeskMail(jobId, message), mailerSendResponse, {
        signal,
      });
      return `${JOB_FORWARDED} and the helpdesk has been emailed.`;
    } catch (error) {
      if (isAbort(error)) throw error;
      return `${JOB_FORWARDED}, but the helpdesk could not be emailed: ${errorText(error)}`;
    }
  }

  return (
    <div className="fm-job-actions__panel" id={id} ref={panel}>
      <h4>{label} the job</h4>
      <p className="fm-job-actions__lead">
        {action === 'reject'
          ? 'Rejecting cancels the job for good: it cannot be released, forwarded or quoted for afterwards, only deleted. Your message is kept on it as the reason.'
          : 'The job goes to the helpdesk, who pass it on. They are emailed your message, and it is kept on the job as an internal note.'}
      </p>
      <fieldset disabled={sent} className="fm-job-actions__form">
        <legend className="fm-visually-hidden">{label}</legend>
        <TextareaField
          label="Message"
          field="Note.description"
          required
          error={missing ? WRITE_A_MESSAGE : null}
          value={message}
          onChange={setMessage}
        />
        <UnsentWarning shown={escapeHeld} />
        <ActionOutcome action={send} />
        <ActionButton
          action={send}
          className={`btn ${action === 'reject' ? 'btn-danger' : 'btn-primary'} fm-job-actions__submit`}
          busyLabel={action === 'reject' ? 'Rejecting…' : 'Forwarding…'}
          disabled={sent}
        >
          {label} job
        </ActionButton>
      </fieldset>
    </div>
  );
}
