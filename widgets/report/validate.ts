/**
 * Checks an embedded-report configuration before anything is sent (docs/requirements.md §5): our
 * rules list every error with its field named; powerbi-client's own models then check the same
 * value, so nothing they would reject gets through even where our rules are silent.
 */
import { enumValue } from './enums';
import { collect } from './rules';
import { configShapes, filter } from './schemas';
import { models } from './sdk';

export type EmbedType = keyof typeof configShapes;

/** The values of `data-embed-type` (docs/requirements.md §1, §3). */
export const embedTypes = Object.keys(configShapes) as EmbedType[];

export function isEmbedType(value: unknown): value is EmbedType {
  return typeof value === 'string' && (embedTypes as string[]).includes(value);
}

const modelsCheck: Record<EmbedType, (input: unknown) => { message: string }[] | undefined> = {
  report: models.validateReportLoad,
  'paginated-report': models.validatePaginatedReportLoad,
  dashboard: models.validateDashboardLoad,
  tile: models.validateTileLoad,
  qna: models.validateLoadQnaConfiguration,
  create: models.validateCreateReport,
  'quick-create': models.validateQuickCreate,
};

/** The models name a top-level value "undefined"; name it as the host wrote it instead. */
function modelsMessages(errors: { message: string }[] | undefined, field: string): string[] {
  return (errors ?? []).map(({ message }) => message.replace(/^undefined\b/, field));
}

/** Every error in `config` for an embed of `type`; empty when it may be embedded. */
export function validateEmbedConfiguration(type: string, config: unknown): string[] {
  if (!isEmbedType(type)) {
    return [
      `data-embed-type must be one of ${embedTypes.join(', ')} (got ${JSON.stringify(type)})`,
    ];
  }
  const errors = collect(configShapes[type], config);
  if (errors.length > 0) return errors;
  return modelsMessages(modelsCheck[type](config), 'configuration');
}

/**
 * Every error in one filter (docs/requirements.md §5), its fields named under `field` (e.g.
 * `filters[2]`).
 */
export function validateFilter(value: unknown, field = 'filter'): string[] {
  const errors = collect(filter, value, field);
  if (errors.length > 0) return errors;
  return modelsMessages(models.validateFilter(value), field);
}

/** Every error in a list of filters, each named `filters[i]…`. */
export function validateFilters(value: unknown, field = 'filters'): string[] {
  if (!Array.isArray(value)) return [`${field} must be an array of filters`];
  return value.flatMap((entry, index) => validateFilter(entry, `${field}[${index}]`));
}

// Fields of a configuration whose enumeration a host may write by name (docs/requirements.md §4):
// "Edit", "Embed".
const namedEnumFields: [path: string[], enumeration: object][] = [
  [['viewMode'], models.ViewMode],
  [['tokenType'], models.TokenType],
  [['permissions'], models.Permissions],
  [['contrastMode'], models.ContrastMode],
  [['settings', 'layoutType'], models.LayoutType],
  [['settings', 'background'], models.BackgroundType],
  [['settings', 'hyperlinkClickBehavior'], models.HyperlinkClickBehavior],
  [['settings', 'customLayout', 'displayOption'], models.DisplayOption],
  [['settings', 'customLayout', 'pageSize', 'type'], models.PageSizeType],
];

/**
 * A copy of `config` with enumeration names turned into their numbers ("Edit" → 1). A name that
 * is not a member is left as written, for the checks to report.
 */
export function withEnumNumbers(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return config;
  const copy = structuredClone(config) as Record<string, unknown>;
  for (const [path, enumeration] of namedEnumFields) {
    const parents = path.slice(0, -1);
    const key = path[path.length - 1] as string;
    let holder: unknown = copy;
    for (const step of parents) {
      holder = typeof holder === 'object' && holder !== null ? (holder as never)[step] : undefined;
    }
    if (typeof holder !== 'object' || holder === null) continue;
    const record = holder as Record<string, unknown>;
    if (typeof record[key] !== 'string') continue;
    const number = enumValue(enumeration, record[key]);
    if (number !== undefined) record[key] = number;
  }
  return copy;
}
