/**
 * The ids, booleans and shapes a CakePHP host wraps values in, for the widgets' answers and the
 * forms: apart from decode.ts, which every page's runtime holds, so that a page whose elements read
 * none of them (a page of tiles) does not download them.
 */
import * as v from 'valibot';
import { describeInput, expected, int } from './decode';

// Ids and booleans.

/** A database id: a positive whole number, or its string. */
export const id = v.pipe(
  int,
  v.check((n) => n > 0, expected('a positive id')),
);

function toBool(input: unknown): boolean | undefined {
  switch (input) {
    case true:
    case 1:
    case '1':
    case 'true':
      return true;
    case false:
    case 0:
    case '0':
    case 'false':
      return false;
    default:
      return undefined;
  }
}

/** true/false, 1/0, "1"/"0" or "true"/"false". */
export const bool = v.pipe(
  v.custom<boolean | number | string>(
    (input) => toBool(input) !== undefined,
    expected('true or false'),
  ),
  v.transform((input) => toBool(input) === true),
);

// The shapes a CakePHP host wraps values in: '' for null, `{ id: null, … }` for a missing row,
// `[]` for an empty map, JSON text in a form field, `Model[field]` form names.

/** `schema` or null; '' also means null, as a PHP form sends an empty id. */
/* @__NO_SIDE_EFFECTS__ */
export function nullableOf<S extends v.GenericSchema>(schema: S) {
  return v.pipe(
    v.unknown(),
    v.transform((input) => (input === '' ? null : input)),
    v.nullable(schema),
  );
}

/**
 * A CakePHP associated record: null, or `{ id: null, … }` (how CakePHP sends a missing
 * belongsTo row), both decoded as null; otherwise `schema`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function nullableRecord<S extends v.GenericSchema>(schema: S) {
  return v.pipe(
    v.unknown(),
    v.transform((input) => {
      const row = input as { id?: unknown } | null;
      return typeof row === 'object' && row !== null && (row.id === null || row.id === '')
        ? null
        : input;
    }),
    v.nullable(schema),
  );
}

const idKey = v.pipe(v.string(), v.regex(/^[1-9]\d*$/, expected('an id as key')));

/** An `{ [id]: value }` map; PHP sends an empty one as `[]`. */
/* @__NO_SIDE_EFFECTS__ */
export function idMap<S extends v.GenericSchema>(value: S) {
  return v.pipe(
    v.unknown(),
    v.transform((input) => (Array.isArray(input) && input.length === 0 ? {} : input)),
    v.record(idKey, value),
  );
}

/** `schema` applied to a JSON string (as forms post lists), or to the already parsed value. */
/* @__NO_SIDE_EFFECTS__ */
export function jsonOf<S extends v.GenericSchema>(schema: S) {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (typeof dataset.value !== 'string') return dataset.value;
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch {
        addIssue({ message: `expected JSON text, got ${describeInput(dataset.value)}` });
        return NEVER;
      }
    }),
    schema,
  );
}

const bracketKey = /^(\w+)\[(\w+)\]$/;

/**
 * `schema` applied to form fields after nesting one level of brackets:
 * `{ 'CostValidate[12]': '1' }` becomes `{ CostValidate: { 12: '1' } }`. Nested input passes as is.
 */
/* @__NO_SIDE_EFFECTS__ */
export function bracketForm<S extends v.GenericSchema>(schema: S) {
  return v.pipe(
    v.unknown(),
    v.transform((input) => {
      if (typeof input !== 'object' || input === null) return input;
      const nested: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(input)) {
        const match = bracketKey.exec(key);
        if (!match) {
          nested[key] = value;
          continue;
        }
        const [, name = '', inner = ''] = match;
        const group = nested[name];
        nested[name] = {
          ...(typeof group === 'object' && group !== null ? group : {}),
          [inner]: value,
        };
      }
      return nested;
    }),
    schema,
  );
}
