import { type FormEvent, useMemo, useState } from 'react';
import { TABLE_PAGE_SIZE } from '../../src/core/contract';
import type { TableColumn } from '../../src/ui/columns';
import { Field, SelectField } from '../../src/ui/Field';
import { Table } from '../../src/ui/Table';
import { csvFileName, filteredUrl, filterPath, readFilter, storeFascias } from './filters';

type Option = { id: number | string; name: string };

export interface BudgetRecordsProps {
  url: string;
  type: string;
  period: string;
  yearStart: string;
  /** Choices of the filters, as the host prints them: `[{ id, name }]`, fascias as names. */
  surveyors?: unknown;
  fasciaOptions?: unknown;
  categories?: unknown;
  scopes?: unknown;
}

const COLUMNS: TableColumn[] = [
  { field: 'job_id', title: 'Job', link: 'job', frozen: true },
  { field: 'created', title: 'Date', kind: 'date' },
  { field: 'site', title: 'Site', filter: true },
  { field: 'fascia', title: 'Fascia' },
  { field: 'surveyor', title: 'Surveyor' },
  { field: 'category', title: 'Category' },
  { field: 'budget_code', title: 'Budget code', filter: true },
  { field: 'scope', title: 'Scope' },
  { field: 'value', title: 'Value (£)', kind: 'money' },
];

function options(value: unknown): Option[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) =>
    typeof item === 'object' && item !== null
      ? { id: (item as Option).id, name: String((item as Option).name) }
      : { id: String(item), name: String(item) },
  );
}

/**
 * Budget records (SPEC §2): filters by surveyor, fascias (kept in session storage), category and
 * scope, applied by going to the report's path with them and read back from it; the table pages
 * on the host, and the CSV holds every matching row, named by type, period and year start.
 */
export function BudgetRecords(props: BudgetRecordsProps) {
  const { url, type, period, yearStart } = props;
  const [applied] = useState(() => readFilter(location.pathname, sessionStorage));
  const [surveyor, setSurveyor] = useState(String(applied.surveyor ?? ''));
  const [fascias, setFascias] = useState<string[]>([...(applied.fascias ?? [])]);
  const [categoryId, setCategoryId] = useState(String(applied.categoryId ?? ''));
  const [scope, setScope] = useState(String(applied.scope ?? ''));
  const dataUrl = useMemo(() => filteredUrl(url, applied), [url, applied]);

  function apply(event: FormEvent) {
    event.preventDefault();
    storeFascias(sessionStorage, fascias);
    location.assign(filterPath({ surveyor, fascias, categoryId, scope }));
  }

  const select = (label: string, value: string, set: (v: string) => void, list: Option[]) => (
    <SelectField
      label={label}
      className="fm-report-filters__field"
      empty="All"
      options={list.map((option) => ({ value: String(option.id), label: option.name }))}
      value={value === '' ? null : value}
      onChange={(chosen) => set(chosen ?? '')}
    />
  );

  return (
    <div className="fm-budget-records">
      <form className="fm-report-filters" onSubmit={apply} aria-label="Budget records filters">
        {select('Surveyor', surveyor, setSurveyor, options(props.surveyors))}
        <Field label="Fascias" className="fm-report-filters__field">
          {(control) => (
            <select
              {...control}
              multiple
              value={fascias}
              onChange={(event) =>
                setFascias([...event.target.selectedOptions].map((option) => option.value))
              }
            >
              {options(props.fasciaOptions).map((option) => (
                <option key={option.id} value={option.name}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {select('Category', categoryId, setCategoryId, options(props.categories))}
        {select('Scope', scope, setScope, options(props.scopes))}
        <button type="submit" className="fm-report-filters__apply">
          Apply filters
        </button>
      </form>
      <Table
        label="Budget records"
        columns={COLUMNS}
        url={dataUrl}
        pageSize={TABLE_PAGE_SIZE}
        csvFileName={csvFileName(type, period, yearStart)}
      />
    </div>
  );
}
