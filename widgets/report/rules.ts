/**
 * A small rule language for SPEC §5's embedded-report checks. powerbi-models stops at the first
 * error and drops the path of nested fields; these rules walk the whole value and report every
 * error, each naming its field by its full path (`settings.panes.filters.visible`, `filters[1].values`),
 * in the words of SPEC §5.
 */

/** Checks `value` found at `field` and pushes a message for each thing wrong with it. */
export type Check = (value: unknown, field: string, errors: string[]) => void;

interface FieldRule {
  check?: Check;
  required?: boolean;
  forbidden?: boolean;
}

export type Shape = Record<string, Check | FieldRule>;

// SPEC §5 messages, word for word.
export const messages = {
  required: (field: string) => `${field} is required`,
  forbidden: (field: string) => `${field} is forbidden`,
  type: (field: string, type: string) => `${field} must be a ${type}`,
  invalid: (field: string) => `${field} property is invalid`,
  arrayOf: (field: string, type: string) => `${field} must be an array of ${type}`,
  range: (field: string, min: number, max: number) =>
    `${field} must be a number between ${min} and ${max}`,
  constraint: (path: string, keyword: string) =>
    `${path} is invalid. Not meeting ${keyword} constraint`,
};

export function required(check?: Check): FieldRule {
  return { check, required: true };
}

export const forbidden: FieldRule = { forbidden: true };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a.b` for a key under `a`; just `b` at the top. */
export function child(field: string, key: string): string {
  return field ? `${field}.${key}` : key;
}

function typed(type: 'string' | 'boolean' | 'number'): Check {
  return (value, field, errors) => {
    if (value != null && typeof value !== type) errors.push(messages.type(field, type));
  };
}

export const string = typed('string');
export const boolean = typed('boolean');
export const number = typed('number');

/** Anything: for values the service interprets itself (a condition's value, a theme's JSON). */
export const any: Check = () => {};

/** A number that must be one of `allowed` (an enumeration of SPEC §4). */
export function oneOf(allowed: readonly number[]): Check {
  return (value, field, errors) => {
    if (value == null) return;
    if (typeof value !== 'number') errors.push(messages.type(field, 'number'));
    else if (!allowed.includes(value)) errors.push(messages.invalid(field));
  };
}

/** A string that must equal `expected` (a selector's `$schema`). */
export function literal(expected: string): Check {
  return (value, field, errors) => {
    if (value == null) return;
    if (typeof value !== 'string') errors.push(messages.type(field, 'string'));
    else if (value !== expected) errors.push(messages.invalid(field));
  };
}

export function range(min: number, max: number): Check {
  return (value, field, errors) => {
    if (value == null) return;
    if (typeof value !== 'number') errors.push(messages.type(field, 'number'));
    else if (!(value >= min && value <= max)) errors.push(messages.range(field, min, max));
  };
}

function arrayOfType(type: 'string' | 'boolean' | 'number', plural: string): Check {
  return (value, field, errors) => {
    if (value == null) return;
    if (!Array.isArray(value) || value.some((item) => typeof item !== type)) {
      errors.push(messages.arrayOf(field, plural));
    }
  };
}

export const stringArray = arrayOfType('string', 'strings');
export const booleanArray = arrayOfType('boolean', 'booleans');
export const numberArray = arrayOfType('number', 'numbers');

/** A scalar a filter compares with: string, number or boolean. */
export const primitive: Check = (value, field, errors) => {
  if (value == null) return;
  if (!['string', 'number', 'boolean'].includes(typeof value)) errors.push(messages.invalid(field));
};

/** An array whose items each pass `item`; items are named `field[i]`. */
export function arrayOf(item: Check): Check {
  return (value, field, errors) => {
    if (value == null) return;
    if (!Array.isArray(value)) {
      errors.push(messages.invalid(field));
      return;
    }
    value.forEach((entry, index) => {
      item(entry, `${field}[${index}]`, errors);
    });
  };
}

/** An object of string keys whose values each pass `item` (a map such as pagesLayout). */
export function mapOf(item: Check): Check {
  return (value, field, errors) => {
    if (value == null) return;
    if (!isRecord(value)) {
      errors.push(messages.type(field, 'object'));
      return;
    }
    for (const [key, entry] of Object.entries(value)) item(entry, child(field, key), errors);
  };
}

/**
 * An object (not an array) with the given fields; `refine` adds rules across fields. An absent
 * value passes (SPEC §5) — a required one is caught by its parent.
 */
export function object(shape: Shape, refine?: Check): Check {
  const rules = Object.entries(shape).map(
    ([key, rule]) => [key, typeof rule === 'function' ? { check: rule } : rule] as const,
  );
  return (value, field, errors) => {
    if (value == null) return;
    if (!isRecord(value)) {
      errors.push(field ? `${field} must be an object` : 'input must be an object');
      return;
    }
    for (const [key, rule] of rules) {
      const path = child(field, key);
      const entry = value[key];
      if (rule.forbidden) {
        if (entry !== undefined) errors.push(messages.forbidden(path));
        continue;
      }
      if (rule.required && entry == null) {
        errors.push(messages.required(path));
        continue;
      }
      rule.check?.(entry, path, errors);
    }
    refine?.(value, field, errors);
  };
}

/** Runs `check` on a whole value and returns every message. */
export function collect(check: Check, value: unknown, field = ''): string[] {
  const errors: string[] = [];
  check(value, field, errors);
  return errors;
}
