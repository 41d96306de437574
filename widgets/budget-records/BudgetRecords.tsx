import { type FormEvent, useMemo, useState } from 'react';
import { type Choice, readChoices } from '../../src/core/choices';
import { TABLE_PAGE_SIZE } from '../../src/core/contract';
import { useWords } from '../../src/runtime/words';
import type { TableColumn } from '../../src/ui/columns';
import { Field, SelectField } from '../../src/ui/Field';
import { Table } from '../../src/ui/Table';
import {
  type BudgetRecordsWords,
  csvFileName,
  emptyRecordsText,
  filteredUrl,
  filterPath,
  readFilter,
  storeFascias,
} from './filters';
import messages from './messages';

export interface BudgetRecordsProps {
  url: string;
  type: string;
  period: string;
  yearStart: string;
  /** Choices of the filters, as the host prints them (src/core/choices.ts), fascias as names. */
  surveyors?: unknown;
  fasciaOptions?: unknown;
  categories?: unknown;
  scopes?: unknown;
}

const columnsIn = (words: BudgetRecordsWords): TableColumn[] => [
  { field: 'job_id', title: words.job(), link: 'job', frozen: true },
  { field: 'created', title: words.date(), kind: 'date' },
  { field: 'site', title: words.site(), filter: true },
  { field: 'fascia', title: words.fascia() },
  { field: 'surveyor', title: words.surveyor() },
  { field: 'category', title: words.category() },
  { field: 'budget_code', title: words.budgetCode(), filter: true },
  { field: 'scope', title: words.scope() },
  { field: 'value', title: words.value(), kind: 'money' },
  // Only approved costs are spend; declined and awaiting ones are listed as such.
  { field: 'status', title: words.status(), filter: true },
];

/**
 * Budget records (docs/requirements.md §2): filters by surveyor, fascias (kept in session storage),
 * category and scope, applied by going to the report's path with them and read back from it; the
 * table pages on the host, and the CSV holds every matching row, named by type, period and year
 * start.
 */
export function BudgetRecords(props: BudgetRecordsProps) {
  const { url, type, period, yearStart } = props;
  const [applied] = useState(() => readFilter(location.pathname, sessionStorage));
  const [surveyor, setSurveyor] = useState(String(applied.surveyor ?? ''));
  const [fascias, setFascias] = useState<string[]>([...(applied.fascias ?? [])]);
  const [categoryId, setCategoryId] = useState(String(applied.categoryId ?? ''));
  const [scope, setScope] = useState(String(applied.scope ?? ''));
  const dataUrl = useMemo(() => filteredUrl(url, applied), [url, applied]);
  const words = useWords(messages).budgetRecords;
  const columns = useMemo(() => columnsIn(words), [words]);

  function apply(event: FormEvent) {
    event.preventDefault();
    storeFascias(sessionStorage, fascias);
    location.assign(filterPath({ surveyor, fascias, categoryId, scope }));
  }

  const select = (label: string, value: string, set: (v: string) => void, choices: Choice[]) => (
    <SelectField
      label={label}
      className="fm-report-filters__field"
      empty={words.all()}
      options={choices}
      value={value === '' ? null : value}
      onChange={(chosen) => set(chosen ?? '')}
    />
  );

  return (
    <div className="fm-budget-records">
      <form className="fm-report-filters" onSubmit={apply} aria-label={words.filters()}>
        {select(
          words.surveyor(),
          surveyor,
          setSurveyor,
          readChoices(props.surveyors, 'data-surveyors'),
        )}
        <Field
          label={words.fascias()}
          // One sentence for a phone's list (tapped) and a desk's (Ctrl- or Cmd-clicked).
          hint={words.fasciasHint()}
          className="fm-report-filters__field fm-report-filters__fascias"
        >
          {(control) => (
            <select
              {...control}
              multiple
              value={fascias}
              onChange={(event) =>
                setFascias([...event.target.selectedOptions].map((option) => option.value))
              }
            >
              {/* The filter keeps fascias by name. */}
              {readChoices(props.fasciaOptions, 'data-fascia-options').map(({ value, label }) => (
                <option key={value} value={label}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {select(
          words.category(),
          categoryId,
          setCategoryId,
          readChoices(props.categories, 'data-categories'),
        )}
        {select(words.scope(), scope, setScope, readChoices(props.scopes, 'data-scopes'))}
        {/* Under a label's room, so the button stands level with the selects beside it. */}
        <div className="fm-field form-group fm-report-filters__field">
          <span className="fm-label form-label" aria-hidden="true">
            {'\u00a0'}
          </span>
          <button type="submit" className="btn btn-primary fm-report-filters__apply">
            {words.applyFilters()}
          </button>
        </div>
      </form>
      <Table
        label={words.table()}
        columns={columns}
        url={dataUrl}
        pageSize={TABLE_PAGE_SIZE}
        csvFileName={csvFileName(type, period, yearStart)}
        emptyText={emptyRecordsText(applied, words)}
      />
    </div>
  );
}
