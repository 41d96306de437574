import { describe, expect, it } from 'vitest';
import { reportEnums } from '../../widgets/report/enums';
import { collect } from '../../widgets/report/rules';
import {
  addBookmarkRequest,
  applyBookmarkByName,
  applyBookmarkByState,
  captureBookmarkRequest,
  customPageSize,
  exportDataRequest,
  extension,
  menuGroupExtension,
  page,
  playBookmarkRequest,
  saveAsParameters,
  slicer,
  slicerTargetSelector,
  updateFiltersRequest,
  visualSelector,
  visualTypeSelector,
  zoomLevel,
} from '../../widgets/report/schemas';
import {
  embedTypes,
  validateEmbedConfiguration,
  validateFilter,
  validateFilters,
  withEnumNumbers,
} from '../../widgets/report/validate';

const token = { accessToken: 'token' };
const column = { table: 'Store', column: 'Region' };
const basic = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: column,
  filterType: 1,
  operator: 'In',
  values: ['North'],
};
const valid = {
  report: { ...token, id: 'r1' },
  'paginated-report': { ...token, id: 'p1' },
  dashboard: { ...token, id: 'd1' },
  tile: { ...token, id: 't1', dashboardId: 'd1' },
  qna: { ...token, datasetIds: ['ds1'] },
  create: { ...token, datasetId: 'ds1' },
  'quick-create': { ...token, datasetCreateConfig: { locale: 'en-GB', mashupDocument: 'let x' } },
} as const;

const check = (type: string, config: unknown) => validateEmbedConfiguration(type, config);

describe('embedded-report configuration: required fields per type (docs/requirements.md §5)', () => {
  it.each(embedTypes)('a complete %s configuration passes', (type) => {
    expect(check(type, valid[type])).toEqual([]);
  });

  it.each([
    ['report', ['accessToken is required', 'id is required']],
    ['paginated-report', ['accessToken is required', 'id is required']],
    ['dashboard', ['accessToken is required', 'id is required']],
    ['tile', ['accessToken is required', 'id is required', 'dashboardId is required']],
    ['qna', ['accessToken is required', 'datasetIds is required']],
    ['create', ['accessToken is required', 'datasetId is required']],
    ['quick-create', ['accessToken is required', 'datasetCreateConfig is required']],
  ])('an empty %s configuration lists every missing field', (type, messages) => {
    expect(check(type, {})).toEqual(messages);
  });

  it('names the field and type of each mistyped value, all of them', () => {
    expect(check('report', { accessToken: 1, id: false, groupId: 3, pageName: {} })).toEqual([
      'accessToken must be a string',
      'id must be a string',
      'groupId must be a string',
      'pageName must be a string',
    ]);
  });

  it('a configuration that is not an object, or an unknown type, is refused', () => {
    expect(check('report', [])).toEqual(['input must be an object']);
    expect(check('report', 'x')).toEqual(['input must be an object']);
    expect(check('video', {})).toEqual([
      'data-embed-type must be one of report, paginated-report, dashboard, tile, qna, create, quick-create (got "video")',
    ]);
  });

  it('Q&A datasetIds must be an array of strings', () => {
    expect(check('qna', { ...token, datasetIds: ['a', 2] })).toEqual([
      'datasetIds must be an array of strings',
    ]);
    expect(check('qna', { ...token, datasetIds: 'a' })).toEqual([
      'datasetIds must be an array of strings',
    ]);
  });
});

