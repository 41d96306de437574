/**
 * The elements of the leak run (docs/benchmark.md): each is connected and disconnected 200 times in
 * a page of the reference host; retained heap growth must stay ≤ 1 MB and no instance may survive.
 * A new element adds one entry.
 */
export interface LeakCase {
  tag: string;
  /** A page of the reference host whose configuration the element needs. */
  page: string;
  attributes: Record<string, string>;
  /** A selector inside the element that shows it has rendered (and started its work). */
  ready: string;
}

export const LEAK_CASES: LeakCase[] = [
  {
    tag: 'fm-engineer-job',
    page: '/engineer/jobs/1004',
    attributes: { 'data-job-id': '1004', 'data-site-lat': '53.796', 'data-site-long': '-1.547' },
    // The geo message shows at once (locating…), then the outcome; the lookup is under way.
    ready: '.fm-engineer__geo',
  },
  {
    tag: 'fm-site-time-form',
    page: '/engineer/jobs/1004',
    attributes: { 'data-job-id': '1004' },
    ready: 'form.fm-site-time-form .flatpickr-calendar',
  },
  {
    tag: 'fm-dashboard-tile',
    page: '/dashboard',
    attributes: { 'data-tile-id': '1' },
    ready: '.fm-tile__count',
  },
  {
    tag: 'fm-report',
    page: '/analytics',
    attributes: {
      'data-embed-type': 'report',
      'data-config': JSON.stringify({
        accessToken: 'leak-run-token',
        id: 'leak-run',
        embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=leak-run',
      }),
    },
    ready: '.fm-report__frame iframe',
  },
  {
    tag: 'fm-cost-approval',
    page: '/client/jobs/view/1001',
    attributes: { 'data-job-id': '1001', 'data-external-job-id': '55001' },
    ready: '.fm-cost-approval__open',
  },
  {
    tag: 'fm-alternative-quote',
    page: '/client/jobs/view/1002',
    attributes: { 'data-job-id': '1002' },
    ready: '.fm-alt-quote__form',
  },
  {
    tag: 'fm-password-form',
    page: '/users/password',
    attributes: { 'data-name': 'Jane Smith', 'data-username': 'jane.smith', 'data-has-old': '' },
    ready: 'form.fm-password-form .fm-password-rule',
  },
  {
    tag: 'fm-cost-form',
    page: '/client/jobs/view/1006',
    attributes: { 'data-job-id': '1006' },
    ready: 'form.fm-cost-form',
  },
  {
    tag: 'fm-user-form',
    page: '/users/edit/2',
    attributes: { 'data-user-id': '2', 'data-authorisation-quote': '100' },
    ready: 'form.fm-user-form',
  },
  {
    tag: 'fm-upload',
    page: '/client/jobs/view/1006',
    attributes: { 'data-site-id': '5', 'data-job-id': '1006' },
    ready: '.fm-upload__area input[type="file"]',
  },
  {
    tag: 'fm-autocomplete',
    page: '/',
    attributes: { 'data-source': '/api/sites/autocomplete', 'data-label': 'Site' },
    ready: '[role="combobox"]',
  },
  {
    tag: 'fm-date-input',
    page: '/',
    attributes: { 'data-mode': 'datetime', 'data-label': 'Attended at' },
    ready: '.flatpickr-calendar',
  },
  {
    tag: 'fm-nav',
    page: '/',
    attributes: {
      'data-label': 'Leak run',
      'data-menu':
        '[{"label":"Home","href":"/"},{"label":"Users","items":[{"label":"Password","href":"/users/password"}]}]',
    },
    ready: '.fm-nav [aria-haspopup="menu"]',
  },
  {
    tag: 'fm-site-switcher',
    page: '/documentation',
    attributes: { 'data-sites': '[{"id":1,"name":"Leeds"}]' },
    ready: 'form.fm-site-switcher select',
  },
  {
    tag: 'fm-flash',
    page: '/',
    attributes: { 'data-message': 'Leak run' },
    ready: '.fm-flash',
  },
  {
    tag: 'fm-data-table',
    page: '/client/jobs',
    attributes: {
      'data-url': '/api/jobs/table',
      'data-columns': JSON.stringify([
        { field: 'id', title: 'Job', link: 'job', filter: true },
        { field: 'site', title: 'Site' },
      ]),
    },
    ready: '.tabulator-row',
  },
  {
    tag: 'fm-linking-table',
    page: '/linking/sites/1',
    attributes: {
      'data-source-url': '/api/linking/rows?model=Site&site_id=1',
      'data-save-url': '/api/linking/save',
      'data-model': 'Site',
      'data-site-id': '1',
    },
    ready: '.tabulator-row select',
  },
  {
    tag: 'fm-asset-category-linking',
    page: '/linking/asset_categories',
    attributes: {
      'data-source-url': '/api/linking/asset_category_rows?model=Model',
      'data-save-url': '/api/linking/asset_category_save',
      'data-model': 'Model',
    },
    ready: '.tabulator-row select',
  },
  {
    tag: 'fm-budget-spend',
    page: '/reports/budget_spend',
    attributes: { 'data-url': '/api/reports/budget_spend' },
    ready: '.tabulator-row',
  },
  {
    tag: 'fm-budget-records',
    page: '/reports/budget_records',
    attributes: {
      'data-url': '/api/reports/budget_records',
      'data-type': 'spend',
      'data-period': 'annual',
      'data-year-start': '2025',
    },
    ready: '.tabulator-row',
  },
  {
    tag: 'fm-compliance',
    page: '/reports/compliance',
    attributes: { 'data-url': '/api/reports/compliance' },
    ready: 'canvas[role="img"]',
  },
];
