import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { CostsIndexResponse } from '../../src/core/contract';
import { isFinished, refusal, statusAfter } from '../../src/core/job-lifecycle';
import { releasedByApproval } from '../../src/core/job-messages';
import { isQuote } from '../../src/core/job-payloads';
import { apiFor } from '../../src/runtime/api';
import { useConfig, useHost } from '../../src/runtime/define';
import { formatDateTime } from '../../src/runtime/format';
import { Alert } from '../../src/ui/Alert';
import { CostCard } from './CostCard';
import { costApprovalConfig } from './config';
import { Dialog } from './Dialog';
import {
  checkEngineers,
  type Engineer,
  type EngineerChange,
  Engineers,
  withChanges,
} from './Engineers';
import { JobActions } from './JobActions';
import { AssetHistory, PurchaseOrder } from './JobLookups';
import { type JobResult, JobResultText } from './job-result';
import { createCostApprovalStore } from './store';
import { useCallSignal } from './useCallSignal';

export interface CostApprovalProps {
  jobId: number;
  /** The job's id in the external purchase-order system (call 13); no lookup without it. */
  externalJobId?: string;
  /** Engineers that may be assigned to the job, with their assignment id when assigned. */
  engineers?: Engineer[];
}

/**
 * docs/requirements.md §4, §9: the modal closes this long after an approval, a forward or a reject.
 */
export const MODAL_CLOSE_DELAY_MS = 1500;

