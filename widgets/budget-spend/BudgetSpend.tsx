import { useMemo } from 'react';
import { useWords } from '../../src/runtime/words';
import type { TableColumn } from '../../src/ui/columns';
import { Table } from '../../src/ui/Table';
import messages from './messages';

export interface BudgetSpendProps {
  url: string;
}

/** Height of the scrolling table body. */
export const BUDGET_SPEND_HEIGHT = '800px'; // docs/requirements.md §2
export const BUDGET_SPEND_CSV = 'budget-spend.csv';

type BudgetSpendWords = (typeof messages)['budgetSpend'];

/**
 * The first three columns stay put when the table scrolls sideways (docs/requirements.md §2); on a
 * phone only the first does (columns.ts, keepFrozen), or the three would leave no room for the
 * figures.
 */
const columnsIn = (words: BudgetSpendWords): TableColumn[] => [
  { field: 'site', title: words.site(), frozen: true, filter: true, totalLabel: words.total() },
  { field: 'branch_reference', title: words.branch(), frozen: true },
  { field: 'budget_code', title: words.budgetCode(), frozen: true, filter: true },
  // The totals row adds up every year shown: it says which.
  { field: 'year_start', title: words.yearStart(), width: 64, totalValues: true },
  { field: 'budget', title: words.budget(), kind: 'money', total: true },
  { field: 'spend', title: words.spend(), kind: 'money', total: true },
  { field: 'variance', title: words.variance(), kind: 'money', total: true },
];

/**
 * Budget versus spend: every row in an 800 px scrolling table with totals and CSV
 * (docs/requirements.md §2). The totals row says what it adds up: 'Total' under Site, the years of
 * the rows shown under Year start.
 */
export function BudgetSpend({ url }: BudgetSpendProps) {
  const words = useWords(messages).budgetSpend;
  const columns = useMemo(() => columnsIn(words), [words]);
  return (
    <Table
      label={words.table()}
      columns={columns}
      url={url}
      pageSize={null}
      height={BUDGET_SPEND_HEIGHT}
      csvFileName={BUDGET_SPEND_CSV}
      searchDelay={0}
    />
  );
}
