// The /analytics page's configuration editor, filter form and event log around fm-report (a file,
// not an inline script: the page's Content-Security-Policy runs scripts from this origin only).

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
  item.textContent = `${new Date().toLocaleTimeString('en-GB')} ${text}`;
  log.prepend(item);
}
// Each event in words: what happened, never its detail as JSON.
const described = {
  'fm-report-invalid': (detail) => `${detail.attribute} refused: ${detail.errors.join('; ')}`,
  'fm-report-loaded': (detail) => `${detail.embedType} loaded`,
  'fm-report-rendered': (detail) => `${detail.embedType} rendered`,
  'fm-report-error': (detail) => `${detail.message} (${detail.code})`,
  'fm-token-expired': (detail) =>
    detail.expired ? 'the access token expired' : 'the access token expires soon',
  'fm-filters-applied': (detail) =>
    detail.filters.length === 0
      ? 'all filters removed'
      : `filtered by ${element.describeFilters(detail.filters)}`,
};
for (const [name, describe] of Object.entries(described)) {
  report.addEventListener(name, (event) => note(`${name}: ${describe(event.detail)}`));
}

function check() {
  errors.replaceChildren();
  if (!element) return [];
  let config;
  try {
    config = JSON.parse(json.value);
  } catch (error) {
    status.textContent = `The configuration is not valid JSON: ${error.message}`;
    return [status.textContent];
  }
  const found = element.validateConfiguration(type.value, element.withEnumNumbers(config));
  status.textContent =
    found.length === 0
      ? 'The configuration is valid.'
      : found.length + (found.length === 1 ? ' error:' : ' errors:');
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
  const values = String(form.get('values'))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  try {
    const filter = element.filters.basicFilter(
      { table: String(form.get('table')), column: String(form.get('column')) },
      String(form.get('operator')),
      values,
    );
    report.setAttribute('data-filters', JSON.stringify([filter]));
    filterStatus.textContent = `Filtered by ${element.describeFilter(filter)}.`;
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
