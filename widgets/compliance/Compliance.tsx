import { useEffect, useMemo, useRef } from 'react';
import { formatCount } from '../../src/core/format';
import { useApi } from '../../src/runtime/use-api';
import { useWords } from '../../src/runtime/words';
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
  type ComplianceWords,
  formatPercent,
  groupFigures,
  groupSummary,
  STATUS_WORDS,
} from './figures';
import messages from './messages';

export interface ComplianceProps {
  url: string;
}

const columnsIn = (words: ComplianceWords): TableColumn[] => [
  { field: 'site', title: words.site(), filter: true, frozen: true },
  { field: 'category', title: words.category(), filter: true },
  { field: 'compliant', title: words.compliant(), kind: 'number', total: true },
  { field: 'remedial', title: words.remedial(), kind: 'number', total: true },
  { field: 'overdue', title: words.overdue(), kind: 'number', total: true },
  { field: 'not_compliant', title: words.notCompliant(), kind: 'number', total: true },
  { field: 'compliant_percent', title: words.compliantPercent(), kind: 'percent' },
];

/**
 * Compliance (docs/requirements.md §2, §9): a doughnut per asset category with the share of each
 * status in the four status colours, the same figures in a table, and every site's counts below.
 */
export function Compliance({ url }: ComplianceProps) {
  const api = useApi();
  const words = useWords(messages).compliance;
  const columns = useMemo(() => columnsIn(words), [words]);
  const statusWord = (status: (typeof COMPLIANCE_STATUSES)[number]) =>
    words[STATUS_WORDS[status]]();
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
        {words.loading()}
      </p>
    );
  }

  return (
    <div className="fm-compliance">
      <ul className="fm-compliance__legend" aria-label={words.chartColours()}>
        {COMPLIANCE_STATUSES.map((status) => (
          <li key={status}>
            <span
              className="fm-compliance__swatch"
              style={{ background: `var(${COMPLIANCE_COLOURS[status]})` }}
              aria-hidden="true"
            />
            {statusWord(status)}
          </li>
        ))}
      </ul>
      <div className="fm-compliance__charts">
        {groups.map((group) => (
          <figure key={group.name} className="fm-compliance__chart">
            <Doughnut
              summary={groupSummary(group, words)}
              segments={COMPLIANCE_STATUSES.map((status) => ({
                label: statusWord(status),
                value: group.counts[status],
                colour: COMPLIANCE_COLOURS[status],
              }))}
            />
            <figcaption>
              {words.chartCaption({
                category: group.name,
                compliant: formatPercent(group.percent.compliant),
              })}
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
          aria-label={words.byCategory()}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
          tabIndex={0}
        >
          <table className="fm-compliance__figures">
            <caption>{words.byCategory()}</caption>
            <thead>
              <tr>
                <th scope="col">{words.category()}</th>
                {COMPLIANCE_STATUSES.map((status) => (
                  <th key={status} scope="col">
                    {statusWord(status)}
                  </th>
                ))}
                <th scope="col">{words.items()}</th>
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
      <Table label={words.bySite()} columns={columns} rows={rows} pageSize={null} searchDelay={0} />
    </div>
  );
}
