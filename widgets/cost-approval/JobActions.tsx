import { useId, useState } from 'react';
import type { CostsIndexResponse } from '../../src/core/contract';
import type { JobResult } from './job-result';
import { MessagePanel } from './MessagePanel';
import { QuotePanel } from './QuotePanel';
import { ReleasePanel } from './ReleasePanel';

type Panel = 'release' | 'reject' | 'forward' | 'quote';

const PANELS: [Panel, string][] = [
  ['release', 'Release'],
  ['reject', 'Reject'],
  ['forward', 'Forward'],
  ['quote', 'Create Quotation'],
];

interface JobActionsProps {
  data: CostsIndexResponse;
  signal: AbortSignal;
  /** After the host recorded an action; `closes` after a reject or forward (SPEC §4). */
  onAction(result: JobResult, closes: boolean): void;
}

/** Release, Reject, Forward and Create Quotation for a type 7 job awaiting release (SPEC §2). */
export function JobActions({ data, signal, onAction }: JobActionsProps) {
  const ids = useId();
  const jobId = data.job.Job.id;
  const [panel, setPanel] = useState<Panel | null>(null);
  // One action ends the job's wait: after it, no other is offered (also when the re-read fails),
  // and its panel closes, so nothing offers to send it again (a forward leaves the job awaiting
  // release, and the modal closes only 1.5 s later: SPEC §4). The line at the top says what it did.
  const [done, setDone] = useState(false);
  const ended = (closes: boolean) => (result: JobResult) => {
    setDone(true);
    setPanel(null);
    onAction(result, closes);
  };
  return (
    <section className="fm-cost-dialog__section" aria-labelledby={`${ids}heading`}>
      <h3 id={`${ids}heading`}>Job actions</h3>
      <div className="fm-job-actions__buttons">
        {PANELS.map(([name, label]) => (
          <button
            key={name}
            type="button"
            className={`btn btn-default btn-outline-secondary fm-job-actions__${name}`}
            aria-expanded={panel === name}
            aria-controls={`${ids}${name}`}
            disabled={done}
            onClick={() => setPanel(panel === name ? null : name)}
          >
            {label}
          </button>
        ))}
      </div>
      {panel === 'release' && (
        <ReleasePanel id={`${ids}release`} data={data} signal={signal} onDone={ended(false)} />
      )}
      {(panel === 'reject' || panel === 'forward') && (
        <MessagePanel
          key={panel}
          id={`${ids}${panel}`}
          action={panel}
          jobId={jobId}
          signal={signal}
          onDone={ended(true)}
        />
      )}
      {panel === 'quote' && (
        <QuotePanel
          id={`${ids}quote`}
          jobId={jobId}
          description={data.job.Job.description}
          signal={signal}
          onDone={(result) => onAction(result, false)}
        />
      )}
    </section>
  );
}
