// What the reports count as spend: every approved cost (README, "The job lifecycle": an approved
// cost counts as spend, a declined or awaiting one does not), charged to a site, a budget code
// and a financial year. Budget versus spend and budget records read the same costs this way.

/** The budget code a cost is charged to: its own (saved with its capex answers), else its job's. */
export const COST_BUDGET_CODE = 'COALESCE(c.budget_code_id, j.budget_code_id)';

/** The month a financial year starts in (April, as the UK's). */
const YEAR_START_MONTH = 4;

/** The year a financial year starts in, for a date-time column or expression. */
function financialYear(date: string): string {
  return `(CAST(strftime('%Y', ${date}) AS INTEGER) - (CAST(strftime('%m', ${date}) AS INTEGER) < ${YEAR_START_MONTH}))`;
}

/** A cost's year: the year it was decided in, or, still awaiting, the year it was made. */
export const COST_YEAR = financialYear('COALESCE(c.decided, c.created)');

/**
 * Each site's budgets and approved costs by budget code and financial year, one row per budget
 * month or cost (columns site_id, budget_code_id, year_start, budget, spend), to be summed.
 */
export const BUDGET_AND_SPEND = `SELECT site_id, budget_code_id, year_start, budget, 0 AS spend
    FROM budget_figures
  UNION ALL
  SELECT j.site_id, ${COST_BUDGET_CODE}, ${COST_YEAR}, 0, c.total
    FROM costs c JOIN jobs j ON j.id = c.job_id
    WHERE c.approved = 1`;
