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
  prioritiesPath,
  priorityListResponse,
} from '../../src/core/contract';
import { useConfig, useHost } from '../../src/core/define';
import {
  defaultBudgetCode,
  isOrderNumberRequired,
  JOB_RELEASED,
  type Option,
  primaryFirst,
  type ReleaseErrors,
  type ReleaseForm,
  releaseErrors,
  releasePayload,
  releasePriorityOptions,
} from '../../src/core/job-payloads';
import { Alert } from '../../src/ui/Alert';
import { BusyButton } from '../../src/ui/BusyButton';
import { costApprovalConfig } from './config';

import type { Outcome } from './outcome';

interface ReleaseChoices {
  contractors: Contractor[];
  priorities: Option[];
  budgetCodes: BudgetCode[];
}

export interface ReleasePanelProps {
  id: string;
  data: CostsIndexResponse;
  signal: AbortSignal;
  /** Once the host has released the job. */
  onDone(outcome: Outcome): void;
}

/** SPEC §4, §5: the release form: contractor, priority, budget code and Order Number. */
export function ReleasePanel({ id, data, signal, onDone }: ReleasePanelProps) {
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
  const [failure, setFailure] = useState<string[] | null>(null);
  const [released, setReleased] = useState(false);
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
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await api.postJson(
        jobDuplicatePath(job.id),
        releasePayload(form),
        jobDuplicateResponse,
        { signal },
      );
      setReleased(true);
      emit('fm-job-released', { jobId: job.id, releasedJobId: answer.job_id });
      onDone({ message: JOB_RELEASED, newJob: { id: answer.job_id, label: 'The new job is' } });
    } catch (error) {
      // SPEC §7: the server message in an alert, array messages listed.
      if (!isAbort(error)) setFailure(failureMessages(error));
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
      <p className="fm-field-error" id={`${ids}${field}-error`}>
        {errors[field]}
      </p>
    );

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
          {failure && <Alert kind="danger" messages={failure} />}
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
