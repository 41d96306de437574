import { html, scriptJson } from './html';
import { forIntegrators, layout, type PageContext } from './layout';

const service = 'https://app.powerbi.com';

/** A sample load or create configuration for each embed type (SPEC §3). */
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
 * /analytics (DESIGN §5): fm-report with a configuration editor whose validation messages follow
 * every keystroke, a filter builder, the embed area and a log of the element's events.
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
<label for="embed-type">Embed type</label>
<select id="embed-type" name="embed-type">
${types.map((type) => html`<option value="${type}">${type}</option>`)}
</select>
<label for="config-json">Configuration (JSON)</label>
<textarea id="config-json" name="config" rows="14" spellcheck="false" aria-describedby="config-status"></textarea>
<p id="config-status" class="analytics-status" aria-live="polite"></p>
<ul id="config-errors" class="analytics-errors"></ul>
<button type="submit" class="btn btn-primary">Embed</button>
</form>
</section>
<section class="card" aria-labelledby="filter-heading">
<h2 id="filter-heading">Filter builder (reports)</h2>
<form id="filter-form">
<label for="filter-table">Table</label>
<input id="filter-table" name="table" value="Store">
<label for="filter-column">Column</label>
<input id="filter-column" name="column" value="Region">
<label for="filter-operator">Operator</label>
<select id="filter-operator" name="operator"><option>In</option><option>NotIn</option><option>All</option></select>
<label for="filter-values">Values (comma-separated)</label>
<input id="filter-values" name="values" value="North, South">
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
<script type="application/json" id="analytics-samples">${scriptJson(SAMPLE_CONFIGS)}</script>
<script>
(() => {
  const samples = JSON.parse(document.getElementById('analytics-samples').textContent);
  const report = document.getElementById('analytics-report');
  const type = document.getElementById('embed-type');
  const json = document.getElementById('config-json');
  const status = document.getElementById('config-status');
  const errors = document.getElementById('config-errors');
  const log = document.getElementById('event-log');
  let element;

  function note(text) {
    const item = document.createElement('li');
    item.textContent = new Date().toLocaleTimeString('en-GB') + ' ' + text;
    log.prepend(item);
  }
  for (const name of ['fm-report-invalid', 'fm-report-loaded', 'fm-report-rendered', 'fm-report-error',
    'fm-token-expired', 'fm-filters-applied']) {
    report.addEventListener(name, (event) => note(name + ' ' + JSON.stringify(event.detail)));
  }

  function check() {
    errors.replaceChildren();
    if (!element) return [];
    let config;
    try {
      config = JSON.parse(json.value);
    } catch (error) {
      status.textContent = 'The configuration is not valid JSON: ' + error.message;
      return [status.textContent];
    }
    const found = element.validateConfiguration(type.value, element.withEnumNumbers(config));
    status.textContent = found.length === 0 ? 'The configuration is valid.' :
      found.length + (found.length === 1 ? ' error:' : ' errors:');
    for (const message of found) {
      const item = document.createElement('li');
      item.textContent = message;
      errors.append(item);
    }
    return found;
  }

  function loadSample() {
    json.value = JSON.stringify(samples[type.value], null, 2);
    check();
  }

  type.addEventListener('change', loadSample);
  json.addEventListener('input', check);
  document.getElementById('config-form').addEventListener('submit', (event) => {
    event.preventDefault();
    report.setAttribute('data-embed-type', type.value);
    report.setAttribute('data-config', json.value);
  });

  const filterStatus = document.getElementById('filter-status');
  document.getElementById('filter-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const values = String(form.get('values')).split(',').map((value) => value.trim()).filter(Boolean);
    try {
      const filter = element.filters.basicFilter(
        { table: String(form.get('table')), column: String(form.get('column')) },
        String(form.get('operator')), values);
      report.setAttribute('data-filters', JSON.stringify([filter]));
      filterStatus.textContent = 'Filter set: ' + JSON.stringify(filter);
    } catch (error) {
      filterStatus.textContent = error.message;
    }
  });
  document.getElementById('filter-clear').addEventListener('click', () => {
    report.setAttribute('data-filters', '[]');
    filterStatus.textContent = 'All filters removed.';
  });

  customElements.whenDefined('fm-report').then((defined) => {
    element = defined;
    loadSample();
  });
})();
</script>`,
  );
}
