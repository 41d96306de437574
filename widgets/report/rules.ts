/**
 * The wording of docs/requirements.md §5 for the embedded-report checks, and the valibot pieces
 * schemas.ts builds them from. powerbi-models stops at the first error and drops the path of nested
 * fields; these schemas report every error, each naming its field by its full path
 * (`settings.panes.filters.visible`, `filters[1].values`), in the words of docs/requirements.md §5.
 *
 * A message says `{field}` where the field's path goes: valibot words an issue before the
 * containers above it add their keys to its path, so `collect` fills the path in afterwards.
 */
import * as v from 'valibot';
import { pathOf } from '../../src/core/contract/decode';

// docs/requirements.md §5 messages, word for word.
export const messages = {
  required: '{field} is required',
  forbidden: '{field} is forbidden',
  object: '{field} must be an object',
  type: (type: string) => `{field} must be a ${type}`,
  invalid: '{field} property is invalid',
  arrayOf: (type: string) => `{field} must be an array of ${type}`,
  range: (min: number, max: number) => `{field} must be a number between ${min} and ${max}`,
};

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object's message: a missing required key is reported by the object that lacks it. */
function objectMessage(issue: v.BaseIssue<unknown>): string {
  return issue.input === undefined ? messages.required : messages.object;
}

/**
 * An object (not an array) with the given entries; an absent value passes
 * (docs/requirements.md §5), a required one is caught by its parent. Keys it does not name are left
 * to powerbi-models.
 */
export function object<E extends v.ObjectEntries>(entries: E) {
  return v.nullish(fields(entries));
}

/** As `object`, for a pipe that adds rules across its fields: not nullish itself. */
export function fields<E extends v.ObjectEntries>(entries: E) {
  // valibot's object takes an array as an object; docs/requirements.md §5 does not.
  return v.pipe(
    v.custom<Record<string, unknown>>(isRecord, messages.object),
    v.object(entries, objectMessage),
  );
}

/** Present and not null. */
export function required<S extends v.GenericSchema>(schema: S) {
  return v.nonNullish(schema, messages.required);
}

/** Absent: the key must not be there at all. */
export const forbidden = v.optional(v.never(messages.forbidden));

export const string = v.nullish(v.string(messages.type('string')));
export const boolean = v.nullish(v.boolean(messages.type('boolean')));
export const number = v.nullish(v.number(messages.type('number')));

/** A number that must be one of `allowed` (an enumeration of docs/requirements.md §4). */
export function oneOf(allowed: readonly number[]) {
  return v.nullish(
    v.pipe(
      v.number(messages.type('number')),
      v.check((value) => allowed.includes(value), messages.invalid),
    ),
  );
}

/** An array of `type`s, reported as a whole. */
export function arrayOfType(type: 'string' | 'boolean' | 'number', plural: string) {
  return v.custom<unknown[]>(
    (value) => Array.isArray(value) && value.every((item) => typeof item === type),
    messages.arrayOf(plural),
  );
}

/** A scalar a filter compares with: string, number or boolean. */
export const primitive = v.nullish(
  v.union([v.string(), v.number(), v.boolean()], messages.invalid),
);

/** An array whose items each pass `item`; items are named `field[i]`. */
export function arrayOf<S extends v.GenericSchema>(item: S) {
  return v.nullish(v.array(item, messages.invalid));
}

/** An object of string keys whose values each pass `item` (a map such as pagesLayout). */
export function mapOf<S extends v.GenericSchema>(item: S) {
  return v.nullish(v.record(v.string(), item, messages.object));
}

/** `field` followed by an issue's own path: `filters[1]` and `values` make `filters[1].values`. */
function fieldOf(field: string, issue: v.BaseIssue<unknown>): string {
  const path = pathOf(issue);
  if (field === '' || path === '') return field || path || 'input';
  return path.startsWith('[') ? `${field}${path}` : `${field}.${path}`;
}

/** Every docs/requirements.md §5 message for `value`, each naming its field under `field`. */
export function collect(schema: v.GenericSchema, value: unknown, field = ''): string[] {
  const result = v.safeParse(schema, value);
  return (result.issues ?? []).map((issue) =>
    issue.message.replace('{field}', fieldOf(field, issue)),
  );
}
