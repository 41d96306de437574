import { useEffect, useMemo, useRef } from 'react';
import { formatCount } from '../../src/core/format';
import { apiFor } from '../../src/runtime/api';
import { useConfig } from '../../src/runtime/define';
import { Alert } from '../../src/ui/Alert';
import type { Row, TableColumn } from '../../src/ui/columns';
import { Table } from '../../src/ui/Table';
import { fetchAllRows } from '../../src/ui/table-data';
import { watchHiddenSides } from '../../src/ui/table-scroll';
import { useRemote } from '../../src/ui/useRemote';
import { Doughnut } from './Doughnut';
import {
  COMPLIANCE_COLOURS,
  COMPLIANCE_STATUSES,
  formatPercent,
  groupFigures,
  groupSummary,
  STATUS_LABELS,
} from './figures';

export interface ComplianceProps {
  url: string;
}

const COLUMNS: TableColumn[] = [
  { field: 'site', title: 'Site', filter: true, frozen: true },
  { field: 'category', title: 'Category', filter: true },
  { field: 'compliant', title: 'Compliant', kind: 'number', total: true },
  { field: 'remedial', title: 'Remedial', kind: 'number', total: true },
  { field: 'overdue', title: 'Overdue', kind: 'number', total: true },
  { field: 'not_compliant', title: 'Not compliant', kind: 'number', total: true },
  { field: 'compliant_percent', title: 'Compliant %', kind: 'percent' },
];

/**
 * Compliance (docs/requirements.md §2, §9): a doughnut per asset category with the share of each
 * status in the four status colours, the same figures in a table, and every site's counts below.
 */
export function Compliance({ url }: ComplianceProps) {
  const api = apiFor(useConfig());
  const load = useRemote<Row[]>(
    (signal) => fetchAllRows(api, url, { sort: [], filter: {} }, { signal }),
    [api, url],
  );

  const rows = load.status === 'ready' ? load.value : null;
  const groups = useMemo(() => (rows ? groupFigures(rows) : []), [rows]);

  // On a phone the figures scroll sideways: a shadow shows the side with more.
  const figuresFrame = useRef<HTMLDivElement>(null);
  const figuresBox = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!rows || !figuresFrame.current || !figuresBox.current) return;
    return watchHiddenSides(figuresFrame.current, figuresBox.current);
  }, [rows]);

  if (load.status === 'error') {
    return (
      <Alert kind="danger" box="fm-table__error" messages={load.messages} onRetry={load.retry} />
    );
  }
  if (!rows) {
    return (
      <p className="fm-table__status" role="status">
        Loading…
      </p>
    );
  }

  return (
    <div className="fm-compliance">
      <ul className="fm-compliance__legend" aria-label="Chart colours">
        {COMPLIANCE_STATUSES.map((status) => (
          <li key={status}>
            <span
              className="fm-compliance__swatch"
              style={{ background: `var(${COMPLIANCE_COLOURS[status]})` }}
              aria-hidden="true"
            />
            {STATUS_LABELS[status]}
          </li>
        ))}
      </ul>
      <div className="fm-compliance__charts">
        {groups.map((group) => (
          <figure key={group.name} className="fm-compliance__chart">
            <Doughnut
              summary={groupSummary(group)}
              segments={COMPLIANCE_STATUSES.map((status) => ({
                label: STATUS_LABELS[status],
                value: group.counts[status],
                colour: COMPLIANCE_COLOURS[status],
              }))}
            />
            <figcaption>
              {group.name}: {formatPercent(group.percent.compliant)} compliant
            </figcaption>
          </figure>
        ))}
      </div>
      {/* A narrow screen scrolls the figures inside this region, not the page; the keyboard
          reaches it to scroll (axe scrollable-region-focusable). */}
      <div className="fm-compliance__frame fm-scroll-shadow" ref={figuresFrame}>
        <section
          ref={figuresBox}
          className="fm-compliance__scroll"
          aria-label="Compliance by category"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
          tabIndex={0}
        >
          <table className="fm-compliance__figures">
            <caption>Compliance by category</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                {COMPLIANCE_STATUSES.map((status) => (
                  <th key={status} scope="col">
                    {STATUS_LABELS[status]}
                  </th>
                ))}
                <th scope="col">Items</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.name}>
                  <th scope="row">{group.name}</th>
                  {COMPLIANCE_STATUSES.map((status) => (
                    <td key={status}>
                      {formatPercent(group.percent[status])} ({formatCount(group.counts[status])})
                    </td>
                  ))}
                  <td>{formatCount(group.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <Table
        label="Compliance by site"
        columns={COLUMNS}
        rows={rows}
        pageSize={null}
        searchDelay={0}
      />
    </div>
  );
}