describe('enumerations (docs/requirements.md §4) in configurations', () => {
  it.each([
    ['viewMode', 2],
    ['tokenType', 2],
    ['permissions', 3],
    ['contrastMode', 5],
  ])('report %s outside its enumeration is invalid', (field, value) => {
    expect(check('report', { ...valid.report, [field]: value })).toEqual([
      `${field} property is invalid`,
    ]);
    expect(check('report', { ...valid.report, [field]: 'x' })).toEqual([
      `${field} must be a number`,
    ]);
  });

  it('accepts every member of each enumeration', () => {
    for (const permissions of [0, 1, 2, 4, 7]) {
      expect(check('report', { ...valid.report, permissions })).toEqual([]);
    }
    for (const tokenType of [0, 1]) expect(check('tile', { ...valid.tile, tokenType })).toEqual([]);
  });

  it('names are turned into numbers; unknown names are left for the checks', () => {
    const config = withEnumNumbers({
      ...valid.report,
      viewMode: 'Edit',
      tokenType: 'Embed',
      permissions: 'ReadWrite',
      contrastMode: 'highcontrastblack',
      settings: { layoutType: 'MobilePortrait', customLayout: { pageSize: { type: 'Letter' } } },
    });
    expect(config).toMatchObject({
      viewMode: 1,
      tokenType: 1,
      permissions: 1,
      contrastMode: 3,
      settings: { layoutType: 2, customLayout: { pageSize: { type: 3 } } },
    });
    expect(check('report', config)).toEqual([]);
    expect(check('report', withEnumNumbers({ ...valid.report, viewMode: 'Edits' }))).toEqual([
      'viewMode must be a number',
    ]);
  });

  it('exposes the enumerations with their numbers of docs/requirements.md §4', () => {
    expect(reportEnums.ViewMode).toMatchObject({ View: 0, Edit: 1 });
    expect(reportEnums.Permissions).toMatchObject({
      Read: 0,
      ReadWrite: 1,
      Copy: 2,
      Create: 4,
      All: 7,
    });
    expect(reportEnums.PageSizeType).toMatchObject({ Widescreen: 0, Custom: 4, Mobile: 5 });
    expect(reportEnums.FiltersOperations).toMatchObject({
      RemoveAll: 0,
      ReplaceAll: 1,
      Add: 2,
      Replace: 3,
    });
    expect(reportEnums.FilterType).toMatchObject({ Advanced: 0, Basic: 1, Hierarchy: 9 });
    expect(reportEnums.ContrastMode).toMatchObject({ None: 0, HighContrastWhite: 4 });
    expect(reportEnums.AggregateFunction).toMatchObject({ Default: 1, DistinctCount: 8 });
  });
});

describe('report settings (docs/requirements.md §3, §5)', () => {
  const settings = (value: unknown) => check('report', { ...valid.report, settings: value });

  it('settings must be an object, not an array', () => {
    expect(settings([])).toEqual(['settings must be an object']);
  });

  it('names nested fields by their path, listing every error', () => {
    expect(
      settings({
        filterPaneEnabled: 'yes',
        layoutType: 9,
        background: 2,
        hyperlinkClickBehavior: 3,
        panes: { filters: { visible: 1 }, pageNavigation: { position: 2 } },
        bars: { actionBar: { visible: 'no' } },
        printSettings: { browserPrintAdjustmentsMode: 5 },
      }),
    ).toEqual([
      'settings.filterPaneEnabled must be a boolean',
      'settings.layoutType property is invalid',
      'settings.background property is invalid',
      'settings.hyperlinkClickBehavior property is invalid',
      'settings.bars.actionBar.visible must be a boolean',
      'settings.panes.filters.visible must be a boolean',
      'settings.panes.pageNavigation.position property is invalid',
      'settings.printSettings.browserPrintAdjustmentsMode property is invalid',
    ]);
  });

  it('custom layout: page size needs its type, pages layout needs visualsLayout', () => {
    expect(
      settings({
        customLayout: {
          pageSize: { width: 'wide' },
          displayOption: 3,
          pagesLayout: { p1: { defaultLayout: { x: 'a', displayState: { mode: 2 } } } },
        },
      }),
    ).toEqual([
      'settings.customLayout.pageSize.type is required',
      'settings.customLayout.pageSize.width must be a number',
      'settings.customLayout.displayOption property is invalid',
      'settings.customLayout.pagesLayout.p1.visualsLayout is required',
      'settings.customLayout.pagesLayout.p1.defaultLayout.x must be a number',
      'settings.customLayout.pagesLayout.p1.defaultLayout.displayState.mode property is invalid',
    ]);
  });

  it('a single command setting requires displayOption', () => {
    expect(settings({ commands: [{ copy: {}, drill: { displayOption: 3 } }] })).toEqual([
      'settings.commands[0].copy.displayOption is required',
      'settings.commands[0].drill.displayOption property is invalid',
    ]);
    expect(settings({ commands: [{ exportData: { displayOption: 2 } }] })).toEqual([]);
  });

  it('visual headers require settings; their selectors follow the selector rules', () => {
    expect(
      settings({
        visualSettings: {
          visualHeaders: [
            { selector: { visualName: 'v' } },
            { settings: { visible: false }, selector: { $schema: 'wrong', visualName: 'v' } },
          ],
        },
      }),
    ).toEqual([
      'settings.visualSettings.visualHeaders[0].settings is required',
      'settings.visualSettings.visualHeaders[1].selector.$schema property is invalid',
    ]);
  });
});

