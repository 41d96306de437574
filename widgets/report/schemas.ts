/**
 * The embedded-report configuration contract (docs/requirements.md §3) and its rules
 * (docs/requirements.md §5), as valibot schemas in its words (rules.ts). Field lists and allowed
 * numbers follow powerbi-client's bundled models; enumerations come from those models
 * (docs/requirements.md §4).
 */
import * as v from 'valibot';
import { enumNumbers } from './enums';
import {
  arrayOf,
  arrayOfType,
  boolean,
  fields,
  forbidden,
  isRecord,
  mapOf,
  messages,
  number,
  object,
  oneOf,
  primitive,
  required,
  string,
} from './rules';
import { models } from './sdk';

// docs/requirements.md §5 and §9: zoom level from 0.25 to 4; dashboard page views.
export const zoomRange = { min: 0.25, max: 4 } as const;
export const dashboardPageViews = ['actualSize', 'fitToWidth', 'oneColumn'] as const;
// docs/requirements.md §9: an advanced filter has at most 2 conditions.
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
const stringArray = v.nullish(arrayOfType('string', 'strings'));

/**
 * Filter targets (docs/requirements.md §5): table and column, or table, hierarchy and
 * hierarchyLevel, or table and measure.
 */
const columnTarget = fields({
  table: required(string),
  column: required(string),
  keys: stringArray,
});
const hierarchyTarget = fields({
  table: required(string),
  hierarchy: required(string),
  hierarchyLevel: required(string),
  keys: stringArray,
});
const measureTarget = fields({ table: required(string), measure: required(string) });
const invalid = v.custom(() => false, messages.invalid);

export const filterTarget: v.GenericSchema = v.nullish(
  v.lazy((value) => {
    if (Array.isArray(value)) return v.array(filterTarget);
    if (!isRecord(value)) return invalid;
    if ('measure' in value) return measureTarget;
    if ('hierarchy' in value || 'hierarchyLevel' in value) return hierarchyTarget;
    return columnTarget;
  }),
);

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

const hierarchyNode: v.GenericSchema = object({
  value: primitive,
  keyValues: arrayOf(primitive),
  children: arrayOf(v.lazy(() => hierarchyNode)),
  operator: string,
});

const includeExcludeValue = v.lazy((value) =>
  Array.isArray(value)
    ? v.array(arrayOf(object({ value: required(primitive), keyValues: arrayOf(primitive) })))
    : primitive,
);

const { FilterType } = models;

const filterShapes: Partial<Record<number, v.GenericSchema>> = {
  [FilterType.Basic]: fields({
    ...filterBase,
    operator: required(string),
    values: required(arrayOf(primitive)),
    requireSingleSelection: boolean,
    keyValues: arrayOf(arrayOf(primitive)),
  }),
  [FilterType.Advanced]: v.pipe(
    fields({
      ...filterBase,
      logicalOperator: required(string),
      conditions: arrayOf(condition),
    }),
    // The advanced-filter rules of docs/requirements.md §5, reported on `conditions` after its own
    // issues.
    v.rawCheck(({ dataset, addIssue }) => {
      // A dataset with issues is typed `unknown`, yet it is the object's (partial) output.
      const filter = dataset.value as { logicalOperator?: unknown; conditions?: unknown };
      const { conditions } = filter;
      if (!Array.isArray(conditions)) return;
      const path: [v.ObjectPathItem] = [
        { type: 'object', origin: 'value', input: filter, key: 'conditions', value: conditions },
      ];
      for (const rule of advancedFilterRules({ ...filter, conditions })) {
        addIssue({ message: `{field}: ${rule}`, path });
      }
    }),
  ),
  [FilterType.IncludeExclude]: fields({
    ...filterBase,
    isExclude: required(boolean),
    values: required(arrayOf(includeExcludeValue)),
  }),
  [FilterType.RelativeDate]: fields({
    ...filterBase,
    operator: required(relativeDateOperator),
    timeUnitsCount: number,
    timeUnitType: required(relativeDateUnits),
    includeToday: required(boolean),
  }),
  [FilterType.RelativeTime]: fields({
    ...filterBase,
    operator: required(relativeDateOperator),
    timeUnitsCount: number,
    timeUnitType: required(relativeTimeUnits),
  }),
  [FilterType.TopN]: fields({
    ...filterBase,
    operator: required(string),
    itemCount: required(number),
    orderBy: required(filterTarget),
  }),
  [FilterType.Hierarchy]: fields({
    ...filterBase,
    hierarchyData: required(arrayOf(hierarchyNode)),
  }),
  [FilterType.Unknown]: fields({
    ...filterBase,
    message: required(string),
    notSupportedTypeName: required(string),
  }),
};

// Without a known type only the common fields can be checked; the type is reported after them.
const { filterType: _type, ...filterCommon } = filterBase;
const untypedFilter = fields({
  ...filterCommon,
  filterType: required(
    v.pipe(
      v.number(messages.type('number')),
      v.check(() => false, messages.invalid),
    ),
  ),
});

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

/** One filter of any type (docs/requirements.md §3 "Filters", §5 filter rules). */
export const filter = v.nullish(
  v.lazy((value) => {
    const type = isRecord(value) ? filterTypeOf(value) : undefined;
    return (type === undefined ? undefined : filterShapes[type]) ?? untypedFilter;
  }),
);

export const filters = arrayOf(filter);

interface AdvancedShape {
  logicalOperator?: unknown;
  conditions?: unknown[];
}

/**
 * The advanced-filter rules of docs/requirements.md §5 (the models' AdvancedFilter constructor's
 * messages).
 */
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
 * A filters request (docs/requirements.md §5): update needs filtersOperation 1, 2 or 3 and filters;
 * remove-all needs filtersOperation 0 and forbids filters. On-load filters name the operation
 * `operation`.
 */
