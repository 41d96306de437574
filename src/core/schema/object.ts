import type { OptionalSchema } from './containers';
import {
  addIssue,
  adoptIssues,
  expected,
  type GenericSchema,
  type InferOutput,
  type Message,
  type Schema,
} from './core';

export type ObjectEntries = Record<string, GenericSchema>;

/** Keys of entries that are optional without a default: `key?:` in the output. */
type OptionalKeys<E extends ObjectEntries> = {
  [K in keyof E]: E[K] extends OptionalSchema<GenericSchema, undefined> ? K : never;
}[keyof E];

type Flat<T> = { [K in keyof T]: T[K] } & {};

export type ObjectOutput<E extends ObjectEntries> = Flat<
  { -readonly [K in Exclude<keyof E, OptionalKeys<E>>]: InferOutput<E[K]> } & {
    -readonly [K in OptionalKeys<E>]?: InferOutput<E[K]>;
  }
>;

export interface ObjectSchema<E extends ObjectEntries> extends Schema<unknown, ObjectOutput<E>> {
  readonly type: 'object';
  readonly entries: E;
}

/**
 * An object with these keys, each decoded by its schema; other keys are dropped. A missing key is
 * an issue about `undefined` at its path ("… is required") unless its schema is `optional`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function object<const E extends ObjectEntries>(
  entries: E,
  message: Message = expected('an object'),
): ObjectSchema<E> {
  return {
    kind: 'schema',
    type: 'object',
    entries,
    '~run'(dataset) {
      const input = dataset.value as Record<string, unknown>;
      if (typeof input !== 'object' || input === null) return addIssue(dataset, message);
      const output: Record<string, unknown> = {};
      dataset.typed = true;
      dataset.value = output;
      for (const key in entries) {
        const entry = entries[key] as GenericSchema;
        const value = input[key];
        const absent = value === undefined && !(key in input);
        if (
          absent &&
          entry.type === 'optional' &&
          (entry as OptionalSchema<GenericSchema, unknown>).default === undefined
        ) {
          continue;
        }
        const result = entry['~run']({ value, typed: false });
        adoptIssues(dataset, result, key);
        output[key] = result.value;
      }
      return dataset;
    },
  };
}
