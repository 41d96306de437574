import { useId, useState } from 'react';
import { apiFor, failureMessages, isAbort } from '../../src/core/api';
import {
  type CostRecord,
  type CostValidateItem,
  costValidateEditBody,
  costValidateEditPath,
  costValidateEditResponse,
} from '../../src/core/contract';
import { useConfig } from '../../src/core/define';
import { costValidatePayload } from '../../src/core/job-payloads';
import { Alert } from '../../src/ui/Alert';
import { BusyButton } from '../../src/ui/BusyButton';

const VALIDATION_OPTIONS = [
  [0, 'No'],
  [1, 'Yes'],
  [2, 'N/A'],
] as const;

type ValidationStatus = 0 | 1 | 2 | null;

export interface CapexValidationProps {
  record: CostRecord;
  budgetCodes: Record<string, string>;
  jobBudgetCodeId: number | null;
  signal: AbortSignal;
  onSaved(items: CostValidateItem[]): void;
}

/** SPEC §3, §4: the capex checklist (No / Yes / N/A), saved with call 7. */
export function CapexValidation({
  record,
  budgetCodes,
  jobBudgetCodeId,
  signal,
  onSaved,
}: CapexValidationProps) {
  const api = apiFor(useConfig());
  const ids = useId();
  const [statuses, setStatuses] = useState<Record<number, ValidationStatus>>(() =>
    Object.fromEntries(record.CostValidate.map((item) => [item.id, item.validation.status])),
  );
  const [budgetCodeId, setBudgetCodeId] = useState<number | null>(jobBudgetCodeId);
  const [result, setResult] = useState<{ ok: boolean; messages: string[] } | null>(null);

  async function save() {
    setResult(null);
    const payload = costValidatePayload(record.Cost, budgetCodeId, statuses);
    try {
      await api.postForm(
        costValidateEditPath(),
        costValidateEditBody(payload),
        costValidateEditResponse,
        { signal },
      );
      onSaved(
        record.CostValidate.map((item) => ({
          ...item,
          validation: { ...item.validation, status: statuses[item.id] ?? null },
        })),
      );
      setResult({ ok: true, messages: ['Validation saved'] });
    } catch (failure) {
      if (!isAbort(failure)) setResult({ ok: false, messages: failureMessages(failure) });
    }
  }

  return (
    <fieldset className="fm-cost__validation">
      <legend>Capex validation</legend>
      {record.CostValidate.map((item) => (
        <div className="fm-field fm-field--inline" key={item.id}>
          <label htmlFor={`${ids}item${item.id}`}>{item.name}</label>
          <select
            id={`${ids}item${item.id}`}
            value={statuses[item.id] ?? ''}
            onChange={(event) =>
              setStatuses({
                ...statuses,
                [item.id]:
                  event.target.value === '' ? null : (Number(event.target.value) as 0 | 1 | 2),
              })
            }
          >
            <option value="">Not answered</option>
            {VALIDATION_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="fm-field fm-field--inline">
        <label htmlFor={`${ids}budget`}>Budget code</label>
        <select
          id={`${ids}budget`}
          value={budgetCodeId ?? ''}
          onChange={(event) =>
            setBudgetCodeId(event.target.value === '' ? null : Number(event.target.value))
          }
        >
          <option value="">None</option>
          {Object.entries(budgetCodes).map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {result && <Alert kind={result.ok ? 'success' : 'danger'} messages={result.messages} />}
      <BusyButton
        className="btn fm-cost__save-validation"
        busyLabel="Saving..."
        disabled={Object.values(statuses).every((status) => status === null)}
        onAction={save}
      >
        Save validation
      </BusyButton>
    </fieldset>
  );
}
