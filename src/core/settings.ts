/**
 * The readers of the settings only widgets have (docs/architecture.md: the page configuration):
 * flags, lists and choices. Apart from config.ts, which the loader imports, so that the loader
 * every page downloads holds only the readers of the keys it reads itself.
 */
import { invalid, parseAttribute } from './attributes';
import { readNumber, type Setting, setting } from './config';

/** `true`/`false`, `1`/`0` or their strings; as an attribute, present is true unless "0" or "false". */
export const flagSetting = setting(
  (value, name) => {
    if (value === true || value === 1 || value === '1' || value === 'true') return true;
    if (value === false || value === 0 || value === '0' || value === 'false') return false;
    return invalid(name, value, 'true or false');
  },
  (value, name) => parseAttribute('boolean', value, name) as boolean,
);

/** A list as the block gives it, or as text: `[1,2]` as JSON, or a comma list `1, 2`. */
function items(value: unknown, name: string): unknown[] {
  const list = typeof value === 'string' ? splitList(value, name) : value;
  return Array.isArray(list) ? list : invalid(name, value, 'a list');
}

function splitList(value: string, name: string): unknown {
  if (value.trim().startsWith('[')) return parseAttribute('json', value, name);
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A list of numbers of 0 or more. */
export const numberListSetting = setting((value, name) =>
  items(value, name).map((item) => readNumber(item, name)),
);

/** A list of words. */
export const stringListSetting = setting((value, name) =>
  items(value, name).map((item) =>
    typeof item === 'string' ? item : invalid(name, value, 'a list of words'),
  ),
);

/** One of `values`, written exactly. */
export function oneOfSetting<V extends string>(
  values: readonly V[],
  fallback: NoInfer<V>,
): Setting<V> {
  return setting((value, name) =>
    values.includes(value as V)
      ? (value as V)
      : invalid(name, value, `one of ${values.join(', ')}`),
  )(fallback);
}
