/**
 * The embedded-report configuration contract (SPEC §3) and its rules (SPEC §5), as checks over
 * the rule language of rules.ts. Field lists and allowed numbers follow powerbi-client's bundled
 * models; enumerations come from those models (SPEC §4).
 */
import { enumNumbers } from './enums';
import {
  arrayOf,
  boolean,
  type Check,
  child,
  forbidden,
  isRecord,
  literal,
  mapOf,
  messages,
  number,
  object,
  oneOf,
  primitive,
  range,
  required,
  string,
  stringArray,
} from './rules';
import { models } from './sdk';

// SPEC §5 and §9: zoom level from 0.25 to 4; dashboard page views.
export const zoomRange = { min: 0.25, max: 4 } as const;
export const dashboardPageViews = ['actualSize', 'fitToWidth', 'oneColumn'] as const;
// SPEC §9: an advanced filter has at most 2 conditions.
export const maxAdvancedConditions = 2;

const schemaUrl = {
  visualSelector: models.VisualSelector.schemaUrl,
  visualTypeSelector: models.VisualTypeSelector.schemaUrl,
  slicerTargetSelector: models.SlicerTargetSelector.schemaUrl,
};

const enumCheck = (enumeration: object) => oneOf(enumNumbers(enumeration));

const viewMode = enumCheck(models.ViewMode);
const tokenType = enumCheck(models.TokenType);
const permissions = enumCheck(models.Permissions);
const contrastMode = enumCheck(models.ContrastMode);
const menuLocation = enumCheck(models.MenuLocation);
const commandDisplayOption = enumCheck(models.CommandDisplayOption);
const relativeDateOperator = enumCheck(models.RelativeDateOperators);
const { RelativeDateFilterTimeUnit: unit } = models;
const relativeDateUnits = oneOf(
  enumNumbers(unit).filter((value) => value !== unit.Minutes && value !== unit.Hours),
);
const relativeTimeUnits = oneOf([unit.Minutes, unit.Hours]);
// The filter types a filter may declare (Identity is for slicers only, as in the models).
const filterTypeNumber = oneOf(
  enumNumbers(models.FilterType).filter((type) => type !== models.FilterType.Identity),
);

/** Filter targets (SPEC §5): table and column, or table, hierarchy and hierarchyLevel, or table and measure. */
const columnTarget = object({
  table: required(string),
  column: required(string),
  keys: stringArray,
});
const hierarchyTarget = object({
  table: required(string),
  hierarchy: required(string),
  hierarchyLevel: required(string),
  keys: stringArray,
});
const measureTarget = object({ table: required(string), measure: required(string) });

export const filterTarget: Check = (value, field, errors) => {
  if (value == null) return;
  if (Array.isArray(value)) {
    arrayOf(filterTarget)(value, field, errors);
    return;
  }
  if (!isRecord(value)) {
    errors.push(messages.invalid(field));
  } else if ('measure' in value) {
    measureTarget(value, field, errors);
  } else if ('hierarchy' in value || 'hierarchyLevel' in value) {
    hierarchyTarget(value, field, errors);
  } else {
    columnTarget(value, field, errors);
  }
};

const displaySettings = object({
  isLockedInViewMode: boolean,
  isHiddenInViewMode: boolean,
  displayName: string,
});

const filterBase = {
  target: required(filterTarget),
  $schema: string,
  filterType: filterTypeNumber,
  displaySettings,
};

const condition = object({ value: primitive, operator: required(string) });

const hierarchyNode: Check = object({
  value: primitive,
  keyValues: arrayOf(primitive),
  children: arrayOf((value, field, errors) => hierarchyNode(value, field, errors)),
  operator: string,
});

const includeExcludeValue: Check = (value, field, errors) => {
  if (Array.isArray(value)) {
    arrayOf(arrayOf(object({ value: required(primitive), keyValues: arrayOf(primitive) })))(
      value,
      field,
      errors,
    );
  } else {
    primitive(value, field, errors);
  }
};

const { FilterType } = models;

