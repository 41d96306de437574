/**
 * Filter builders for hosts (docs/requirements.md §5 "Filter builders"): each returns the plain
 * filter object the service takes, built by powerbi-client's own models, or throws a
 * FilterBuildError with the required message. Hosts reach them as
 * `customElements.get('fm-report').filters`.
 */
import { errorText } from '../../src/core/error-text';
import { type Models, models } from './sdk';

type Target = ConstructorParameters<typeof Models.BasicFilter>[0];
type KeyTarget = ConstructorParameters<typeof Models.BasicFilterWithKeys>[0];
type Primitive = string | number | boolean;
type Condition = { operator: string; value?: Primitive };
type HierarchyTarget = ConstructorParameters<typeof Models.HierarchyFilter>[0];
type HierarchyNode = ConstructorParameters<typeof Models.HierarchyFilter>[1][number];

/** A filter that cannot be built; `message` is one of docs/requirements.md §5. */
export class FilterBuildError extends Error {
  override name = 'FilterBuildError';
}

/** Runs a models constructor and turns its thrown message into a FilterBuildError. */
function build<T extends { toJSON(): object }>(make: () => T): Models.IFilter {
  try {
    return make().toJSON() as Models.IFilter;
  } catch (error) {
    throw new FilterBuildError(errorText(error));
  }
}

export function basicFilter(
  target: Target,
  operator: Models.BasicFilterOperators,
  values: Primitive[],
  options: { requireSingleSelection?: boolean } = {},
): Models.IFilter {
  return build(() => {
    const filter = new models.BasicFilter(target, operator, ...values);
    filter.requireSingleSelection = options.requireSingleSelection ?? false;
    return filter;
  });
}

export function basicFilterWithKeys(
  target: KeyTarget,
  operator: Models.BasicFilterOperators,
  values: Primitive[],
  keyValues: Primitive[][],
): Models.IFilter {
  // The keyed constructor hands its values on as one array, so the empty check never fires there.
  if (values.length === 0 && operator !== 'All') basicFilter(target, operator, values);
  return build(() => new models.BasicFilterWithKeys(target, operator, values, keyValues));
}

export function advancedFilter(
  target: Target,
  logicalOperator: Models.AdvancedFilterLogicalOperators,
  conditions: Condition[],
): Models.IFilter {
  return build(
    () =>
      new models.AdvancedFilter(
        target,
        logicalOperator,
        // Spread, not an array: the models count the arguments in their message.
        ...(conditions as Models.IAdvancedFilterCondition[]),
      ),
  );
}

export function includeExcludeFilter(
  target: Target,
  isExclude: boolean,
  values: Primitive[],
): Models.IFilter {
  return build(() => new models.IncludeExcludeFilter(target, isExclude, values));
}

export function topNFilter(
  target: Target,
  operator: Models.TopNFilterOperators,
  itemCount: number,
  orderBy: Target,
): Models.IFilter {
  return build(() => new models.TopNFilter(target, operator, itemCount, orderBy));
}

export function relativeDateFilter(
  target: Target,
  operator: Models.RelativeDateOperators,
  timeUnitsCount: number,
  timeUnitType: Models.RelativeDateFilterTimeUnit,
  includeToday: boolean,
): Models.IFilter {
  return build(
    () =>
      new models.RelativeDateFilter(target, operator, timeUnitsCount, timeUnitType, includeToday),
  );
}

export function relativeTimeFilter(
  target: Target,
  operator: Models.RelativeDateOperators,
  timeUnitsCount: number,
  timeUnitType: Models.RelativeDateFilterTimeUnit,
): Models.IFilter {
  return build(() => new models.RelativeTimeFilter(target, operator, timeUnitsCount, timeUnitType));
}

export function hierarchyFilter(
  target: HierarchyTarget,
  hierarchyData: HierarchyNode[],
): Models.IFilter {
  return build(() => new models.HierarchyFilter(target, hierarchyData));
}

export const filterBuilders = {
  basicFilter,
  basicFilterWithKeys,
  advancedFilter,
  includeExcludeFilter,
  topNFilter,
  relativeDateFilter,
  relativeTimeFilter,
  hierarchyFilter,
};