describe('extensions and menu rules (docs/requirements.md §5)', () => {
  const extensions = (value: unknown) =>
    check('report', { ...valid.report, settings: { extensions: value } });
  const command = { name: 'c', title: 'T', extend: { visualContextMenu: { title: 'm' } } };

  it('extension command requires name, extend and title', () => {
    expect(extensions([{ command: {} }])).toEqual([
      'settings.extensions[0].command.name is required',
      'settings.extensions[0].command.extend is required',
      'settings.extensions[0].command.title is required',
    ]);
    expect(extensions([{ command }])).toEqual([]);
  });

  it('flat menu forbids groupName; grouped menu requires it and forbids menuLocation', () => {
    const menu = (visualContextMenu: unknown) => [
      { command: { ...command, extend: { visualContextMenu } } },
    ];
    expect(extensions(menu({ title: 'm', menuLocation: 0, groupName: '' }))).toEqual([
      'settings.extensions[0].command.extend.visualContextMenu.groupName is forbidden',
    ]);
    expect(extensions(menu({ groupName: 'g', menuLocation: 1 }))).toEqual([
      'settings.extensions[0].command.extend.visualContextMenu.menuLocation is forbidden',
    ]);
    expect(extensions(menu({ menuLocation: 2 }))).toEqual([
      'settings.extensions[0].command.extend.visualContextMenu.menuLocation property is invalid',
    ]);
    expect(extensions(menu({ groupName: 'g' }))).toEqual([]);
  });

  it('the object form requires commands; a menu group requires name and title', () => {
    expect(extensions({ groups: [{ menuLocation: 3 }] })).toEqual([
      'settings.extensions.commands is required',
      'settings.extensions.groups[0].name is required',
      'settings.extensions.groups[0].title is required',
      'settings.extensions.groups[0].menuLocation property is invalid',
    ]);
    expect(collect(menuGroupExtension, { name: 'g', title: 'G', menuLocation: 1 })).toEqual([]);
    expect(collect(extension, { command: { ...command, icon: 4 } })).toEqual([
      'command.icon must be a string',
    ]);
  });
});

describe('selectors (docs/requirements.md §5)', () => {
  it('each selector requires its own field and fixed schema URL', () => {
    expect(collect(visualSelector, {})).toEqual(['visualName is required']);
    expect(collect(visualTypeSelector, {})).toEqual([
      '$schema is required',
      'visualType is required',
    ]);
    expect(collect(slicerTargetSelector, { $schema: 'x' })).toEqual([
      '$schema property is invalid',
      'target is required',
    ]);
    expect(
      collect(visualTypeSelector, {
        $schema: 'http://powerbi.com/product/schema#visualTypeSelector',
        visualType: 'table',
      }),
    ).toEqual([]);
  });

  it('a slicer requires selector and state', () => {
    expect(collect(slicer, {})).toEqual(['selector is required', 'state is required']);
    expect(
      collect(slicer, {
        selector: { $schema: 'http://powerbi.com/product/schema#slicerTargetSelector', target: {} },
        state: { filters: [{}] },
      }),
    ).toEqual([
      'selector.target.table is required',
      'selector.target.column is required',
      'state.filters[0].target is required',
      'state.filters[0].filterType is required',
    ]);
  });
});

