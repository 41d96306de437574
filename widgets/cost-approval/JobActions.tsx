import { useEffect, useId, useState } from 'react';
import { apiFor, failureMessages, isAbort } from '../../src/core/api';
import {
  type BudgetCode,
  budgetCodesIndexResponse,
  budgetCodesPath,
  type Contractor,
  type CostsIndexResponse,
  contractorsIndexResponse,
  contractorsPath,
  jobDuplicatePath,
  jobDuplicateResponse,
  jobUpdatePath,
  jobUpdateResponse,
  prioritiesPath,
  priorityListResponse,
} from '../../src/core/contract';
import { useConfig, useHost } from '../../src/core/define';
import {
  defaultBudgetCode,
  forwardPayload,
  isOrderNumberRequired,
  JOB_FORWARDED,
  JOB_REJECTED,
  JOB_RELEASED,
  type Option,
  primaryFirst,
  quotePayload,
  type ReleaseErrors,
  type ReleaseForm,
  rejectPayload,
  releaseErrors,
  releasePayload,
  releasePriorityOptions,
} from '../../src/core/job-payloads';
import { Alert } from '../../src/ui/Alert';
import { BusyButton } from '../../src/ui/BusyButton';
import { costApprovalConfig } from './config';

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
  /** After a reject or forward, which close the modal (SPEC §4). */
  onClosingAction(): void;
}

type Outcome = { ok: boolean; messages: string[] } | null;

/** Release, Reject, Forward and Create Quotation for a type 7 job awaiting release (SPEC §2). */
export function JobActions({ data, signal, onClosingAction }: JobActionsProps) {
  const ids = useId();
  const [panel, setPanel] = useState<Panel | null>(null);
  // One action ends the job's wait: after it, no other is offered.
  const [done, setDone] = useState(false);
  return (
    <section className="fm-cost-dialog__section" aria-labelledby={`${ids}heading`}>
      <h3 id={`${ids}heading`}>Job actions</h3>
      <div className="fm-job-actions__buttons">
        {PANELS.map(([name, label]) => (
          <button
            key={name}
            type="button"
            className={`btn fm-job-actions__${name}`}
            aria-expanded={panel === name}
            aria-controls={`${ids}${name}`}
            disabled={done && panel !== name}
            onClick={() => setPanel(panel === name ? null : name)}
          >
            {label}
          </button>
        ))}
      </div>
      {panel === 'release' && (
        <ReleasePanel
          id={`${ids}release`}
          data={data}
          signal={signal}
          onDone={() => setDone(true)}
        />
      )}
      {(panel === 'reject' || panel === 'forward') && (
        <MessagePanel
          key={panel}
          id={`${ids}${panel}`}
          action={panel}
          jobId={data.job.Job.id}
          signal={signal}
          onDone={() => {
            setDone(true);
            onClosingAction();
          }}
        />
      )}
      {panel === 'quote' && (
        <QuotePanel id={`${ids}quote`} jobId={data.job.Job.id} signal={signal} />
      )}
    </section>
  );
}

interface ReleaseChoices {
  contractors: Contractor[];
  priorities: Option[];
  budgetCodes: BudgetCode[];
}