const filterShapes: Partial<Record<number, Check>> = {
  [FilterType.Basic]: object({
    ...filterBase,
    operator: required(string),
    values: required(arrayOf(primitive)),
    requireSingleSelection: boolean,
    keyValues: arrayOf(arrayOf(primitive)),
  }),
  [FilterType.Advanced]: object(
    {
      ...filterBase,
      logicalOperator: required(string),
      conditions: arrayOf(condition),
    },
    (filter, field, errors) => {
      const conditions = filter as { conditions?: unknown };
      if (Array.isArray(conditions.conditions)) {
        for (const rule of advancedFilterRules(filter as AdvancedShape)) {
          errors.push(`${child(field, 'conditions')}: ${rule}`);
        }
      }
    },
  ),
  [FilterType.IncludeExclude]: object({
    ...filterBase,
    isExclude: required(boolean),
    values: required(arrayOf(includeExcludeValue)),
  }),
  [FilterType.RelativeDate]: object({
    ...filterBase,
    operator: required(relativeDateOperator),
    timeUnitsCount: number,
    timeUnitType: required(relativeDateUnits),
    includeToday: required(boolean),
  }),
  [FilterType.RelativeTime]: object({
    ...filterBase,
    operator: required(relativeDateOperator),
    timeUnitsCount: number,
    timeUnitType: required(relativeTimeUnits),
  }),
  [FilterType.TopN]: object({
    ...filterBase,
    operator: required(string),
    itemCount: required(number),
    orderBy: required(filterTarget),
  }),
  [FilterType.Hierarchy]: object({
    ...filterBase,
    hierarchyData: required(arrayOf(hierarchyNode)),
  }),
  [FilterType.Unknown]: object({
    ...filterBase,
    message: required(string),
    notSupportedTypeName: required(string),
  }),
};

const filterTypeBySchema: Record<string, number> = {
  [models.BasicFilter.schemaUrl]: FilterType.Basic,
  [models.BasicFilterWithKeys.schemaUrl]: FilterType.Basic,
  [models.AdvancedFilter.schemaUrl]: FilterType.Advanced,
  [models.IncludeExcludeFilter.schemaUrl]: FilterType.IncludeExclude,
  [models.RelativeDateFilter.schemaUrl]: FilterType.RelativeDate,
  [models.RelativeTimeFilter.schemaUrl]: FilterType.RelativeTime,
  [models.TopNFilter.schemaUrl]: FilterType.TopN,
  [models.HierarchyFilter.schemaUrl]: FilterType.Hierarchy,
  [models.NotSupportedFilter.schemaUrl]: FilterType.Unknown,
};

/** The filter type a filter declares, by `filterType`, else `$schema`, else its shape (as the models do). */
export function filterTypeOf(filter: Record<string, unknown>): number | undefined {
  if (typeof filter.filterType === 'number') return filter.filterType;
  if (typeof filter.$schema === 'string' && filter.$schema in filterTypeBySchema) {
    return filterTypeBySchema[filter.$schema];
  }
  const guessed = models.getFilterType(filter as never);
  return guessed === FilterType.Unknown ? undefined : guessed;
}

/** One filter of any type (SPEC §3 "Filters", SPEC §5 filter rules). */
export const filter: Check = (value, field, errors) => {
  if (value == null) return;
  if (!isRecord(value)) {
    errors.push(`${field} must be an object`);
    return;
  }
  const type = filterTypeOf(value);
  const shape = type === undefined ? undefined : filterShapes[type];
  if (shape) {
    shape(value, field, errors);
    return;
  }
  // Without a known type only the common fields can be checked; report them all the same.
  const { filterType: _type, ...common } = filterBase;
  object(common)(value, field, errors);
  const typeField = child(field, 'filterType');
  if (value.filterType == null) errors.push(messages.required(typeField));
  else if (typeof value.filterType !== 'number') errors.push(messages.type(typeField, 'number'));
  else errors.push(messages.invalid(typeField));
};

export const filters = arrayOf(filter);

interface AdvancedShape {
  logicalOperator?: unknown;
  conditions?: unknown[];
}

