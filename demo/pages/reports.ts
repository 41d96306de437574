import { html } from './html';
import { forIntegrators, layout, type PageContext } from './layout';

/** 'the financial years starting in April 2025 and April 2026', as the lead of the report says. */
export function financialYearsText(years: readonly number[]): string {
  const named = years.map((year) => `April ${year}`);
  if (named.length === 0) return 'no financial year yet';
  if (named.length === 1) return `the financial year starting in ${named[0]}`;
  return `the financial years starting in ${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/**
 * Budget versus spend (fm-budget-spend over GET /api/reports/budget_spend): the lead names the
 * financial years the rows cover, `years` (a row a site, budget code and year).
 */
export function budgetSpendPage(context: PageContext, years: readonly number[]): string {
  return layout(
    context,
    'Budget versus spend',
    html`<h1>Budget versus spend</h1>
<p class="lead">Each site's budget and spend by budget code, a row for each financial year: ${financialYearsText(years)}. The totals row adds up the rows shown.</p>
<fm-budget-spend data-url="/api/reports/budget_spend"></fm-budget-spend>`,
  );
}

export type BudgetRecordsChoices = {
  surveyors: { id: number; name: string }[];
  fascias: string[];
  categories: { id: number; name: string }[];
  yearStart: number;
};

/** Budget records with path filters (fm-budget-records over GET /api/reports/budget_records). */
export function budgetRecordsPage(context: PageContext, choices: BudgetRecordsChoices): string {
  return layout(
    context,
    'Budget records',
    html`<h1>Budget records</h1>
<p class="lead">Every cost against the budgets. Choose the filters and apply them; the address
keeps them, so a filtered report can be bookmarked or shared.</p>
${forIntegrators(html`<p>Filters are path parameters:
<code>/reports/budget_records/surveyor:{id}/fascias:{a,b}/category_id:{id}/scope:{value}</code>.</p>`)}
<fm-budget-records data-url="/api/reports/budget_records" data-type="spend" data-period="annual"
  data-year-start="${choices.yearStart}"
  data-surveyors="${JSON.stringify(choices.surveyors)}"
  data-fascia-options="${JSON.stringify(choices.fascias)}"
  data-categories="${JSON.stringify(choices.categories)}"
  data-scopes="${JSON.stringify([
    { id: 'capex', name: 'Capital (capex)' },
    { id: 'opex', name: 'Operating (opex)' },
  ])}"></fm-budget-records>`,
  );
}

/** Compliance by site and category (fm-compliance over GET /api/reports/compliance). */
export function compliancePage(context: PageContext): string {
  return layout(
    context,
    'Compliance',
    html`<h1>Compliance</h1>
<p class="lead">Statutory maintenance items by compliance status, per asset category and site.</p>
<fm-compliance data-url="/api/reports/compliance"></fm-compliance>`,
  );
}