function ReleasePanel({
  id,
  data,
  signal,
  onDone,
}: {
  id: string;
  data: CostsIndexResponse;
  signal: AbortSignal;
  onDone(): void;
}) {
  const api = apiFor(useConfig());
  const config = useConfig(costApprovalConfig);
  const { emit } = useHost();
  const job = data.job.Job;
  const ids = useId();
  const [choices, setChoices] = useState<ReleaseChoices | null>(null);
  const [loadError, setLoadError] = useState<string[] | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [form, setForm] = useState<ReleaseForm>({
    contractorId: null,
    priorityId: null,
    budgetCodeId: null,
    orderNumber: '',
  });
  const [errors, setErrors] = useState<ReleaseErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const orderNumberRequired = isOrderNumberRequired(job, config.validateClientReference2);

  useEffect(() => {
    // Attempt is read so that Retry loads again.
    void attempt;
    setLoadError(null);
    const budgetCodes: Promise<BudgetCode[]> =
      job.asset_id === null
        ? Promise.resolve(
            Object.entries(data.budget_codes).map(([codeId, name]) => ({
              budget_code_id: Number(codeId),
              budget_code_name: name,
            })),
          )
        : api.getJson(budgetCodesPath(job.asset_id), budgetCodesIndexResponse, { signal });
    Promise.all([
      api.getJson(contractorsPath(job.site_id, job.asset_id), contractorsIndexResponse, { signal }),
      api.getJson(prioritiesPath(), priorityListResponse, { signal }),
      budgetCodes,
    ]).then(
      ([contractors, priorities, codes]) => {
        const ordered = primaryFirst(contractors);
        setChoices({
          contractors: ordered,
          priorities: releasePriorityOptions(priorities, config.releasePriorities),
          budgetCodes: codes,
        });
        setForm((current) => ({
          ...current,
          contractorId: current.contractorId ?? ordered[0]?.user_id ?? null,
          budgetCodeId: current.budgetCodeId ?? defaultBudgetCode(codes),
        }));
      },
      (failure: unknown) => {
        if (!isAbort(failure)) setLoadError(failureMessages(failure));
      },
    );
  }, [api, job, data.budget_codes, config.releasePriorities, signal, attempt]);

  async function release() {
    const found = releaseErrors(form, orderNumberRequired);
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await api.postJson(
        jobDuplicatePath(job.id),
        releasePayload(form),
        jobDuplicateResponse,
        { signal },
      );
      setOutcome({ ok: true, messages: [JOB_RELEASED] });
      onDone();
      emit('fm-job-released', { jobId: job.id, releasedJobId: answer.job_id });
    } catch (failure) {
      // SPEC §7: the server message in an alert, array messages listed.
      if (!isAbort(failure)) setOutcome({ ok: false, messages: failureMessages(failure) });
    }
  }

  const set = (field: keyof ReleaseForm, value: string) =>
    setForm({
      ...form,
      [field]: field === 'orderNumber' ? value : value === '' ? null : Number(value),
    });
  const fieldProps = (field: keyof ReleaseForm) => ({
    id: `${ids}${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${ids}${field}-error` : undefined,
  });
  const fieldError = (field: keyof ReleaseForm) =>
    errors[field] && (
      <p className="fm-field__error" id={`${ids}${field}-error`}>
        {errors[field]}
      </p>
    );

  const released = outcome?.ok === true;
  return (
    <div className="fm-job-actions__panel" id={id}>
      <h4>Release the job</h4>
      {loadError && (
        <>
          <Alert kind="danger" messages={loadError} />
          <button type="button" className="btn" onClick={() => setAttempt(attempt + 1)}>
            Retry
          </button>
        </>
      )}
      {!choices && !loadError && <p role="status">Loading contractors and priorities…</p>}
      {choices && (
        <fieldset disabled={released} className="fm-job-actions__form">
          <legend className="fm-visually-hidden">Release</legend>
          <div className="fm-field">
            <label htmlFor={`${ids}contractorId`}>Contractor</label>
            <select
              {...fieldProps('contractorId')}
              value={form.contractorId ?? ''}
              onChange={(event) => set('contractorId', event.target.value)}
            >
              <option value="">Choose…</option>
              {choices.contractors.map((contractor) => (
                <option key={contractor.user_id} value={contractor.user_id}>
                  {contractor.primary ? `${contractor.name} (primary)` : contractor.name}
                </option>
              ))}
            </select>
            {fieldError('contractorId')}
          </div>
          <div className="fm-field">
            <label htmlFor={`${ids}priorityId`}>Priority</label>
            <select
              {...fieldProps('priorityId')}
              value={form.priorityId ?? ''}
              onChange={(event) => set('priorityId', event.target.value)}
            >
              <option value="">Choose…</option>
              {choices.priorities.map((priority) => (
                <option key={priority.id} value={priority.id}>
                  {priority.name}
                </option>
              ))}
            </select>
            {fieldError('priorityId')}
          </div>
          <div className="fm-field">
            <label htmlFor={`${ids}budgetCodeId`}>Budget code</label>
            <select
              {...fieldProps('budgetCodeId')}
              value={form.budgetCodeId ?? ''}
              onChange={(event) => set('budgetCodeId', event.target.value)}
            >
              <option value="">Choose…</option>
              {choices.budgetCodes.map((code) => (
                <option key={code.budget_code_id} value={code.budget_code_id}>
                  {code.budget_code_name}
                </option>
              ))}
            </select>
            {fieldError('budgetCodeId')}
          </div>
          <div className="fm-field">
            <label htmlFor={`${ids}orderNumber`}>
              Order Number{orderNumberRequired ? ' (required)' : ''}
            </label>
            <input
              {...fieldProps('orderNumber')}
              type="text"
              required={orderNumberRequired}
              value={form.orderNumber}
              onChange={(event) => set('orderNumber', event.target.value)}
            />
            {fieldError('orderNumber')}
          </div>
          {outcome && (
            <Alert kind={outcome.ok ? 'success' : 'danger'} messages={outcome.messages} />
          )}
          <BusyButton
            className="btn btn-primary fm-job-actions__submit"
            busyLabel="Releasing…"
            disabled={released}
            onAction={release}
          >
            Release job
          </BusyButton>
        </fieldset>
      )}
    </div>
  );
}