/** The advanced-filter rules of SPEC §5 (the models' AdvancedFilter constructor's messages). */
export function advancedFilterRules({ logicalOperator, conditions = [] }: AdvancedShape): string[] {
  const errors: string[] = [];
  if (conditions.length > maxAdvancedConditions) {
    errors.push(
      `AdvancedFilters may not have more than two conditions. You passed: ${conditions.length}`,
    );
  }
  if (conditions.length === 1 && logicalOperator !== 'And') {
    errors.push('Logical Operator must be "And" when there is only one condition provided');
  }
  return errors;
}

const { FiltersOperations } = models;

/**
 * A filters request (SPEC §5): update needs filtersOperation 1, 2 or 3 and filters; remove-all
 * needs filtersOperation 0 and forbids filters. On-load filters name the operation `operation`.
 */
function filtersRequest(operationKey: 'filtersOperation' | 'operation'): Check {
  const removeAll = object({ [operationKey]: required(oneOf([0])), filters: forbidden });
  const update = object({
    [operationKey]: required(oneOf([1, 2, 3])),
    filters: required(filters),
  });
  return (value, field, errors) =>
    (isRecord(value) && value[operationKey] === FiltersOperations.RemoveAll ? removeAll : update)(
      value,
      field,
      errors,
    );
}

export const updateFiltersRequest = filtersRequest('filtersOperation');
const onLoadFilters = object({
  allPages: filtersRequest('operation'),
  currentPage: filtersRequest('operation'),
});

const reportLoadFilters: Check = (value, field, errors) =>
  (Array.isArray(value) ? filters : onLoadFilters)(value, field, errors);

/** Selectors (SPEC §5): each requires its own field and carries a fixed schema URL. */
export const visualSelector = object({
  $schema: literal(schemaUrl.visualSelector),
  visualName: required(string),
});
export const visualTypeSelector = object({
  $schema: required(literal(schemaUrl.visualTypeSelector)),
  visualType: required(string),
});
export const slicerTargetSelector = object({
  $schema: required(literal(schemaUrl.slicerTargetSelector)),
  target: required(filterTarget),
});

/** A visual or visual-type selector, told apart by `$schema` or by which name it carries. */
const visualOrTypeSelector: Check = (value, field, errors) => {
  const isType =
    isRecord(value) &&
    (value.$schema === schemaUrl.visualTypeSelector ||
      (value.$schema == null && 'visualType' in value && !('visualName' in value)));
  (isType ? visualTypeSelector : visualSelector)(value, field, errors);
};

const slicerSelector: Check = (value, field, errors) => {
  const isTarget =
    isRecord(value) &&
    (value.$schema === schemaUrl.slicerTargetSelector ||
      (value.$schema == null && 'target' in value));
  (isTarget ? slicerTargetSelector : visualSelector)(value, field, errors);
};

/** Menu extensions (SPEC §5): flat form forbids groupName; grouped form requires it and forbids menuLocation. */
const menuExtension: Check = (value, field, errors) => {
  const base = { title: string, icon: string };
  const grouped = isRecord(value) && Boolean(value.groupName);
  const shape = grouped
    ? object({ ...base, groupName: required(string), menuLocation: forbidden })
    : object({ ...base, menuLocation, groupName: forbidden });
  shape(value, field, errors);
};

const commandExtension = object({
  name: required(string),
  extend: required(object({ visualContextMenu: menuExtension, visualOptionsMenu: menuExtension })),
  title: required(string),
  icon: string,
  selector: visualOrTypeSelector,
});

export const extension = object({ command: commandExtension });
export const menuGroupExtension = object({
  name: required(string),
  title: required(string),
  menuLocation,
});

const extensions: Check = (value, field, errors) =>
  (Array.isArray(value)
    ? arrayOf(extension)
    : object({
        commands: required(arrayOf(commandExtension)),
        groups: arrayOf(menuGroupExtension),
      }))(value, field, errors);

const singleCommand = object({
  displayOption: required(commandDisplayOption),
  selector: visualOrTypeSelector,
});

