import { html, scriptJson } from './html';
import { forIntegrators, layout, nonceAttribute, type PageContext, pageScript } from './layout';

const service = 'https://app.powerbi.com';

/** A sample load or create configuration for each embed type (docs/requirements.md §3). */
export const SAMPLE_CONFIGS: Record<string, Record<string, unknown>> = {
  report: {
    accessToken: 'demo-token',
    id: 'f6bfd646-b718-44dc-a378-b73e6b528204',
    embedUrl: `${service}/reportEmbed?reportId=f6bfd646-b718-44dc-a378-b73e6b528204`,
    viewMode: 'View',
    tokenType: 'Embed',
    permissions: 'Read',
    settings: { filterPaneEnabled: false, navContentPaneEnabled: true },
  },
  'paginated-report': {
    accessToken: 'demo-token',
    id: 'p-1',
    embedUrl: `${service}/rdlEmbed?reportId=p-1`,
    settings: { commands: { parameterPanel: { expanded: true, enabled: true } } },
  },
  dashboard: {
    accessToken: 'demo-token',
    id: 'd-1',
    pageView: 'fitToWidth',
    embedUrl: `${service}/dashboardEmbed?dashboardId=d-1`,
  },
  tile: {
    accessToken: 'demo-token',
    id: 't-1',
    dashboardId: 'd-1',
    embedUrl: `${service}/embed?dashboardId=d-1&tileId=t-1`,
  },
  qna: {
    accessToken: 'demo-token',
    datasetIds: ['ds-1'],
    question: 'total cost by site',
    embedUrl: `${service}/qnaEmbed`,
  },
  create: { accessToken: 'demo-token', datasetId: 'ds-1', embedUrl: `${service}/reportEmbed` },
  'quick-create': {
    accessToken: 'demo-token',
    datasetCreateConfig: { locale: 'en-GB', mashupDocument: 'let Source = 1 in Source' },
    embedUrl: `${service}/quickCreate`,
  },
};

/**
 * /analytics (docs/reference-host.md): fm-report with a configuration editor whose validation
 * messages follow every keystroke, a filter builder, the embed area and a log of the element's
 * events.
 */
export function analyticsPage(context: PageContext): string {
  const types = Object.keys(SAMPLE_CONFIGS);
  return layout(
    context,
    'Analytics',
    html`<h1>Embedded analytics</h1>
<p class="lead">Reports, dashboards and questions from the analytics service, inside the portal.
Choose what to show, check its settings, then embed it.</p>
<p class="alert alert-info" role="note">The analytics service is not reachable from this reference
host, so the embed area shows no report here.</p>
${forIntegrators(html`<p><code>fm-report</code> checks a configuration against the analytics contract
before anything is sent, then embeds it through powerbi-client. The browser tests route
<code>app.powerbi.com</code> to a local fake service that speaks the same protocol.</p>`)}
<div class="analytics">
<section class="card" aria-labelledby="config-heading">
<h2 id="config-heading">Configuration</h2>
<form id="config-form">
<div class="form-group"><label for="embed-type">Embed type</label>
<select class="form-control form-select" id="embed-type" name="embed-type">
${types.map((type) => html`<option value="${type}">${type}</option>`)}
</select></div>
<div class="form-group"><label for="config-json">Configuration (JSON)</label>
<textarea class="form-control" id="config-json" name="config" rows="14" spellcheck="false" aria-describedby="config-status"></textarea></div>
<p id="config-status" class="analytics-status" aria-live="polite"></p>
<ul id="config-errors" class="analytics-errors"></ul>
<button type="submit" class="btn btn-primary">Embed</button>
</form>
</section>
<section class="card" aria-labelledby="filter-heading">
<h2 id="filter-heading">Filter builder (reports)</h2>
<form id="filter-form">
<div class="form-group"><label for="filter-table">Table</label>
<input class="form-control" type="text" id="filter-table" name="table" value="Store"></div>
<div class="form-group"><label for="filter-column">Column</label>
<input class="form-control" type="text" id="filter-column" name="column" value="Region"></div>
<div class="form-group"><label for="filter-operator">Operator</label>
<select class="form-control form-select" id="filter-operator" name="operator"><option>In</option><option>NotIn</option><option>All</option></select></div>
<div class="form-group"><label for="filter-values">Values (comma-separated)</label>
<input class="form-control" type="text" id="filter-values" name="values" value="North, South"></div>
<p id="filter-status" class="analytics-status" aria-live="polite"></p>
<button type="submit" class="btn btn-primary">Apply filter</button>
<button type="button" id="filter-clear" class="btn">Remove all filters</button>
</form>
</section>
</div>
<section class="card" aria-labelledby="embed-heading">
<h2 id="embed-heading">Embed area</h2>
<fm-report id="analytics-report" data-label="Demo report" data-embed-type="report"
  data-config="${JSON.stringify(SAMPLE_CONFIGS.report)}"></fm-report>
</section>
<section class="card" aria-labelledby="log-heading">
<h2 id="log-heading">Events</h2>
<ol id="event-log" aria-live="polite"></ol>
</section>
<script type="application/json"${nonceAttribute(context)} id="analytics-samples">${scriptJson(SAMPLE_CONFIGS)}</script>
${pageScript(context, 'analytics.js')}`,
  );
}