describe('bookmarks, save-as, page, export, zoom (docs/requirements.md §5)', () => {
  it('play requires playMode 0 or 1', () => {
    expect(collect(playBookmarkRequest, {})).toEqual(['playMode is required']);
    expect(collect(playBookmarkRequest, { playMode: 2 })).toEqual(['playMode property is invalid']);
    expect(collect(playBookmarkRequest, { playMode: 1 })).toEqual([]);
  });

  it('apply by name requires name, by state requires state, capture requires options', () => {
    expect(collect(applyBookmarkByName, {})).toEqual(['name is required']);
    expect(collect(applyBookmarkByState, {})).toEqual(['state is required']);
    expect(collect(captureBookmarkRequest, {})).toEqual(['options is required']);
    expect(collect(captureBookmarkRequest, { options: { allPages: 1 } })).toEqual([
      'options.allPages must be a boolean',
    ]);
    expect(collect(addBookmarkRequest, { displayName: 1, apply: 'y' })).toEqual([
      'displayName must be a string',
      'apply must be a boolean',
    ]);
  });

  it('a report bookmark is applied by name or by state', () => {
    expect(check('report', { ...valid.report, bookmark: {} })).toEqual([
      'bookmark.name is required',
    ]);
    expect(check('report', { ...valid.report, bookmark: { state: 5 } })).toEqual([
      'bookmark.state must be a string',
    ]);
    expect(check('report', { ...valid.report, bookmark: { name: 'b1' } })).toEqual([]);
  });

  it('save-as requires name; page requires name; export data types', () => {
    expect(collect(saveAsParameters, {})).toEqual(['name is required']);
    expect(collect(page, { name: 3 })).toEqual(['name must be a string']);
    expect(collect(exportDataRequest, { rows: '10', exportDataType: 2 })).toEqual([
      'rows must be a number',
      'exportDataType property is invalid',
    ]);
    expect(collect(customPageSize, { type: 4, width: 100, height: 'x' })).toEqual([
      'height must be a number',
    ]);
  });

  it('zoom level is a number from 0.25 to 4', () => {
    expect(collect(zoomLevel, 0.2, 'zoomLevel')).toEqual([
      'zoomLevel must be a number between 0.25 and 4',
    ]);
    expect(collect(zoomLevel, 4.5, 'zoomLevel')).toEqual([
      'zoomLevel must be a number between 0.25 and 4',
    ]);
    expect(collect(zoomLevel, '1', 'zoomLevel')).toEqual(['zoomLevel must be a number']);
    expect(collect(zoomLevel, 0.25, 'zoomLevel')).toEqual([]);
    expect(collect(zoomLevel, 4, 'zoomLevel')).toEqual([]);
  });
});

describe('dashboard, tile, paginated report, Q&A specifics', () => {
  it('dashboard pageView must be one of actualSize, fitToWidth, oneColumn', () => {
    expect(check('dashboard', { ...valid.dashboard, pageView: 'wide' })).toEqual([
      'pageView must be a string with one of the following values: "actualSize", "fitToWidth", "oneColumn"',
    ]);
    for (const pageView of ['actualSize', 'fitToWidth', 'oneColumn']) {
      expect(check('dashboard', { ...valid.dashboard, pageView })).toEqual([]);
    }
  });

  it('tile width and height are numbers', () => {
    expect(check('tile', { ...valid.tile, width: '10', height: null, pageView: 1 })).toEqual([
      'pageView must be a string',
      'width must be a number',
    ]);
  });

  it('paginated report: parameter values need a name, bindings both ids', () => {
    expect(
      check('paginated-report', {
        ...valid['paginated-report'],
        settings: { commands: { parameterPanel: { expanded: 'y', enabled: true } } },
        parameterValues: [{ value: 1 }],
        datasetBindings: [{ sourceDatasetId: 's' }],
      }),
    ).toEqual([
      'settings.commands.parameterPanel.expanded must be a boolean',
      'parameterValues[0].name is required',
      'parameterValues[0].value must be a string',
      'datasetBindings[0].targetDatasetId is required',
    ]);
  });

  it('Q&A settings', () => {
    expect(
      check('qna', {
        ...valid.qna,
        question: 1,
        viewMode: 3,
        settings: { hideErrors: 1, panes: { filters: { expanded: 'n' } } },
      }),
    ).toEqual([
      'question must be a string',
      'viewMode property is invalid',
      'settings.hideErrors must be a boolean',
      'settings.panes.filters.expanded must be a boolean',
    ]);
  });

  it('create and quick create themes carry a themeJson object', () => {
    expect(check('create', { ...valid.create, theme: { themeJson: [] } })).toEqual([
      'theme.themeJson must be an object',
    ]);
  });
});