const commandNames = [
  'copy',
  'drill',
  'drillthrough',
  'expandCollapse',
  'exportData',
  'includeExclude',
  'removeVisual',
  'search',
  'seeData',
  'sort',
  'spotlight',
  'insightsAnalysis',
  'addComment',
  'groupVisualContainers',
  'summarize',
  'clearSelection',
] as const;

const commandsSettings = object(
  Object.fromEntries(commandNames.map((name) => [name, singleCommand])) as Record<string, Check>,
);

const visualLayout = object({
  x: number,
  y: number,
  z: number,
  width: number,
  height: number,
  displayState: object({ mode: enumCheck(models.VisualContainerDisplayMode) }),
});

export const customPageSize = object({
  type: required(enumCheck(models.PageSizeType)),
  width: number,
  height: number,
});

const customLayout = object({
  pageSize: customPageSize,
  displayOption: enumCheck(models.DisplayOption),
  pagesLayout: mapOf(
    object({ visualsLayout: required(mapOf(visualLayout)), defaultLayout: visualLayout }),
  ),
});

const visible = object({ visible: boolean });
const expanded = object({ expanded: boolean });
const filtersPane = object({ visible: boolean, expanded: boolean });

const panes = object({
  bookmarks: visible,
  fields: expanded,
  filters: filtersPane,
  pageNavigation: object({
    visible: boolean,
    position: enumCheck(models.PageNavigationPosition),
  }),
  selection: visible,
  syncSlicers: visible,
  visualizations: expanded,
});

/** Report settings (SPEC §3 "Report settings"). */
export const settings = object({
  filterPaneEnabled: boolean,
  navContentPaneEnabled: boolean,
  bookmarksPaneEnabled: boolean,
  useCustomSaveAsDialog: boolean,
  extensions,
  layoutType: enumCheck(models.LayoutType),
  customLayout,
  background: enumCheck(models.BackgroundType),
  visualSettings: object({
    visualHeaders: arrayOf(object({ settings: required(visible), selector: visualOrTypeSelector })),
  }),
  hideErrors: boolean,
  commands: arrayOf(commandsSettings),
  hyperlinkClickBehavior: enumCheck(models.HyperlinkClickBehavior),
  bars: object({ actionBar: visible, statusBar: visible }),
  panes,
  personalBookmarksEnabled: boolean,
  persistentFiltersEnabled: boolean,
  visualRenderedEvents: boolean,
  authoringHintsEnabled: boolean,
  printSettings: object({
    browserPrintAdjustmentsMode: enumCheck(models.BrowserPrintAdjustmentsMode),
  }),
});

/** Bookmarks (SPEC §5). */
export const playBookmarkRequest = object({
  playMode: required(enumCheck(models.BookmarksPlayMode)),
});
export const addBookmarkRequest = object({ state: string, displayName: string, apply: boolean });
export const applyBookmarkByName = object({ name: required(string) });
export const applyBookmarkByState = object({ state: required(string) });
export const captureBookmarkRequest = object({
  options: required(object({ personalizeVisuals: boolean, allPages: boolean })),
});
const applyBookmark: Check = (value, field, errors) =>
  (isRecord(value) && 'state' in value && !('name' in value)
    ? applyBookmarkByState
    : applyBookmarkByName)(value, field, errors);

export const saveAsParameters = object({ name: required(string) });
export const page = object({ name: required(string) });
export const exportDataRequest = object({
  rows: number,
  exportDataType: enumCheck(models.ExportDataType),
});
export const customTheme = object({ themeJson: object({}) });
export const slicer = object({
  selector: required(slicerSelector),
  state: required(object({ filters })),
});
export const zoomLevel = range(zoomRange.min, zoomRange.max);

const paginatedReportBinding = object({
  sourceDatasetId: required(string),
  targetDatasetId: required(string),
});

