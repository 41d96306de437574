import type { CostBreakdownRow } from '../../src/core/contract';
import { formatMoney } from '../../src/core/format';
import { useWords } from '../../src/runtime/words';
import type { CostLinesView } from './cost-lines';
import messages from './messages';

/** A cost's breakdown, line by line, and its total. */
export function CostLines({
  rows,
  lines,
  total,
}: {
  rows: readonly CostBreakdownRow[];
  lines: CostLinesView;
  total: number;
}) {
  const words = useWords(messages).costApproval;
  /** Type, Value, Quantity and Markup % always; Subtype and Description when they say something. */
  const labelColumns = 4 + (lines.subtypes ? 1 : 0) + (lines.sharedDescription === null ? 1 : 0);
  return (
    <div className="fm-cost__scroll">
      <table className="fm-cost__table">
        <thead>
          <tr>
            <th scope="col">{words.type()}</th>
            {lines.subtypes && <th scope="col">{words.subtype()}</th>}
            {lines.sharedDescription === null && <th scope="col">{words.description()}</th>}
            <th scope="col" className="fm-num">
              {words.value()}
            </th>
            <th scope="col" className="fm-num">
              {words.quantity()}
            </th>
            <th scope="col" className="fm-num">
              {words.markup()}
            </th>
            <th scope="col" className="fm-num">
              {words.total()}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // Breakdown rows have no id of their own and never reorder.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
            <tr key={index}>
              <td data-label={words.type()}>{row.type_name}</td>
              {lines.subtypes && <td data-label={words.subtype()}>{row.subtype_name ?? ''}</td>}
              {lines.sharedDescription === null && (
                <td data-label={words.description()}>{row.description ?? ''}</td>
              )}
              <td data-label={words.value()} className="fm-num">
                {formatMoney(row.value)}
              </td>
              <td data-label={words.quantity()} className="fm-num">
                {row.quantity}
              </td>
              <td data-label={words.markup()} className="fm-num">
                {formatMoney(row.markup_percent)}
              </td>
              <td data-label={words.total()} className="fm-num">
                {formatMoney(row.total)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={labelColumns}>
              {words.total()}
            </th>
            <td className="fm-num fm-cost__total">{formatMoney(total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