describe('dataset binding and dataset create config (docs/requirements.md §5)', () => {
  it('dataset binding needs datasetId or paginatedReportBindings', () => {
    expect(check('report', { ...valid.report, datasetBinding: {} })).toEqual([
      'datasetBinding cannot be empty',
    ]);
    expect(check('report', { ...valid.report, datasetBinding: { datasetId: 'd' } })).toEqual([]);
    expect(
      check('report', {
        ...valid.report,
        datasetBinding: { paginatedReportBindings: [{ targetDatasetId: 't' }] },
      }),
    ).toEqual(['datasetBinding.paginatedReportBindings[0].sourceDatasetId is required']);
  });

  const quick = (datasetCreateConfig: unknown) =>
    check('quick-create', { ...token, datasetCreateConfig });

  it('requires locale, and lists the three cross-field messages word for word', () => {
    expect(quick({})).toEqual([
      'datasetCreateConfig.locale is required',
      'At least one of data or mashupDocument must be provided',
    ]);
    expect(quick({ locale: 'en', datasourceConnectionConfig: {} })).toEqual([
      'mashupDocument cannot be empty when datasourceConnectionConfig is presented',
      'At least one of data or mashupDocument must be provided',
    ]);
    expect(quick({ locale: 'en', data: [{ name: 't', rows: [['1']] }] })).toEqual([
      'tableSchemaList cannot be empty when data is provided',
    ]);
  });

  it('table schema requires name and columns; column name and dataType; data name and rows', () => {
    expect(
      quick({
        locale: 'en',
        mashupDocument: 'm',
        datasourceConnectionConfig: {
          dataCacheMode: 2,
          credentials: { credentialType: 3, credentialDetails: { user: 1 } },
        },
        tableSchemaList: [{}, { name: 't', columns: [{ displayName: 'D' }] }],
        data: [{}, { name: 't', rows: [['a', 1]] }],
      }),
    ).toEqual([
      'datasetCreateConfig.datasourceConnectionConfig.dataCacheMode property is invalid',
      'datasetCreateConfig.datasourceConnectionConfig.credentials.credentialType property is invalid',
      'datasetCreateConfig.datasourceConnectionConfig.credentials.credentialDetails.user must be a string',
      'datasetCreateConfig.tableSchemaList[0].name is required',
      'datasetCreateConfig.tableSchemaList[0].columns is required',
      'datasetCreateConfig.tableSchemaList[1].columns[0].name is required',
      'datasetCreateConfig.tableSchemaList[1].columns[0].dataType is required',
      'datasetCreateConfig.data[0].name is required',
      'datasetCreateConfig.data[0].rows is required',
      'datasetCreateConfig.data[1].rows[0] must be an array of strings',
    ]);
  });
});

