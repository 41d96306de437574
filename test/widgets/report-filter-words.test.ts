import { describe, expect, it } from 'vitest';
import { describeFilter, describeFilters } from '../../widgets/report/filter-words';
import {
  advancedFilter,
  basicFilter,
  includeExcludeFilter,
  relativeDateFilter,
  topNFilter,
} from '../../widgets/report/filters';

const region = { table: 'Store', column: 'Region' };

describe('filters in words, never JSON', () => {
  it('says what each kind of filter keeps, on which column of which table', () => {
    expect(describeFilter(basicFilter(region, 'In', ['North', 'South', 'East']))).toBe(
      'Region (Store): North, South or East',
    );
    expect(describeFilter(basicFilter(region, 'NotIn', ['West']))).toBe('Region (Store): not West');
    expect(describeFilter(basicFilter(region, 'All', []))).toBe('Region (Store): all values');
    expect(describeFilter(includeExcludeFilter(region, true, ['East']))).toBe(
      'Region (Store): not East',
    );
    expect(
      describeFilter(
        advancedFilter({ table: 'Jobs', column: 'Cost' }, 'And', [
          { operator: 'GreaterThanOrEqual', value: 100 },
          { operator: 'LessThan', value: 500 },
        ]),
      ),
    ).toBe('Cost (Jobs): at least 100 and less than 500');
    expect(describeFilter(topNFilter(region, 'Top', 5, { table: 'Sales', measure: 'Total' }))).toBe(
      'Region (Store): top 5 by Total (Sales)',
    );
    expect(
      describeFilter(relativeDateFilter({ table: 'Jobs', column: 'Created' }, 0, 3, 4, true)),
    ).toBe('Created (Jobs): in the last 3 calendar months, today included');
  });

  it("uses the filter's own display name, and lists several; none reads 'No filters'", () => {
    const site = {
      ...basicFilter({ table: 'Jobs', column: 'site_id' }, 'In', [1]),
      displaySettings: { displayName: 'Site' },
    };
    const status = {
      ...basicFilter({ table: 'Jobs', column: 'status' }, 'In', ['Open']),
      displaySettings: { displayName: 'Status' },
    };
    const words = describeFilters([site, status]);
    expect(words).toBe('Site: 1; Status: Open');
    expect(words).not.toMatch(/[{}"[\]]/);
    expect(describeFilters([])).toBe('No filters');
    expect(describeFilter({ filterType: 8, target: { table: 'T', column: 'C' } })).toBe(
      'C (T): filtered',
    );
  });
});
