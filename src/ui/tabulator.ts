/**
 * Tabulator with only the modules our tables use, registered once for every table of the page
 * (STACK-NOTES: never TabulatorFull, ≈ 100 KB gzip against ≈ 60 KB for these).
 *
 * - Ajax, Page, Sort, Filter: remote data with remote paging, sorting and header filters;
 * - Edit: header filters and the linking tables' editors; Format: en-GB cells;
 * - FrozenColumns: frozen left columns; ColumnCalcs: totals rows; Interaction: cell events;
 * - ResizeTable: the columns fitted again when the frame changes width.
 *
 * CSV files are written by ./table-data (all rows, through the API), so Export and Download stay out.
 */
import {
  AjaxModule,
  ColumnCalcsModule,
  type ColumnComponent,
  EditModule,
  FilterModule,
  FormatModule,
  FrozenColumnsModule,
  InteractionModule,
  PageModule,
  ResizeTableModule,
  SortModule,
  Tabulator,
} from 'tabulator-tables';

Tabulator.registerModule([
  AjaxModule,
  ColumnCalcsModule,
  EditModule,
  FilterModule,
  FormatModule,
  FrozenColumnsModule,
  InteractionModule,
  PageModule,
  ResizeTableModule,
  SortModule,
]);

/**
 * Gives `column` a least width, kept by every later fit of the columns to the frame (layout
 * fitColumns, on a change of its width or a redraw) as a `minWidth` of its definition would be,
 * and makes it that wide. Tabulator 6 reads a least width from the definition only, when the column
 * is made, and has no public way to change it; `setWidth` alone lasts until the next fit.
 */
export function setLeastWidth(column: ColumnComponent, width: number): void {
  const internal = (column as unknown as { _column: { setMinWidth(width: number): void } })._column;
  internal.setMinWidth(width);
  if (column.getWidth() !== width) column.setWidth(width);
}

export { Tabulator };