describe('filters (docs/requirements.md §5)', () => {
  it('a valid basic filter passes', () => {
    expect(validateFilter(basic)).toEqual([]);
  });

  it.each([
    ['column', { table: 'T' }, ['filter.target.column is required']],
    [
      'hierarchy',
      { hierarchy: 'H' },
      ['filter.target.table is required', 'filter.target.hierarchyLevel is required'],
    ],
    ['measure', { table: 'T', measure: 1 }, ['filter.target.measure must be a string']],
    ['keys', { ...column, keys: [1] }, ['filter.target.keys must be an array of strings']],
  ])('filter target (%s form) names what is missing', (_form, target, messages) => {
    expect(validateFilter({ ...basic, target })).toEqual(messages);
  });

  it('a filter requires its target', () => {
    const { target: _target, ...rest } = basic;
    expect(validateFilter(rest)).toEqual(['filter.target is required']);
  });

  it.each([
    ['basic', { filterType: 1 }, ['operator is required', 'values is required']],
    ['advanced', { filterType: 0 }, ['logicalOperator is required']],
    ['include/exclude', { filterType: 3 }, ['isExclude is required', 'values is required']],
    [
      'top N',
      { filterType: 5 },
      ['operator is required', 'itemCount is required', 'orderBy is required'],
    ],
    [
      'relative date',
      { filterType: 4 },
      ['operator is required', 'timeUnitType is required', 'includeToday is required'],
    ],
    ['relative time', { filterType: 7 }, ['operator is required', 'timeUnitType is required']],
    ['hierarchy', { filterType: 9 }, ['hierarchyData is required']],
    [
      'not supported',
      { filterType: 2 },
      ['message is required', 'notSupportedTypeName is required'],
    ],
  ])('a %s filter lists what it requires', (_type, fields, messages) => {
    expect(validateFilter({ target: column, ...fields })).toEqual(
      messages.map((message) => `filter.${message}`),
    );
  });

  it('the type is read from $schema when filterType is absent', () => {
    expect(
      validateFilter({ target: column, $schema: 'http://powerbi.com/product/schema#topN' }),
    ).toEqual([
      'filter.operator is required',
      'filter.itemCount is required',
      'filter.orderBy is required',
    ]);
  });

  it('an unknown or missing filter type is reported', () => {
    expect(validateFilter({ target: column })).toEqual(['filter.filterType is required']);
    expect(validateFilter({ target: column, filterType: 8 })).toEqual([
      'filter.filterType property is invalid',
    ]);
    expect(validateFilter({ target: column, filterType: 'Basic' })).toEqual([
      'filter.filterType must be a number',
    ]);
    expect(validateFilter('x')).toEqual(['filter must be an object']);
  });

  it('relative time units are only Minutes or Hours; relative date units never are', () => {
    const relative = { target: column, operator: 0, timeUnitsCount: 2 };
    expect(validateFilter({ ...relative, filterType: 7, timeUnitType: 3 })).toEqual([
      'filter.timeUnitType property is invalid',
    ]);
    expect(validateFilter({ ...relative, filterType: 7, timeUnitType: 8 })).toEqual([]);
    expect(
      validateFilter({ ...relative, filterType: 4, timeUnitType: 7, includeToday: true }),
    ).toEqual(['filter.timeUnitType property is invalid']);
    expect(
      validateFilter({
        ...relative,
        filterType: 4,
        timeUnitType: 0,
        includeToday: 'y',
        operator: 4,
      }),
    ).toEqual(['filter.operator property is invalid', 'filter.includeToday must be a boolean']);
  });

  it('advanced filters: at most two conditions, "And" with one, conditions need operators', () => {
    const advanced = { target: column, filterType: 0, logicalOperator: 'Or' };
    expect(validateFilter({ ...advanced, conditions: [{ operator: 'Is', value: 1 }] })).toEqual([
      'filter.conditions: Logical Operator must be "And" when there is only one condition provided',
    ]);
    expect(
      validateFilter({
        ...advanced,
        conditions: [{ operator: 'Is' }, { operator: 'Is' }, { value: 3 }],
      }),
    ).toEqual([
      'filter.conditions[2].operator is required',
      'filter.conditions: AdvancedFilters may not have more than two conditions. You passed: 3',
    ]);
  });

  it('display settings and hierarchy nodes are checked too', () => {
    expect(
      validateFilter({
        target: column,
        filterType: 9,
        displaySettings: { isLockedInViewMode: 'y', displayName: 2 },
        hierarchyData: [{ value: 'a', children: [{ operator: 5, keyValues: [{}] }] }],
      }),
    ).toEqual([
      'filter.displaySettings.isLockedInViewMode must be a boolean',
      'filter.displaySettings.displayName must be a string',
      'filter.hierarchyData[0].children[0].keyValues[0] property is invalid',
      'filter.hierarchyData[0].children[0].operator must be a string',
    ]);
  });

  it('lists every error of every filter of a list, each by index', () => {
    expect(validateFilters([basic, { ...basic, values: 'North' }, { target: {} }])).toEqual([
      'filters[1].values property is invalid',
      'filters[2].target.table is required',
      'filters[2].target.column is required',
      'filters[2].filterType is required',
    ]);
    expect(validateFilters({})).toEqual(['filters must be an array of filters']);
  });

  it('on-load filters in a report configuration: array, or allPages / currentPage requests', () => {
    const report = (filters: unknown) => check('report', { ...valid.report, filters });
    expect(report([{ ...basic, operator: 3 }])).toEqual(['filters[0].operator must be a string']);
    expect(report({ allPages: { operation: 1, filters: [basic] } })).toEqual([]);
    expect(report({ allPages: { operation: 0, filters: [basic] }, currentPage: {} })).toEqual([
      'filters.allPages.filters is forbidden',
      'filters.currentPage.operation is required',
      'filters.currentPage.filters is required',
    ]);
  });

  it('update filters requires filtersOperation 1, 2 or 3 and filters; remove-all forbids filters', () => {
    expect(collect(updateFiltersRequest, {})).toEqual([
      'filtersOperation is required',
      'filters is required',
    ]);
    expect(collect(updateFiltersRequest, { filtersOperation: 4, filters: [] })).toEqual([
      'filtersOperation property is invalid',
    ]);
    expect(collect(updateFiltersRequest, { filtersOperation: 0, filters: [] })).toEqual([
      'filters is forbidden',
    ]);
    expect(collect(updateFiltersRequest, { filtersOperation: 0 })).toEqual([]);
    expect(collect(updateFiltersRequest, { filtersOperation: 1, filters: [basic] })).toEqual([]);
  });
});