function MessagePanel({
  id,
  action,
  jobId,
  signal,
  onDone,
}: {
  id: string;
  action: 'reject' | 'forward';
  jobId: number;
  signal: AbortSignal;
  onDone(): void;
}) {
  const api = apiFor(useConfig());
  const { emit } = useHost();
  const ids = useId();
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const label = action === 'reject' ? 'Reject' : 'Forward';

  async function send() {
    setOutcome(null);
    setMissing(message.trim() === '');
    if (message.trim() === '') return;
    const payload =
      action === 'reject' ? rejectPayload(jobId, message) : forwardPayload(jobId, message);
    try {
      await api.postJson(jobUpdatePath(jobId), payload, jobUpdateResponse, { signal });
      setOutcome({ ok: true, messages: [action === 'reject' ? JOB_REJECTED : JOB_FORWARDED] });
      emit(action === 'reject' ? 'fm-job-rejected' : 'fm-job-forwarded', { jobId });
      onDone();
    } catch (failure) {
      if (!isAbort(failure)) setOutcome({ ok: false, messages: failureMessages(failure) });
    }
  }

  const sent = outcome?.ok === true;
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
        {outcome && <Alert kind={outcome.ok ? 'success' : 'danger'} messages={outcome.messages} />}
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

function QuotePanel({ id, jobId, signal }: { id: string; jobId: number; signal: AbortSignal }) {
  const api = apiFor(useConfig());
  const { emit } = useHost();
  const ids = useId();
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function requestQuote() {
    setOutcome(null);
    setMissing(description.trim() === '');
    if (description.trim() === '') return;
    try {
      const answer = await api.postJson(
        jobDuplicatePath(jobId),
        quotePayload(description),
        jobDuplicateResponse,
        { signal },
      );
      setOutcome({ ok: true, messages: [answer.message] });
      emit('fm-quote-requested', { jobId, quoteJobId: answer.job_id });
    } catch (failure) {
      if (!isAbort(failure)) setOutcome({ ok: false, messages: failureMessages(failure) });
    }
  }

  const sent = outcome?.ok === true;
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
        {outcome && <Alert kind={outcome.ok ? 'success' : 'danger'} messages={outcome.messages} />}
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
