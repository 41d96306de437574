import type { TableColumn } from '../../src/ui/columns';
import { Table } from '../../src/ui/Table';

export interface BudgetSpendProps {
  url: string;
}

/** Height of the scrolling table body. */
export const BUDGET_SPEND_HEIGHT = '800px'; // docs/requirements.md §2
export const BUDGET_SPEND_CSV = 'budget-spend.csv';

/**
 * The first three columns stay put when the table scrolls sideways (docs/requirements.md §2); on a
 * phone only the first does (columns.ts, keepFrozen), or the three would leave no room for the
 * figures.
 */
const COLUMNS: TableColumn[] = [
  { field: 'site', title: 'Site', frozen: true, filter: true, totalLabel: 'Total' },
  { field: 'branch_reference', title: 'Branch', frozen: true },
  { field: 'budget_code', title: 'Budget code', frozen: true, filter: true },
  // The totals row adds up every year shown: it says which.
  { field: 'year_start', title: 'Year start', width: 64, totalValues: true },
  { field: 'budget', title: 'Budget (£)', kind: 'money', total: true },
  { field: 'spend', title: 'Spend (£)', kind: 'money', total: true },
  { field: 'variance', title: 'Variance (£)', kind: 'money', total: true },
];

/**
 * Budget versus spend: every row in an 800 px scrolling table with totals and CSV
 * (docs/requirements.md §2). The totals row says what it adds up: 'Total' under Site, the years of
 * the rows shown under Year start.
 */
export function BudgetSpend({ url }: BudgetSpendProps) {
  return (
    <Table
      label="Budget versus spend"
      columns={COLUMNS}
      url={url}
      pageSize={null}
      height={BUDGET_SPEND_HEIGHT}
      csvFileName={BUDGET_SPEND_CSV}
      searchDelay={0}
    />
  );
}
