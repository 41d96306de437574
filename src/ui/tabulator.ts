/**
 * Tabulator with only the modules our tables use, registered once for every table of the page
 * (docs/libraries.md: never TabulatorFull, ≈ 100 KB gzip against ≈ 60 KB for these).
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

export { Tabulator };
