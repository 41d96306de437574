/** Pipe items beyond `check` and `transform`: common checks, and the less common actions. */
import { addIssue, check, type Dataset, expected, type Message, type Schema } from './core';

/** Text that `pattern` matches. */
/* @__NO_SIDE_EFFECTS__ */
export function regex(pattern: RegExp, message: Message): Schema<string, string> {
  return check((input: string) => pattern.test(input), message);
}

/** Text that starts with `prefix`. */
/* @__NO_SIDE_EFFECTS__ */
export function startsWith(
  prefix: string,
  message: Message = expected(`text starting with ${JSON.stringify(prefix)}`),
): Schema<string, string> {
  return check((input: string) => input.startsWith(prefix), message);
}

/** Text or a list at least `length` long. */
/* @__NO_SIDE_EFFECTS__ */
export function minLength<T extends string | readonly unknown[]>(
  length: number,
  message: Message = expected(`a length of ${length} or more`),
): Schema<T, T> {
  return check((input: T) => input.length >= length, message);
}

/** A number of `least` or more. */
/* @__NO_SIDE_EFFECTS__ */
export function minValue(
  least: number,
  message: Message = expected(`${least} or more`),
): Schema<number, number> {
  return check((input: number) => input >= least, message);
}

/** A number of `most` or less. */
/* @__NO_SIDE_EFFECTS__ */
export function maxValue(
  most: number,
  message: Message = expected(`at most ${most}`),
): Schema<number, number> {
  return check((input: number) => input <= most, message);
}

/** A whole number. */
/* @__NO_SIDE_EFFECTS__ */
export function integer(message: Message = expected('a whole number')): Schema<number, number> {
  return check((input: number) => Number.isInteger(input), message);
}

/**
 * `action`'s new issues are put at `path` inside the value (a check on the whole object that is
 * about one of its fields); the issue's input stays the whole value.
 */
/* @__NO_SIDE_EFFECTS__ */
export function forward<T>(action: Schema<T, T>, path: readonly (string | number)[]): Schema<T, T> {
  return {
    ...action,
    '~run'(dataset: Dataset) {
      const before = dataset.issues?.length ?? 0;
      const result = action['~run'](dataset);
      for (const issue of result.issues?.slice(before) ?? []) {
        issue.path = [...(issue.path ?? []), ...path.map((key) => ({ key }))];
      }
      return result;
    },
  };
}

/** Returned by a raw transformation that has reported an issue. */
const NEVER: never = undefined as never;

/**
 * In a pipe: the value becomes `operation(value, fail)`; `fail(message)` reports an issue about the
 * value and returns NEVER, which stops the pipe.
 */
/* @__NO_SIDE_EFFECTS__ */
export function rawTransform<I, O>(
  operation: (input: I, fail: (message: Message) => never) => O,
): Schema<I, O> {
  return {
    kind: 'transformation',
    type: 'raw_transform',
    '~run'(dataset) {
      dataset.value = operation(dataset.value as I, (message) => {
        addIssue(dataset, message);
        return NEVER;
      });
      return dataset;
    },
  };
}
