import {
  addIssue,
  adoptIssues,
  expected,
  type GenericSchema,
  type InferOutput,
  type Message,
  run,
  type Schema,
} from './core';
import type { ObjectEntries, ObjectSchema } from './object';

type Literal = string | number | boolean;

/** How a literal reads in a message: strings quoted. */
function quote(value: Literal): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** Exactly `value`. */
/* @__NO_SIDE_EFFECTS__ */
export function literal<const T extends Literal>(
  value: T,
  message: Message = expected(quote(value)),
): Schema<unknown, T> {
  return picklist([value], message);
}

/** One of `options`. */
/* @__NO_SIDE_EFFECTS__ */
export function picklist<const T extends readonly Literal[]>(
  options: T,
  message: Message = expected(`one of ${options.map(quote).join(' | ')}`),
): Schema<unknown, T[number]> & { readonly options: T } {
  return {
    kind: 'schema',
    type: 'picklist',
    options,
    '~run'(dataset) {
      if (options.includes(dataset.value as Literal)) dataset.typed = true;
      else addIssue(dataset, message);
      return dataset;
    },
  };
}

/** The first of `options` that decodes the value; otherwise one issue, `message`. */
/* @__NO_SIDE_EFFECTS__ */
export function union<const T extends readonly GenericSchema[]>(
  options: T,
  message: Message,
): Schema<unknown, InferOutput<T[number]>> {
  return {
    kind: 'schema',
    type: 'union',
    '~run'(dataset) {
      for (const option of options) {
        const result = run(option, dataset.value);
        if (!result.issues) return result;
      }
      return addIssue(dataset, message);
    },
  };
}

type VariantOption<K extends string> = ObjectSchema<ObjectEntries & Record<K, GenericSchema>>;

/**
 * Objects told apart by the value of `key`: the first option whose `key` schema accepts it
 * decodes the object. An unknown value is an issue at `key`, naming the values allowed.
 */
/* @__NO_SIDE_EFFECTS__ */
export function variant<K extends string, const T extends readonly VariantOption<K>[]>(
  key: K,
  options: T,
): Schema<unknown, InferOutput<T[number]>> {
  const allowed = options.flatMap(
    (option) => (option.entries[key] as { options?: readonly Literal[] }).options ?? [],
  );
  const unknownKey = picklist(allowed);
  return {
    kind: 'schema',
    type: 'variant',
    '~run'(dataset) {
      const input = dataset.value as Record<string, unknown>;
      if (typeof input !== 'object' || input === null) {
        return addIssue(dataset, expected('an object'));
      }
      const option = options.find(
        (each) => !run(each.entries[key] as GenericSchema, input[key]).issues,
      );
      if (option) return option['~run'](dataset);
      adoptIssues(dataset, run(unknownKey, input[key]), key);
      return dataset;
    },
  };
}
