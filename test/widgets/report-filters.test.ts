import { describe, expect, it } from 'vitest';
import {
  advancedFilter,
  basicFilter,
  basicFilterWithKeys,
  FilterBuildError,
  hierarchyFilter,
  includeExcludeFilter,
  relativeDateFilter,
  relativeTimeFilter,
  topNFilter,
} from '../../widgets/report/filters';
import { validateFilter } from '../../widgets/report/validate';

const column = { table: 'Store', column: 'Region' };
const keyed = { ...column, keys: ['Id', 'Code'] };

function failure(build: () => unknown): string {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(FilterBuildError);
    return (error as Error).message;
  }
  throw new Error('expected the builder to throw');
}

describe('filter builders (docs/requirements.md §5)', () => {
  it('build filters that pass the validation they will meet before sending', () => {
    const built = [
      basicFilter(column, 'In', ['North', 'South'], { requireSingleSelection: true }),
      basicFilter(column, 'All', []),
      basicFilterWithKeys(keyed, 'In', ['North'], [[1, 'N']]),
      advancedFilter(column, 'And', [{ operator: 'Contains', value: 'th' }]),
      advancedFilter(column, 'Or', [
        { operator: 'LessThan', value: 3 },
        { operator: 'GreaterThan', value: 9 },
      ]),
      includeExcludeFilter(column, true, ['East']),
      topNFilter(column, 'Top', 5, { table: 'Sales', measure: 'Total' }),
      relativeDateFilter(column, 0, 3, 3, true),
      relativeTimeFilter(column, 1, 30, 7),
      hierarchyFilter([column], [{ operator: 'Selected', value: 'North' }]),
    ];
    for (const filter of built) expect(validateFilter(filter)).toEqual([]);
    expect(built[0]).toMatchObject({
      $schema: 'http://powerbi.com/product/schema#basic',
      filterType: 1,
      target: column,
      operator: 'In',
      values: ['North', 'South'],
      requireSingleSelection: true,
    });
    expect(built[2]).toMatchObject({ keyValues: [[1, 'N']] });
    expect(built[7]).toMatchObject({ filterType: 4, timeUnitType: 3, includeToday: true });
  });

  it('a basic filter needs values unless its operator is "All"', () => {
    expect(failure(() => basicFilter(column, 'In', []))).toBe(
      'values must be a non-empty array unless your operator is "All".',
    );
    expect(failure(() => basicFilterWithKeys(keyed, 'In', [], []))).toBe(
      'values must be a non-empty array unless your operator is "All".',
    );
  });

  it('key-based basic filters: the three key-value errors', () => {
    expect(failure(() => basicFilterWithKeys(keyed, 'In', ['North'], undefined as never))).toBe(
      'You should pass the values to be filtered for each key. You passed: no values and 2 keys',
    );
    expect(failure(() => basicFilterWithKeys(column as never, 'In', ['North'], [[1]]))).toBe(
      "You passed key values but your target object doesn't contain the keys to be filtered",
    );
    expect(failure(() => basicFilterWithKeys(keyed, 'In', ['North'], [[1]]))).toBe(
      'Each tuple of key values should contain a value for each of the keys. You passed: 1 values and 2 keys',
    );
  });

  it('advanced filters: a logical operator, at most two conditions, "And" with one', () => {
    expect(failure(() => advancedFilter(column, '' as never, []))).toBe(
      'logicalOperator must be a valid operator, You passed: ',
    );
    const condition = { operator: 'Is', value: 1 } as const;
    expect(failure(() => advancedFilter(column, 'And', [condition, condition, condition]))).toBe(
      'AdvancedFilters may not have more than two conditions. You passed: 3',
    );
    expect(failure(() => advancedFilter(column, 'Or', [condition]))).toBe(
      'Logical Operator must be "And" when there is only one condition provided',
    );
  });
});
