import { useState } from 'react';
import {
  jobUpdatePath,
  jobUpdateResponse,
  mailerSendPath,
  mailerSendResponse,
} from '../../src/core/contract';
import { forwardPayload, helpdeskMail, rejectPayload } from '../../src/core/job-payloads';
import coreMessages from '../../src/core/messages';
import { isAbort } from '../../src/runtime/api';
import { useHost } from '../../src/runtime/define';
import { useApi } from '../../src/runtime/use-api';
import { useErrorText, useWords } from '../../src/runtime/words';
import { TextareaField } from '../../src/ui/Field';
import { ActionButton, ActionOutcome, HELD_BACK, useAction } from '../../src/ui/useAction';
import type { JobResult } from './job-result';
import messages from './messages';
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
  const api = useApi();
  const { emit } = useHost();
  const words = useWords(messages).costApproval;
  const { job: jobWords } = useWords(coreMessages);
  const errorText = useErrorText();
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const [sent, setSent] = useState(false);
  const rejects = action === 'reject';
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
    onDone({ message: rejects ? jobWords.rejected() : await mailHelpdesk() });
    return undefined;
  });

  /** The forward's result: the job is forwarded either way; only the email may be missing. */
  async function mailHelpdesk(): Promise<string> {
    try {
      await api.postJson(mailerSendPath(), helpdeskMail(jobId, message), mailerSendResponse, {
        signal,
      });
      return words.forwardedEmailed();
    } catch (error) {
      if (isAbort(error)) throw error;
      return words.forwardedNotEmailed(errorText(error));
    }
  }

  return (
    <div className="fm-job-actions__panel" id={id} ref={panel}>
      <h4>{rejects ? words.rejectTitle() : words.forwardTitle()}</h4>
      <p className="fm-job-actions__lead">{rejects ? words.rejectLead() : words.forwardLead()}</p>
      <fieldset disabled={sent} className="fm-job-actions__form">
        <legend className="fm-visually-hidden">{rejects ? words.reject() : words.forward()}</legend>
        <TextareaField
          label={words.message()}
          field="Note.description"
          required
          error={missing ? jobWords.writeAMessage() : null}
          value={message}
          onChange={setMessage}
        />
        <UnsentWarning shown={escapeHeld} />
        <ActionOutcome action={send} />
        <ActionButton
          action={send}
          className={`btn ${rejects ? 'btn-danger' : 'btn-primary'} fm-job-actions__submit`}
          busyLabel={rejects ? words.rejecting() : words.forwarding()}
          disabled={sent}
        >
          {rejects ? words.rejectJob() : words.forwardJob()}
        </ActionButton>
      </fieldset>
    </div>
  );
}
