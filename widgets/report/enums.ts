import { models } from './sdk';

/**
 * The enumerations of docs/requirements.md §4 for embedded reports, taken from powerbi-client's own
 * models so their numbers never drift from what the service expects. Hosts reach them as
 * `customElements.get('fm-report').enums`.
 */
export const reportEnums = {
  ViewMode: models.ViewMode,
  TokenType: models.TokenType,
  Permissions: models.Permissions,
  LayoutType: models.LayoutType,
  PageSizeType: models.PageSizeType,
  DisplayOption: models.DisplayOption,
  BackgroundType: models.BackgroundType,
  VisualContainerDisplayMode: models.VisualContainerDisplayMode,
  HyperlinkClickBehavior: models.HyperlinkClickBehavior,
  CommandDisplayOption: models.CommandDisplayOption,
  MenuLocation: models.MenuLocation,
  PageNavigationPosition: models.PageNavigationPosition,
  ContrastMode: models.ContrastMode,
  FiltersOperations: models.FiltersOperations,
  FiltersLevel: models.FiltersLevel,
  FilterType: models.FilterType,
  RelativeDateOperators: models.RelativeDateOperators,
  RelativeDateFilterTimeUnit: models.RelativeDateFilterTimeUnit,
  CredentialType: models.CredentialType,
  DataCacheMode: models.DataCacheMode,
  AggregateFunction: models.AggregateFunction,
  BookmarksPlayMode: models.BookmarksPlayMode,
  ExportDataType: models.ExportDataType,
  QnaMode: models.QnaMode,
  SortDirection: models.SortDirection,
  LegendPosition: models.LegendPosition,
  TextAlignment: models.TextAlignment,
  SectionVisibility: models.SectionVisibility,
  ReportAlignment: models.ReportAlignment,
  TraceType: models.TraceType,
  BrowserPrintAdjustmentsMode: models.BrowserPrintAdjustmentsMode,
} as const;

/** The numeric members of a TypeScript enum object (which also maps numbers back to names). */
export function enumNumbers(enumeration: object): number[] {
  return Object.values(enumeration).filter((value): value is number => typeof value === 'number');
}

/** The member names of a numeric enum, in numeric order. */
export function enumNames(enumeration: object): string[] {
  return Object.entries(enumeration)
    .filter(([, value]) => typeof value === 'number')
    .map(([name]) => name);
}

/**
 * Reads an enumeration value written by a host: its number (7, "7") or its name ("All", "all").
 * Returns undefined when it is neither, so the caller can name the field in its message.
 */
export function enumValue(enumeration: object, value: unknown): number | undefined {
  const numbers = enumNumbers(enumeration);
  if (typeof value === 'number') return numbers.includes(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return numbers.includes(Number(text)) ? Number(text) : undefined;
  const entry = Object.entries(enumeration).find(
    ([name, number]) => typeof number === 'number' && name.toLowerCase() === text.toLowerCase(),
  );
  return entry?.[1] as number | undefined;
}
