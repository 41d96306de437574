/**
 * Filters in words, for a host page to say which filters are set ("Region (Store): North or
 * South") instead of echoing their JSON. Reads the plain filter objects the builders return and
 * data-filters carries; what it does not know reads as "filtered", never as JSON.
 */
import type { Models } from './sdk';

type Loose = Record<string, unknown>;

const isRecord = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 'North', 'North or South', 'North, South or East' ('and' for conditions joined by And). */
function listed(items: readonly string[], last = 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : value === null
      ? 'blank'
      : '';

/** What the filter is on: its display name if it has one, else 'Column (Table)'. */
function subject(filter: Loose): string {
  const display = isRecord(filter.displaySettings) ? filter.displaySettings.displayName : undefined;
  if (typeof display === 'string' && display.trim() !== '') return display.trim();
  const target = isRecord(filter.target) ? filter.target : {};
  const name = [target.column, target.hierarchyLevel, target.measure, target.hierarchy].find(
    (part) => typeof part === 'string' && part !== '',
  );
  const table = typeof target.table === 'string' && target.table !== '' ? target.table : '';
  if (typeof name !== 'string') return table || 'A filter';
  return table ? `${name} (${table})` : name;
}

const values = (filter: Loose): string[] =>
  Array.isArray(filter.values) ? filter.values.map(text).filter(Boolean) : [];

const conditionWords: Record<string, string> = {
  None: '',
  LessThan: 'less than',
  LessThanOrEqual: 'at most',
  GreaterThan: 'more than',
  GreaterThanOrEqual: 'at least',
  Contains: 'contains',
  DoesNotContain: 'does not contain',
  StartsWith: 'starts with',
  DoesNotStartWith: 'does not start with',
  Is: 'is',
  IsNot: 'is not',
  IsBlank: 'is blank',
  IsNotBlank: 'is not blank',
};

const relativeOperators = ['in the last', 'in this', 'in the next'];
const timeUnits = [
  ['day', 'days'],
  ['week', 'weeks'],
  ['calendar week', 'calendar weeks'],
  ['month', 'months'],
  ['calendar month', 'calendar months'],
  ['year', 'years'],
  ['calendar year', 'calendar years'],
  ['minute', 'minutes'],
  ['hour', 'hours'],
] as const;

/** What the filter keeps, in words: 'North or South', 'not North', 'top 5 by Sales (Store)'. */
function condition(filter: Loose): string {
  switch (filter.filterType) {
    case 1: {
      // Basic.
      if (filter.operator === 'All') return 'all values';
      const list = listed(values(filter));
      return filter.operator === 'NotIn' ? `not ${list}` : list;
    }
    case 3: {
      // Include/exclude.
      const list = listed(values(filter));
      return filter.isExclude === true ? `not ${list}` : list;
    }
    case 0: {
      // Advanced.
      const conditions = Array.isArray(filter.conditions) ? filter.conditions.filter(isRecord) : [];
      const parts = conditions.map((part) =>
        [conditionWords[text(part.operator)] ?? text(part.operator), text(part.value)]
          .filter(Boolean)
          .join(' '),
      );
      return listed(parts, filter.logicalOperator === 'Or' ? 'or' : 'and');
    }
    case 5: {
      // Top N.
      const by = isRecord(filter.orderBy) ? subject({ target: filter.orderBy }) : '';
      const end = filter.operator === 'Bottom' ? 'bottom' : 'top';
      return `${end} ${text(filter.itemCount)}${by ? ` by ${by}` : ''}`;
    }
    case 4:
    case 7: {
      // Relative date and time.
      const count = typeof filter.timeUnitsCount === 'number' ? filter.timeUnitsCount : 1;
      const unit = timeUnits[Number(filter.timeUnitType)] ?? ['period', 'periods'];
      const operator = relativeOperators[Number(filter.operator)] ?? 'in the last';
      const span =
        operator === 'in this'
          ? `${operator} ${unit[0]}`
          : `${operator} ${count} ${unit[count === 1 ? 0 : 1]}`;
      return filter.includeToday === true ? `${span}, today included` : span;
    }
    default:
      return 'filtered';
  }
}

/** One filter in words: 'Region (Store): North or South'. */
export function describeFilter(filter: Models.IFilter | Loose): string {
  const loose = filter as Loose;
  return `${subject(loose)}: ${condition(loose) || 'filtered'}`;
}

/** A list of filters in words, one after another; 'No filters' for none. */
export function describeFilters(filters: readonly (Models.IFilter | Loose)[]): string {
  return filters.length === 0 ? 'No filters' : filters.map(describeFilter).join('; ');
}