/** The button that opens the cost approval modal (docs/requirements.md §2). */
export function CostApproval({ jobId, externalJobId, engineers }: CostApprovalProps) {
  // A wrong key shows at once, not when the modal opens.
  useConfig(costApprovalConfig);
  const [open, setOpen] = useState(false);
  // The last action's result, also said beside the button once the modal has closed.
  const [result, setResult] = useState<JobResult | null>(null);
  // Assignments made in the modal outlive it: opened again, it shows them (and when they were made).
  const [changes, setChanges] = useState<ReadonlyMap<number, EngineerChange>>(new Map());
  const checked = checkEngineers(engineers);
  const offered = checked && withChanges(checked, changes);
  const engineerChanged = (engineer: Engineer, assignedId: number | null) =>
    setChanges((before) =>
      new Map(before).set(engineer.id, {
        from: checked?.find(({ id }) => id === engineer.id)?.assignedId ?? null,
        assignedId,
        assigned: assignedId === null ? null : formatDateTime(new Date()),
      }),
    );
  return (
    <div className="fm-cost-approval">
      <button
        type="button"
        className="fm-cost-approval__open btn btn-primary"
        aria-haspopup="dialog"
        onClick={() => {
          setResult(null);
          setOpen(true);
        }}
      >
        Cost approval
      </button>
      <p className="fm-cost-approval__outcome" role="status">
        {!open && result && <JobResultText result={result} />}
      </p>
      {open && (
        <CostApprovalModal
          jobId={jobId}
          externalJobId={externalJobId}
          engineers={offered}
          onEngineerChanged={engineerChanged}
          result={result}
          onResult={setResult}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

interface ModalProps extends CostApprovalProps {
  onEngineerChanged(engineer: Engineer, assignedId: number | null): void;
  result: JobResult | null;
  onResult(result: JobResult): void;
  onClose(): void;
}

function CostApprovalModal({
  jobId,
  externalJobId,
  engineers,
  onEngineerChanged,
  result,
  onResult,
  onClose,
}: ModalProps) {
  const host = useHost();
  const api = apiFor(useConfig());
  const config = useConfig(costApprovalConfig);
  const signal = useCallSignal(host.signal);
  const [store] = useState(() => createCostApprovalStore(api));
  const { status, data, error, refreshError, load, dropCost, refresh } = useStore(store);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    void load(jobId, signal);
  }, [load, jobId, signal]);

  // A decision that closes the modal (docs/requirements.md §4) leaves its message on show for the
  // delay first.
  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(onClose, MODAL_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [closing, onClose]);
  // Says what happened, then reads the job again so that only what its new state allows is offered.
  const acted = (said: JobResult, closes: boolean) => {
    onResult(said);
    if (closes) setClosing(true);
    void refresh(jobId, signal);
  };

  const job = data?.job;
  const jobState = job && { ...job.Job, cancelled: Boolean(data?.cancelled || job.Job.cancelled) };
  const finished = jobState ? jobState.cancelled || isFinished(jobState.status_id) : false;
  // Where the job's state allows no decision (the job lifecycle: a rejected or cancelled job's
  // costs, a finished job's quotes), the cards say why instead of offering one.
  const closed = [false, true].flatMap((quote) => {
    const action = quote ? 'approveQuote' : 'approveCost';
    const reason = jobState && refusal(action, 'client', jobState);
    const kind = quote ? 'quotes' : 'costs';
    const shown = data?.costs.some((record) => isQuote(record.Cost) === quote);
    return reason && shown ? [{ quote, reason, id: `fm-costs-closed-${jobId}-${kind}` }] : [];
  });

  // What a decision or a job action said takes the focus: the panel or cost whose button was
  // pressed goes away once the job is read again, which would drop focus out of the dialog; and
  // on a phone the modal is scrolled down to that button, far below the line that says it.
  const resultLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!result) return;
    resultLine.current?.focus();
    resultLine.current?.scrollIntoView?.({ block: 'nearest' });
  }, [result]);
  return (
    <Dialog title={`Cost approval: job ${jobId}`} onClose={onClose} className="fm-cost-dialog">
      <div aria-busy={status === 'loading'}>
        {status === 'loading' && (
          <p className="fm-cost-dialog__loading" role="status">
            Loading the job and its costs…
          </p>
        )}
        {status === 'error' && error && (
          <>
            <Alert kind="danger" messages={error} />
            <button
              type="button"
              className="btn btn-default btn-outline-secondary"
              onClick={() => void load(jobId, signal)}
            >
              Retry
            </button>
          </>
        )}
      </div>
      <p className="fm-cost-dialog__outcome" role="status" ref={resultLine} tabIndex={-1}>
        {result && <JobResultText result={result} />}
      </p>
      {refreshError && (
        <>
          <Alert
            kind="warning"
            messages={`The job could not be read again (${refreshError}). What shows may be out of date.`}
          />
          <button
            type="button"
            className="btn btn-default btn-outline-secondary"
            onClick={() => void refresh(jobId, signal)}
          >
            Read the job again
          </button>
        </>
      )}
      {data && job && (
        <>
          <JobSummary data={data} />
          <section
            className="fm-cost-dialog__section fm-cost-dialog__costs"
            aria-labelledby={`fm-costs-${jobId}`}
          >
            <h3 id={`fm-costs-${jobId}`}>Costs awaiting approval</h3>
            {config.disableApprovals && (
              <p className="fm-cost-dialog__disabled" id={`fm-approvals-off-${jobId}`}>
                Approvals are disabled for this portal.
              </p>
            )}
            {closed.map(({ reason, id }) => (
              <p className="fm-cost-dialog__disabled" id={id} key={id}>
                {reason}
              </p>
            ))}
            {data.costs.length === 0 ? (
              <p>No costs are awaiting approval.</p>
            ) : (
              data.costs.map((record) => (
                <CostCard
                  key={record.Cost.id}
                  record={record}
                  budgetCodes={data.budget_codes}
                  jobBudgetCodeId={job.Job.budget_code_id}
                  disabledReasonId={
                    config.disableApprovals
                      ? `fm-approvals-off-${jobId}`
                      : closed.find(({ quote }) => quote === isQuote(record.Cost))?.id
                  }
                  signal={signal}
                  onDecided={(approved, said) => {
                    host.emit(approved ? 'fm-cost-approved' : 'fm-cost-declined', {
                      jobId,
                      costId: record.Cost.id,
                    });
                    const others = data.costs.filter((other) => other !== record).length;
                    // Approving a quote releases a Quote Required job (the lifecycle): say so.
                    const status = job.Job.status_id;
                    const released =
                      approved &&
                      isQuote(record.Cost) &&
                      statusAfter('approveQuote', status) !== status
                        ? releasedByApproval(jobId, data.contractor?.name ?? null)
                        : '';
                    const message = [`${said.message}.`, released, stillWaiting(others)];
                    acted({ ...said, message: message.filter(Boolean).join(' ') }, approved);
                  }}
                  onGone={() => dropCost(record.Cost.id)}
                />
              ))
            )}
          </section>
          {jobState && <JobActions data={data} job={jobState} signal={signal} onAction={acted} />}
          {job.Job.asset_id !== null && (
            <AssetHistory
              jobId={jobId}
              siteId={job.Job.site_id}
              assetId={job.Job.asset_id}
              signal={signal}
            />
          )}
          {externalJobId && (
            <PurchaseOrder jobId={jobId} externalJobId={externalJobId} signal={signal} />
          )}
          {engineers && engineers.length > 0 && !finished && (
            <Engineers
              jobId={jobId}
              engineers={engineers}
              assignRefused={jobState ? refusal('assignEngineer', 'client', jobState) : null}
              signal={signal}
              onChanged={onEngineerChanged}
            />
          )}
        </>
      )}
    </Dialog>
  );
}

/**
 * Said after a decision, beside the button once the modal has closed (docs/requirements.md §4
 * closes it).
 */
export function stillWaiting(count: number): string {
  if (count === 0) return 'No more costs await approval.';
  return `${count} more ${count === 1 ? 'awaits' : 'await'} approval.`;
}

function JobSummary({ data }: { data: CostsIndexResponse }) {
  const rows = summaryOf(data);
  return (
    <section className="fm-cost-dialog__section" aria-label="Job summary">
      <dl className="fm-cost-summary">
        {rows.map(([label, value]) => (
          <div key={label} className="fm-cost-summary__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * docs/requirements.md §2: job id, site and branch reference, asset, status, type, description,
 * priority, created.
 */
function summaryOf(data: CostsIndexResponse): [string, string][] {
  const { Job, Site, Asset, Status, Type, Priority } = data.job;
  const site = Site.branch_reference ? `${Site.name} (${Site.branch_reference})` : Site.name;
  return [
    ['Job', String(Job.id)],
    ['Site', site],
    ['Asset', Asset?.name ?? 'None'],
    ['Status', data.cancelled || Job.cancelled ? `${Status.name} (cancelled)` : Status.name],
    ['Type', Type.name],
    ['Description', Job.description],
    ['Priority', Priority?.name ?? 'None'],
    ['Created', formatDateTime(Job.created)],
  ];
}
