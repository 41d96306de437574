import { custom, expected, type Message, type Schema } from './core';

/** A string, as is. */
/* @__NO_SIDE_EFFECTS__ */
export function string(message: Message = expected('a string')): Schema<unknown, string> {
  return custom((input) => typeof input === 'string', message);
}

/** A finite number, as is (no numeric strings: see decode's `num` for those). */
/* @__NO_SIDE_EFFECTS__ */
export function number(message: Message = expected('a number')): Schema<unknown, number> {
  return custom((input) => typeof input === 'number' && Number.isFinite(input), message);
}

/** true or false, as is (see decode's `bool` for 0/1 and their strings). */
/* @__NO_SIDE_EFFECTS__ */
export function boolean(message: Message = expected('true or false')): Schema<unknown, boolean> {
  return custom((input) => typeof input === 'boolean', message);
}

/** A File, as a multipart form carries it. */
/* @__NO_SIDE_EFFECTS__ */
export function file(message: Message = expected('a file')): Schema<unknown, File> {
  return custom((input) => input instanceof File, message);
}

/** Any value. */
/* @__NO_SIDE_EFFECTS__ */
export function unknown(): Schema<unknown, unknown> {
  return custom(() => true);
}