/** Dataset binding (SPEC §5): datasetId or paginatedReportBindings. */
const datasetBinding = object(
  { datasetId: string, paginatedReportBindings: arrayOf(paginatedReportBinding) },
  (binding, field, errors) => {
    const { datasetId, paginatedReportBindings } = binding as Record<string, unknown>;
    if (!datasetId && !paginatedReportBindings) errors.push(`${field} cannot be empty`);
  },
);

/** Dataset create config (SPEC §3, §5), with its three cross-field messages word for word. */
export const datasetCreateConfig = object(
  {
    locale: required(string),
    mashupDocument: string,
    datasourceConnectionConfig: object({
      dataCacheMode: enumCheck(models.DataCacheMode),
      credentials: object({
        credentialType: enumCheck(models.CredentialType),
        credentialDetails: mapOf(string),
      }),
    }),
    tableSchemaList: arrayOf(
      object({
        name: required(string),
        columns: required(
          arrayOf(
            object({ name: required(string), displayName: string, dataType: required(string) }),
          ),
        ),
      }),
    ),
    data: arrayOf(
      object({
        name: required(string),
        rows: required(
          arrayOf((row, field, errors) => {
            if (!Array.isArray(row) || row.some((cell) => typeof cell !== 'string')) {
              errors.push(messages.arrayOf(field, 'strings'));
            }
          }),
        ),
      }),
    ),
  },
  (config, _field, errors) => {
    const { datasourceConnectionConfig, mashupDocument, data, tableSchemaList } = config as Record<
      string,
      unknown
    >;
    if (datasourceConnectionConfig && mashupDocument == null) {
      errors.push('mashupDocument cannot be empty when datasourceConnectionConfig is presented');
    }
    if (data && tableSchemaList == null) {
      errors.push('tableSchemaList cannot be empty when data is provided');
    }
    if (data == null && mashupDocument == null) {
      errors.push('At least one of data or mashupDocument must be provided');
    }
  },
);

const pageView: Check = (value, field, errors) => {
  if (value == null) return;
  if (typeof value !== 'string' || !(dashboardPageViews as readonly string[]).includes(value)) {
    errors.push(
      `${field} must be a string with one of the following values: ${dashboardPageViews
        .map((view) => `"${view}"`)
        .join(', ')}`,
    );
  }
};

/** The load or create configuration of each embed type (SPEC §3), checked per SPEC §5. */
export const configShapes = {
  report: object({
    accessToken: required(string),
    id: required(string),
    groupId: string,
    settings,
    pageName: string,
    filters: reportLoadFilters,
    permissions,
    viewMode,
    tokenType,
    bookmark: applyBookmark,
    theme: customTheme,
    embedUrl: string,
    datasetBinding,
    contrastMode,
  }),
  'paginated-report': object({
    accessToken: required(string),
    id: required(string),
    groupId: string,
    settings: object({
      commands: object({ parameterPanel: object({ expanded: boolean, enabled: boolean }) }),
    }),
    tokenType,
    embedUrl: string,
    type: string,
    parameterValues: arrayOf(object({ name: required(string), value: string })),
    datasetBindings: arrayOf(paginatedReportBinding),
  }),
  dashboard: object({
    accessToken: required(string),
    id: required(string),
    groupId: string,
    pageView,
    tokenType,
    embedUrl: string,
  }),
  tile: object({
    accessToken: required(string),
    id: required(string),
    dashboardId: required(string),
    groupId: string,
    pageView: string,
    tokenType,
    width: number,
    height: number,
  }),
  qna: object({
    accessToken: required(string),
    datasetIds: required(stringArray),
    question: string,
    viewMode,
    settings: object({
      filterPaneEnabled: boolean,
      hideErrors: boolean,
      panes: object({ filters: filtersPane }),
    }),
    tokenType,
    groupId: string,
  }),
  create: object({
    accessToken: required(string),
    datasetId: required(string),
    groupId: string,
    tokenType,
    theme: customTheme,
  }),
  'quick-create': object({
    accessToken: required(string),
    groupId: string,
    tokenType,
    theme: customTheme,
    datasetCreateConfig: required(datasetCreateConfig),
  }),
} satisfies Record<string, Check>;
