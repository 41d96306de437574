import { useId, useState } from 'react';
import type { CostsIndexResponse } from '../../src/core/contract';
import { type JobState, mayTake, statusAfter } from '../../src/core/job-lifecycle';
import { useWords } from '../../src/runtime/words';
import type { JobResult } from './job-result';
import { MessagePanel } from './MessagePanel';
import messages from './messages';
import { QuotePanel } from './QuotePanel';
import { ReleasePanel } from './ReleasePanel';

/** Each panel is the lifecycle's action of the same name. */
type Panel = 'release' | 'reject' | 'forward' | 'quote';
type WaitEnding = Exclude<Panel, 'quote'>;

/** Each panel's button, by its word's key. */
const PANELS = [
  ['release', 'release'],
  ['reject', 'reject'],
  ['forward', 'forward'],
  ['quote', 'quote'],
] as const satisfies readonly [Panel, keyof typeof messages.costApproval][];

interface JobActionsProps {
  data: CostsIndexResponse;
  /** The job as last read (cancelled when the job or the answer says so). */
  job: JobState;
  signal: AbortSignal;
  /**
   * After the host recorded an action; `closes` after a reject or forward
   * (docs/requirements.md §4).
   */
  onAction(result: JobResult, closes: boolean): void;
}

/**
 * Release, Reject and Forward (a type 7 job awaiting release, docs/requirements.md §2) and Create
 * Quotation: each where the job lifecycle allows it, so a released job still offers Create
 * Quotation. Nothing at all when it allows none.
 */
export function JobActions({ data, job, signal, onAction }: JobActionsProps) {
  const ids = useId();
  const words = useWords(messages).costApproval;
  const jobId = data.job.Job.id;
  const [panel, setPanel] = useState<Panel | null>(null);
  // Release, reject or forward ends the job's wait: after one, none of the three is offered again
  // (also when the re-read fails), and its panel closes, so nothing offers to send it again (a
  // forward leaves the job awaiting release, and the modal closes only 1.5 s later:
  // docs/requirements.md §4). The line at the top says what it did. What the status it left allows
  // (Create Quotation after a release, nothing after a reject) stays offered.
  const [ended, setEnded] = useState<WaitEnding | null>(null);
  const after = ended ? { ...job, status_id: statusAfter(ended, job.status_id) } : job;
  const offered = PANELS.filter(([name]) => mayTake(name, 'client', job));
  const locked = (name: Panel) =>
    !mayTake(name, 'client', after) || (ended !== null && name !== 'quote');
  const end = (action: WaitEnding, closes: boolean) => (result: JobResult) => {
    setEnded(action);
    setPanel(null);
    onAction(result, closes);
  };
  if (offered.length === 0) return null;
  return (
    <section className="fm-cost-dialog__section" aria-labelledby={`${ids}heading`}>
      <h3 id={`${ids}heading`}>{words.actions()}</h3>
      <div className="fm-job-actions__buttons">
        {offered.map(([name, word]) => (
          <button
            key={name}
            type="button"
            className={`btn btn-default btn-outline-secondary fm-job-actions__${name}`}
            aria-expanded={panel === name}
            aria-controls={`${ids}${name}`}
            disabled={locked(name)}
            onClick={() => setPanel(panel === name ? null : name)}
          >
            {words[word]()}
          </button>
        ))}
      </div>
      {panel === 'release' && (
        <ReleasePanel
          id={`${ids}release`}
          data={data}
          signal={signal}
          onDone={end('release', false)}
        />
      )}
      {(panel === 'reject' || panel === 'forward') && (
        <MessagePanel
          key={panel}
          id={`${ids}${panel}`}
          action={panel}
          jobId={jobId}
          signal={signal}
          onDone={end(panel, true)}
        />
      )}
      {panel === 'quote' && (
        <QuotePanel
          id={`${ids}quote`}
          jobId={jobId}
          description={data.job.Job.description}
          signal={signal}
          onDone={(result) => {
            // Like the other panels, it closes once sent: the line at the top says what it made
            // (a link to the quote job). The job keeps its status, so Create Quotation stays
            // offered as the lifecycle allows, for another request with a fresh form.
            setPanel(null);
            onAction(result, false);
          }}
        />
      )}
    </section>
  );
}
