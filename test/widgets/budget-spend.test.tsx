import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/budget-spend/index';
import { answerRows } from './rows-answer';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('fm-budget-spend', () => {
  it("names its table and its columns in the element's data-messages", async () => {
    answerRows([]);
    const own = { 'budgetSpend.table': 'Spend by store', 'budgetSpend.site': 'Store' };
    document.body.innerHTML = `<fm-budget-spend data-url="/api/reports/budget_spend" data-messages='${JSON.stringify(own)}'></fm-budget-spend>`;
    const grid = await vi.waitFor(() => {
      const table = document.querySelector('.tabulator');
      if (!table?.querySelector('.tabulator-col-title')) throw new Error('no table yet');
      return table;
    });
    expect(grid.getAttribute('aria-label')).toBe('Spend by store');
    const titles = [...grid.querySelectorAll('.tabulator-col-title')].map((title) =>
      title.textContent?.trim(),
    );
    expect(titles.slice(0, 3)).toEqual(['Store', 'Branch', 'Budget code']);
  });
});
