import type { CostRecord, CostsIndexResponse } from '../../src/core/contract';
import { type JobState, refusal, statusAfter } from '../../src/core/job-lifecycle';
import { type JobWords, releasedByApproval } from '../../src/core/job-messages';
import { isQuote } from '../../src/core/job-payloads';
import coreMessages from '../../src/core/messages';
import { useHost } from '../../src/runtime/define';
import { useWords } from '../../src/runtime/words';
import type { CostApprovalWords } from './CostApproval';
import { CostCard } from './CostCard';
import type { JobResult } from './job-result';
import messages from './messages';

interface Closed {
  quote: boolean;
  reason: string;
  /** The id of the text that says why, which the cards' buttons refer to. */
  id: string;
}

/**
 * Where the job's state allows no decision (the job lifecycle: a rejected or cancelled job's
 * costs, a finished job's quotes), the cards say why instead of offering one.
 */
function closedReasons(
  jobId: number,
  job: JobState & { id: number },
  costs: readonly CostRecord[],
  jobWords: JobWords,
): Closed[] {
  return [false, true].flatMap((quote) => {
    const action = quote ? 'approveQuote' : 'approveCost';
    const reason = refusal(action, 'client', job, jobWords);
    const kind = quote ? 'quotes' : 'costs';
    const shown = costs.some((record) => isQuote(record.Cost) === quote);
    return reason && shown ? [{ quote, reason, id: `fm-costs-closed-${jobId}-${kind}` }] : [];
  });
}

/**
 * What a decision says: the cost, the job it released, and how many costs still wait (said
 * beside the button once the modal has closed: docs/requirements.md §4 closes it).
 */
function decisionMessage(
  jobId: number,
  data: CostsIndexResponse,
  record: CostRecord,
  approved: boolean,
  said: JobResult,
  words: { costApproval: CostApprovalWords; jobWords: JobWords },
): string {
  const status = data.job.Job.status_id;
  const others = data.costs.filter((other) => other !== record).length;
  // Approving a quote releases a Quote Required job (the lifecycle): say so.
  const released =
    approved && isQuote(record.Cost) && statusAfter('approveQuote', status) !== status
      ? releasedByApproval(jobId, data.contractor?.name ?? null, words.jobWords)
      : '';
  return [said.message, released, words.costApproval.stillWaiting(others)]
    .filter(Boolean)
    .join(' ');
}

export interface CostListProps {
  jobId: number;
  data: CostsIndexResponse;
  job: JobState & { id: number };
  disableApprovals: boolean;
  signal: AbortSignal;
  /** A decision the host recorded; an approval closes the modal. */
  onAction(said: JobResult, closes: boolean): void;
  /** A decided cost has slid away. */
  onGone(costId: number): void;
}

/** The costs awaiting approval, each with its decision, or why none can be taken. */
export function CostList({
  jobId,
  data,
  job,
  disableApprovals,
  signal,
  onAction,
  onGone,
}: CostListProps) {
  const host = useHost();
  const words = useWords(messages).costApproval;
  const jobWords = useWords(coreMessages);
  const closed = closedReasons(jobId, job, data.costs, jobWords);
  return (
    <section
      className="fm-cost-dialog__section fm-cost-dialog__costs"
      aria-labelledby={`fm-costs-${jobId}`}
    >
      <h3 id={`fm-costs-${jobId}`}>{words.costs()}</h3>
      {disableApprovals && (
        <p className="fm-cost-dialog__disabled" id={`fm-approvals-off-${jobId}`}>
          {words.approvalsDisabled()}
        </p>
      )}
      {closed.map(({ reason, id }) => (
        <p className="fm-cost-dialog__disabled" id={id} key={id}>
          {reason}
        </p>
      ))}
      {data.costs.length === 0 ? (
        <p>{words.noCosts()}</p>
      ) : (
        data.costs.map((record) => (
          <CostCard
            key={record.Cost.id}
            record={record}
            budgetCodes={data.budget_codes}
            jobBudgetCodeId={data.job.Job.budget_code_id}
            disabledReasonId={
              disableApprovals
                ? `fm-approvals-off-${jobId}`
                : closed.find(({ quote }) => quote === isQuote(record.Cost))?.id
            }
            signal={signal}
            onDecided={(approved, said) => {
              host.emit(approved ? 'fm-cost-approved' : 'fm-cost-declined', {
                jobId,
                costId: record.Cost.id,
              });
              onAction(
                {
                  ...said,
                  message: decisionMessage(jobId, data, record, approved, said, {
                    costApproval: words,
                    jobWords,
                  }),
                },
                approved,
              );
            }}
            onGone={() => onGone(record.Cost.id)}
          />
        ))
      )}
    </section>
  );
}
