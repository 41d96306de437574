import { useState } from 'react';
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
import { type JobWords, releasedJobGoes } from '../../src/core/job-messages';
import {
  contractorOptions,
  defaultBudgetCode,
  defaultReleasePriority,
  isOrderNumberRequired,
  type Option,
  primaryFirst,
  type ReleaseErrors,
  type ReleaseForm,
  releaseErrors,
  releasePayload,
  releasePriorityOptions,
} from '../../src/core/job-payloads';
import coreMessages from '../../src/core/messages';
import { useConfig, useHost } from '../../src/runtime/define';
import { useApi } from '../../src/runtime/use-api';
import { useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import { SelectField, TextField } from '../../src/ui/Field';
import { ActionButton, ActionOutcome, HELD_BACK, useAction } from '../../src/ui/useAction';
import { useRemote } from '../../src/ui/useRemote';
import type { CostApprovalWords } from './CostApproval';
import { costApprovalConfig } from './config';
import type { JobResult } from './job-result';
import messages from './messages';
import { usePanelFocus } from './usePanelFocus';

interface ReleaseChoices {
  contractors: Contractor[];
  priorities: Option[];
  budgetCodes: BudgetCode[];
}

/** The request field each control edits (call 5's `Job`), as the host names it in a refusal. */
const RELEASE_FIELDS = {
  contractorId: 'Job.contractor_id',
  priorityId: 'Job.priority_id',
  budgetCodeId: 'Job.budget_code_id',
  orderNumber: 'Job.client_reference_2',
} as const;

export interface ReleasePanelProps {
  id: string;
  data: CostsIndexResponse;
  signal: AbortSignal;
  /** Once the host has released the job. */
  onDone(result: JobResult): void;
}

/**
 * 'Job Released' (docs/requirements.md §8), then the new job and what went with it, as the host
 * records it (the job's own Order Number when none was typed): "Job Released. Job 6251 goes to …".
 */
function releaseResult(
  form: ReleaseForm,
  jobOrderNumber: string | null | undefined,
  choices: ReleaseChoices | null,
  newJobId: number,
  words: { costApproval: CostApprovalWords; jobWords: JobWords },
): JobResult {
  const orderNumber = form.orderNumber.trim() || jobOrderNumber?.trim() || null;
  const said = releasedJobGoes(
    {
      contractor:
        choices?.contractors.find((contractor) => contractor.user_id === form.contractorId)?.name ??
        null,
      priority:
        choices?.priorities.find((priority) => priority.id === form.priorityId)?.name ?? null,
      orderNumber,
    },
    words.jobWords,
  );
  return {
    message: words.jobWords.job.released(),
    newJob: {
      id: newJobId,
      label: words.costApproval.newJob(),
      said,
      ...(orderNumber ? { whole: orderNumber } : {}),
    },
  };
}

/**
 * docs/requirements.md §4, §5: the release form: contractor, priority, budget code and Order
 * Number.
 */
export function ReleasePanel({ id, data, signal, onDone }: ReleasePanelProps) {
  const api = useApi();
  const config = useConfig(costApprovalConfig);
  const { emit } = useHost();
  const words = useWords(messages).costApproval;
  const jobWords = useWords(coreMessages);
  const job = data.job.Job;
  const [form, setForm] = useState<ReleaseForm>({
    contractorId: null,
    priorityId: null,
    budgetCodeId: null,
    // The job's own Order Number, when it has one, goes with the release unless changed.
    orderNumber: job.client_reference_2?.trim() ?? '',
  });
  const [errors, setErrors] = useState<ReleaseErrors>({});
  const [released, setReleased] = useState(false);
  const orderNumberRequired = isOrderNumberRequired(job, config.validateClientReference2);

  const load = useRemote<ReleaseChoices>(
    async (own) => {
      const budgetCodes: Promise<BudgetCode[]> =
        job.asset_id === null
          ? Promise.resolve(
              Object.entries(data.budget_codes).map(([codeId, name]) => ({
                budget_code_id: Number(codeId),
                budget_code_name: name,
              })),
            )
          : api.getJson(budgetCodesPath(job.asset_id), budgetCodesIndexResponse, { signal: own });
      const [contractors, priorities, codes] = await Promise.all([
        api.getJson(contractorsPath(job.site_id, job.asset_id), contractorsIndexResponse, {
          signal: own,
        }),
        api.getJson(prioritiesPath(), priorityListResponse, { signal: own }),
        budgetCodes,
      ]);
      const offered = releasePriorityOptions(priorities, config.releasePriorities);
      // The default of docs/requirements.md §2, Non-Contract, and the job's own priority (when the
      // release offers it) come with the choices (the same render shows both). The contractor is
      // the user's to choose: none is preselected, so none goes unpicked.
      setForm((current) => ({
        ...current,
        priorityId: current.priorityId ?? defaultReleasePriority(job.priority_id, offered),
        budgetCodeId: current.budgetCodeId ?? defaultBudgetCode(codes),
      }));
      return {
        contractors: primaryFirst(contractors),
        priorities: offered,
        budgetCodes: codes,
      };
    },
    [api, job, data.budget_codes, config.releasePriorities],
    signal,
  );
  const choices = load.status === 'ready' ? load.value : null;
  const panel = usePanelFocus(choices !== null);

  const release = useAction(async (own) => {
    const found = releaseErrors(form, orderNumberRequired, jobWords);
    setErrors(found);
    if (Object.keys(found).length > 0) return HELD_BACK;
    // docs/requirements.md §7: a refusal is the server's message in an alert, array messages
    // listed.
    const answer = await api.postJson(
      jobDuplicatePath(job.id),
      releasePayload(form),
      jobDuplicateResponse,
      { signal: own },
    );
    setReleased(true);
    emit('fm-job-released', { jobId: job.id, releasedJobId: answer.job_id });
    onDone(
      releaseResult(form, job.client_reference_2, choices, answer.job_id, {
        costApproval: words,
        jobWords,
      }),
    );
    // The job's own result (with the new job's link) is told by the element.
    return undefined;
  }, signal);

  const choose = (field: 'contractorId' | 'priorityId' | 'budgetCodeId') => ({
    field: RELEASE_FIELDS[field],
    required: true,
    empty: words.choose(),
    error: errors[field],
    value: form[field],
    onChange: (value: number | null) => setForm({ ...form, [field]: value }),
  });

  return (
    <div className="fm-job-actions__panel" id={id} ref={panel}>
      <h4>{words.releaseTitle()}</h4>
      {load.status === 'error' && (
        <Alert kind="danger" messages={load.messages} onRetry={load.retry} />
      )}
      {load.status === 'loading' && <p role="status">{words.releaseChoicesLoading()}</p>}
      {choices && (
        <fieldset disabled={released} className="fm-job-actions__form">
          <legend className="fm-visually-hidden">{words.release()}</legend>
          <SelectField
            label={words.contractor()}
            options={contractorOptions(choices.contractors, jobWords)}
            {...choose('contractorId')}
          />
          <SelectField
            label={words.priority()}
            options={choices.priorities.map((priority) => ({
              value: priority.id,
              label: priority.name,
            }))}
            {...choose('priorityId')}
          />
          <SelectField
            label={words.budgetCode()}
            options={choices.budgetCodes.map((code) => ({
              value: code.budget_code_id,
              label: code.budget_code_name,
            }))}
            {...choose('budgetCodeId')}
          />
          <TextField
            label={orderNumberRequired ? words.orderNumberRequired() : words.orderNumber()}
            field={RELEASE_FIELDS.orderNumber}
            required={orderNumberRequired}
            error={errors.orderNumber}
            value={form.orderNumber}
            onChange={(orderNumber) => setForm({ ...form, orderNumber })}
          />
          <ActionOutcome action={release} />
          <ActionButton
            action={release}
            className="btn btn-primary fm-job-actions__submit"
            busyLabel={words.releasing()}
            disabled={released}
          >
            {words.releaseJob()}
          </ActionButton>
        </fieldset>
      )}
    </div>
  );
}
