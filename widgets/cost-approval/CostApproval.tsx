import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { CostsIndexResponse } from '../../src/core/contract';
import { formatDateTime } from '../../src/core/format';
import { isFinished, refusal } from '../../src/core/job-lifecycle';
import coreMessages from '../../src/core/messages';
import { useConfig, useHost } from '../../src/runtime/define';
import { useApi } from '../../src/runtime/use-api';
import { useErrorText, useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import { CostList } from './CostList';
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
import messages from './messages';
import { createCostApprovalStore, type LoadStatus } from './store';
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

/** fm-cost-approval's words (messages.json beside it, docs/words.md). */
export type CostApprovalWords = (typeof messages)['costApproval'];

/** The button that opens the cost approval modal (docs/requirements.md §2). */
export function CostApproval({ jobId, externalJobId, engineers }: CostApprovalProps) {
  // A wrong key shows at once, not when the modal opens.
  useConfig(costApprovalConfig);
  const words = useWords(messages).costApproval;
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
        {words.open()}
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
  const api = useApi();
  const config = useConfig(costApprovalConfig);
  const words = useWords(messages).costApproval;
  const jobWords = useWords(coreMessages);
  const errorText = useErrorText();
  const signal = useCallSignal(host.signal);
  const [store] = useState(() => createCostApprovalStore(api, errorText));
  const { status, data, error, refreshError, load, dropCost, refresh } = useStore(store);

  useEffect(() => {
    void load(jobId, signal);
  }, [load, jobId, signal]);
  const closeSoon = useCloseAfterDelay(onClose);
  // Says what happened, then reads the job again so that only what its new state allows is offered.
  const acted = (said: JobResult, closes: boolean) => {
    onResult(said);
    if (closes) closeSoon();
    void refresh(jobId, signal);
  };
  const resultLine = useFocusOnResult(result);

  const job = data?.job;
  const jobState = job && { ...job.Job, cancelled: Boolean(data?.cancelled || job.Job.cancelled) };
  const finished = jobState ? jobState.cancelled || isFinished(jobState.status_id) : false;
  return (
    <Dialog
      // "job 1001" kept on one line: a phone broke the title as "job / 1001".
      title={
        <>
          {words.title()} <span className="fm-cost-dialog__job">{words.titleJob(jobId)}</span>
        </>
      }
      onClose={onClose}
      className="fm-cost-dialog"
    >
      <LoadingStatus status={status} error={error} onRetry={() => void load(jobId, signal)} />
      <p className="fm-cost-dialog__outcome" role="status" ref={resultLine} tabIndex={-1}>
        {result && <JobResultText result={result} />}
      </p>
      {refreshError && (
        <RefreshWarning error={refreshError} onRefresh={() => void refresh(jobId, signal)} />
      )}
      {data && job && jobState && (
        <>
          <JobSummary data={data} />
          <CostList
            jobId={jobId}
            data={data}
            job={jobState}
            disableApprovals={config.disableApprovals}
            signal={signal}
            onAction={acted}
            onGone={dropCost}
          />
          <JobActions data={data} job={jobState} signal={signal} onAction={acted} />
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
              assignRefused={refusal('assignEngineer', 'client', jobState, jobWords)}
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
 * A decision that closes the modal (docs/requirements.md §4) leaves its message on show for the
 * delay first.
 */
function useCloseAfterDelay(onClose: () => void): () => void {
  const [closing, setClosing] = useState(false);
  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(onClose, MODAL_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [closing, onClose]);
  return () => setClosing(true);
}

/**
 * What a decision or a job action said takes the focus: the panel or cost whose button was
 * pressed goes away once the job is read again, which would drop focus out of the dialog; and
 * on a phone the modal is scrolled down to that button, far below the line that says it.
 */
function useFocusOnResult(result: JobResult | null) {
  const resultLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!result) return;
    resultLine.current?.focus();
    resultLine.current?.scrollIntoView?.({ block: 'nearest' });
  }, [result]);
  return resultLine;
}

/** The job and its costs loading, or their failure with Retry. */
function LoadingStatus({
  status,
  error,
  onRetry,
}: {
  status: LoadStatus;
  error: string | null;
  onRetry(): void;
}) {
  const words = useWords(messages).costApproval;
  return (
    <div aria-busy={status === 'loading'}>
      {status === 'loading' && (
        <p className="fm-cost-dialog__loading" role="status">
          {words.loading()}
        </p>
      )}
      {status === 'error' && error && (
        <>
          <Alert kind="danger" messages={error} />
          <button type="button" className="btn btn-default btn-outline-secondary" onClick={onRetry}>
            {words.retry()}
          </button>
        </>
      )}
    </div>
  );
}

/** The job could not be read again after an action: what shows may be out of date. */
function RefreshWarning({ error, onRefresh }: { error: string; onRefresh(): void }) {
  const words = useWords(messages).costApproval;
  return (
    <>
      <Alert kind="warning" messages={words.refreshFailed(error)} />
      <button type="button" className="btn btn-default btn-outline-secondary" onClick={onRefresh}>
        {words.readAgain()}
      </button>
    </>
  );
}

function JobSummary({ data }: { data: CostsIndexResponse }) {
  const words = useWords(messages).costApproval;
  const rows = summaryOf(data, words);
  return (
    <section className="fm-cost-dialog__section" aria-label={words.summary()}>
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
function summaryOf(data: CostsIndexResponse, words: CostApprovalWords): [string, string][] {
  const { Job, Site, Asset, Status, Type, Priority } = data.job;
  const site = Site.branch_reference
    ? words.siteWithBranch({ site: Site.name, branch: Site.branch_reference })
    : Site.name;
  return [
    [words.job(), String(Job.id)],
    [words.site(), site],
    [words.asset(), Asset?.name ?? words.none()],
    [
      words.status(),
      data.cancelled || Job.cancelled ? words.statusCancelled(Status.name) : Status.name,
    ],
    [words.type(), Type.name],
    [words.description(), Job.description],
    [words.priority(), Priority?.name ?? words.none()],
    [words.created(), formatDateTime(Job.created)],
  ];
}