function filtersRequest(operationKey: 'filtersOperation' | 'operation') {
  const removeAll = object({ [operationKey]: required(oneOf([0])), filters: forbidden });
  const update = object({
    [operationKey]: required(oneOf([1, 2, 3])),
    filters: required(filters),
  });
  return v.nullish(
    v.lazy((value) =>
      isRecord(value) && value[operationKey] === FiltersOperations.RemoveAll ? removeAll : update,
    ),
  );
}

export const updateFiltersRequest = filtersRequest('filtersOperation');
const onLoadFilters = object({
  allPages: filtersRequest('operation'),
  currentPage: filtersRequest('operation'),
});

const reportLoadFilters = v.nullish(
  v.lazy((value) => (Array.isArray(value) ? filters : onLoadFilters)),
);

/** A string that must equal `expected` (a selector's `$schema`). */
function literal(expected: string) {
  return v.nullish(
    v.pipe(
      v.string(messages.type('string')),
      v.check((value) => value === expected, messages.invalid),
    ),
  );
}

/**
 * Selectors (docs/requirements.md §5): each requires its own field and carries a fixed schema URL.
 */
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
const visualOrTypeSelector = v.nullish(
  v.lazy((value) => {
    const isType =
      isRecord(value) &&
      (value.$schema === schemaUrl.visualTypeSelector ||
        (value.$schema == null && 'visualType' in value && !('visualName' in value)));
    return isType ? visualTypeSelector : visualSelector;
  }),
);

const slicerSelector = v.nullish(
  v.lazy((value) => {
    const isTarget =
      isRecord(value) &&
      (value.$schema === schemaUrl.slicerTargetSelector ||
        (value.$schema == null && 'target' in value));
    return isTarget ? slicerTargetSelector : visualSelector;
  }),
);

/**
 * Menu extensions (docs/requirements.md §5): flat form forbids groupName; grouped form requires it
 * and forbids menuLocation.
 */
const menuBase = { title: string, icon: string };
const groupedMenu = object({ ...menuBase, groupName: required(string), menuLocation: forbidden });
const flatMenu = object({ ...menuBase, menuLocation, groupName: forbidden });
const menuExtension = v.nullish(
  v.lazy((value) => (isRecord(value) && value.groupName ? groupedMenu : flatMenu)),
);

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

const extensionList = arrayOf(extension);
const extensionsObject = object({
  commands: required(arrayOf(commandExtension)),
  groups: arrayOf(menuGroupExtension),
});
const extensions = v.nullish(
  v.lazy((value) => (Array.isArray(value) ? extensionList : extensionsObject)),
);

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
  Object.fromEntries(commandNames.map((name) => [name, singleCommand])),
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

/** Report settings (docs/requirements.md §3 "Report settings"). */
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

/** Bookmarks (docs/requirements.md §5). */
export const playBookmarkRequest = object({
  playMode: required(enumCheck(models.BookmarksPlayMode)),
});
export const addBookmarkRequest = object({ state: string, displayName: string, apply: boolean });
export const applyBookmarkByName = object({ name: required(string) });
export const applyBookmarkByState = object({ state: required(string) });
export const captureBookmarkRequest = object({
  options: required(object({ personalizeVisuals: boolean, allPages: boolean })),
});
const applyBookmark = v.nullish(
  v.lazy((value) =>
    isRecord(value) && 'state' in value && !('name' in value)
      ? applyBookmarkByState
      : applyBookmarkByName,
  ),
);

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
export const zoomLevel = v.nullish(
  v.pipe(
    v.number(messages.type('number')),
    v.minValue(zoomRange.min, messages.range(zoomRange.min, zoomRange.max)),
    v.maxValue(zoomRange.max, messages.range(zoomRange.min, zoomRange.max)),
  ),
);

const paginatedReportBinding = object({
  sourceDatasetId: required(string),
  targetDatasetId: required(string),
});

/** Dataset binding (docs/requirements.md §5): datasetId or paginatedReportBindings. */
const datasetBinding = v.nullish(
  v.pipe(
    fields({ datasetId: string, paginatedReportBindings: arrayOf(paginatedReportBinding) }),
    v.rawCheck(({ dataset, addIssue }) => {
      const binding = dataset.value;
      if (isRecord(binding) && !binding.datasetId && !binding.paginatedReportBindings) {
        addIssue({ message: '{field} cannot be empty' });
      }
    }),
  ),
);

const stringRows = arrayOfType('string', 'strings');

/**
 * Dataset create config (docs/requirements.md §3, §5), with its three cross-field messages word for
 * word.
 */
export const datasetCreateConfig = v.nullish(
  v.pipe(
    fields({
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
      data: arrayOf(object({ name: required(string), rows: required(arrayOf(stringRows)) })),
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!isRecord(dataset.value)) return;
      const { datasourceConnectionConfig, mashupDocument, data, tableSchemaList } = dataset.value;
      if (datasourceConnectionConfig && mashupDocument == null) {
        addIssue({
          message: 'mashupDocument cannot be empty when datasourceConnectionConfig is presented',
        });
      }
      if (data && tableSchemaList == null) {
        addIssue({ message: 'tableSchemaList cannot be empty when data is provided' });
      }
      if (data == null && mashupDocument == null) {
        addIssue({ message: 'At least one of data or mashupDocument must be provided' });
      }
    }),
  ),
);

const pageView = v.nullish(
  v.picklist(
    dashboardPageViews,
    `{field} must be a string with one of the following values: ${dashboardPageViews
      .map((view) => `"${view}"`)
      .join(', ')}`,
  ),
);

/**
 * The load or create configuration of each embed type (docs/requirements.md §3), checked per §5.
 */
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
} satisfies Record<string, v.GenericSchema>;
