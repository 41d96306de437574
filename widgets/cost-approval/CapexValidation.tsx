import { useState } from 'react';
import {
  type CostRecord,
  type CostValidateItem,
  costValidateEditBody,
  costValidateEditPath,
  costValidateEditResponse,
} from '../../src/core/contract';
import { costValidatePayload } from '../../src/core/job-payloads';
import { useApi } from '../../src/runtime/use-api';
import { useWords } from '../../src/runtime/words';
import { SelectField, type SelectOption } from '../../src/ui/Field';
import { ActionButton, ActionOutcome, useAction } from '../../src/ui/useAction';
import type { CostApprovalWords } from './CostApproval';
import messages from './messages';

/** A validation item's answers (docs/requirements.md §3): No, Yes, N/A. */
const validationOptions = (words: CostApprovalWords): readonly SelectOption<0 | 1 | 2>[] => [
  { value: 0, label: words.validationNo() },
  { value: 1, label: words.validationYes() },
  { value: 2, label: words.validationNotApplicable() },
];

type ValidationStatus = 0 | 1 | 2 | null;

export interface CapexValidationProps {
  record: CostRecord;
  budgetCodes: Record<string, string>;
  jobBudgetCodeId: number | null;
  signal: AbortSignal;
  onSaved(items: CostValidateItem[]): void;
}

/** docs/requirements.md §3, §4: the capex checklist (No / Yes / N/A), saved with call 7. */
export function CapexValidation({
  record,
  budgetCodes,
  jobBudgetCodeId,
  signal,
  onSaved,
}: CapexValidationProps) {
  const api = useApi();
  const words = useWords(messages).costApproval;
  const [statuses, setStatuses] = useState<Record<number, ValidationStatus>>(() =>
    Object.fromEntries(record.CostValidate.map((item) => [item.id, item.validation.status])),
  );
  const [budgetCodeId, setBudgetCodeId] = useState<number | null>(jobBudgetCodeId);
  const codeOptions = Object.entries(budgetCodes).map(([id, name]) => ({
    value: Number(id),
    label: name,
  }));

  const save = useAction(async (own) => {
    const payload = costValidatePayload(record.Cost, budgetCodeId, statuses);
    await api.postForm(
      costValidateEditPath(),
      costValidateEditBody(payload),
      costValidateEditResponse,
      { signal: own },
    );
    onSaved(
      record.CostValidate.map((item) => ({
        ...item,
        validation: { ...item.validation, status: statuses[item.id] ?? null },
      })),
    );
    return words.validationSaved();
  }, signal);

  return (
    <fieldset className="fm-cost__validation">
      <legend>{words.capexValidation()}</legend>
      {record.CostValidate.map((item) => (
        <SelectField
          key={item.id}
          label={item.name}
          field={`CostValidate[${item.id}]`}
          empty={words.notAnswered()}
          options={validationOptions(words)}
          value={statuses[item.id] ?? null}
          onChange={(status) => setStatuses({ ...statuses, [item.id]: status })}
        />
      ))}
      <SelectField
        label={words.budgetCode()}
        field="budget_code_id"
        empty={words.none()}
        options={codeOptions}
        value={budgetCodeId}
        onChange={setBudgetCodeId}
      />
      <div className="fm-cost__validation-save">
        <ActionButton
          action={save}
          className="btn btn-outline-primary fm-cost__save-validation"
          saves
          disabled={Object.values(statuses).every((status) => status === null)}
        >
          {words.validationSave()}
        </ActionButton>
        <ActionOutcome action={save} />
      </div>
    </fieldset>
  );
}
