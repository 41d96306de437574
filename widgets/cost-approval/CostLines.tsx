import type { CostBreakdownRow } from '../../src/core/contract';
import { formatMoney } from '../../src/core/format';
import type { CostLinesView } from './cost-lines';

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
  /** Type, Value, Quantity and Markup % always; Subtype and Description when they say something. */
  const labelColumns = 4 + (lines.subtypes ? 1 : 0) + (lines.sharedDescription === null ? 1 : 0);
  return (
    <div className="fm-cost__scroll">
      <table className="fm-cost__table">
        <thead>
          <tr>
            <th scope="col">Type</th>
            {lines.subtypes && <th scope="col">Subtype</th>}
            {lines.sharedDescription === null && <th scope="col">Description</th>}
            <th scope="col" className="fm-num">
              Value
            </th>
            <th scope="col" className="fm-num">
              Quantity
            </th>
            <th scope="col" className="fm-num">
              Markup %
            </th>
            <th scope="col" className="fm-num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // Breakdown rows have no id of their own and never reorder.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
            <tr key={index}>
              <td data-label="Type">{row.type_name}</td>
              {lines.subtypes && <td data-label="Subtype">{row.subtype_name ?? ''}</td>}
              {lines.sharedDescription === null && (
                <td data-label="Description">{row.description ?? ''}</td>
              )}
              <td data-label="Value" className="fm-num">
                {formatMoney(row.value)}
              </td>
              <td data-label="Quantity" className="fm-num">
                {row.quantity}
              </td>
              <td data-label="Markup %" className="fm-num">
                {formatMoney(row.markup_percent)}
              </td>
              <td data-label="Total" className="fm-num">
                {formatMoney(row.total)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={labelColumns}>
              Total
            </th>
            <td className="fm-num fm-cost__total">{formatMoney(total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
