import {
  addIssue,
  adoptIssues,
  type Dataset,
  expected,
  type GenericSchema,
  type InferOutput,
  type Message,
  run,
  type Schema,
} from './core';

/** A list, each item decoded by `item`. */
/* @__NO_SIDE_EFFECTS__ */
export function array<S extends GenericSchema>(
  item: S,
  message: Message = expected('a list'),
): Schema<unknown, InferOutput<S>[]> {
  return {
    kind: 'schema',
    type: 'array',
    '~run'(dataset) {
      const input = dataset.value;
      if (!Array.isArray(input)) return addIssue(dataset, message);
      dataset.typed = true;
      dataset.value = input.map((value, index) => {
        const result = run(item, value);
        adoptIssues(dataset, result, index);
        return result.value;
      });
      return dataset;
    },
  };
}

/**
 * An object used as a map: each own key decoded by `key`, each value by `value`. A `__proto__`
 * key (JSON.parse makes one) is dropped rather than set as the output's prototype.
 */
/* @__NO_SIDE_EFFECTS__ */
export function record<K extends Schema<string, string | number>, S extends GenericSchema>(
  key: K,
  value: S,
  message: Message = expected('an object'),
): Schema<unknown, Record<InferOutput<K>, InferOutput<S>>> {
  return {
    kind: 'schema',
    type: 'record',
    '~run'(dataset) {
      const input = dataset.value;
      if (typeof input !== 'object' || input === null) return addIssue(dataset, message);
      const output: Record<string, unknown> = {};
      dataset.typed = true;
      dataset.value = output;
      for (const [name, item] of Object.entries(input)) {
        if (name === '__proto__') continue;
        const keyResult = run(key, name);
        const valueResult = run(value, item);
        adoptIssues(dataset, keyResult, name);
        adoptIssues(dataset, valueResult, name);
        output[keyResult.value as string] = valueResult.value;
      }
      return dataset;
    },
  };
}

/** `schema`, or null. */
/* @__NO_SIDE_EFFECTS__ */
export function nullable<S extends GenericSchema>(
  schema: S,
): Schema<unknown, InferOutput<S> | null> {
  return {
    kind: 'schema',
    type: 'nullable',
    '~run'(dataset: Dataset) {
      if (dataset.value !== null) return schema['~run'](dataset);
      dataset.typed = true;
      return dataset;
    },
  };
}

/**
 * A key that may be absent (or undefined): then `fallback` is decoded in its place, or without one
 * the key is left out of an object.
 */
export interface OptionalSchema<S extends GenericSchema, D> extends Schema<unknown, unknown> {
  readonly type: 'optional';
  readonly wrapped: S;
  readonly default: D;
  readonly '~types'?: {
    readonly input: (input: unknown) => void;
    readonly output: InferOutput<S> | (D extends undefined ? undefined : never);
  };
}

/** `schema`, or nothing: then `fallback` (an input of `schema`) when given. */
export function optional<S extends GenericSchema>(schema: S): OptionalSchema<S, undefined>;
export function optional<S extends GenericSchema, const D>(
  schema: S,
  fallback: D,
): OptionalSchema<S, D>;
/* @__NO_SIDE_EFFECTS__ */
export function optional(
  schema: GenericSchema,
  fallback?: unknown,
): OptionalSchema<GenericSchema, unknown> {
  return {
    kind: 'schema',
    type: 'optional',
    wrapped: schema,
    default: fallback,
    '~run'(dataset) {
      if (dataset.value === undefined) dataset.value = fallback;
      if (dataset.value === undefined) {
        dataset.typed = true;
        return dataset;
      }
      return schema['~run'](dataset);
    },
  };
}
