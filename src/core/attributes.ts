/**
 * Typed values from markup, read the way Stimulus reads its values: a `data-*` attribute (a
 * string, or null when absent) or an already-typed JS property becomes the prop a component
 * expects, or an {@link AttributeError} that names the attribute.
 */

export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

/** A value that cannot become its declared type; `message` is fit to show inline. */
export class AttributeError extends Error {
  override name = 'AttributeError';

  constructor(
    readonly attribute: string,
    message: string,
  ) {
    super(message);
  }
}

/** `data-tile-id` for the prop `tileId` (write `apiUrl`, not `apiURL`). */
export function attributeName(prop: string): string {
  return `data-${prop.replace(/[A-Z]/g, (capital) => `-${capital.toLowerCase()}`)}`;
}

/**
 * Reads `value` as `type`. Absent (null or undefined) gives undefined, except for booleans,
 * which are false when absent and true when present unless "0" or "false".
 */
export function parseAttribute(type: AttributeType, value: unknown, attribute: string): unknown {
  if (value == null) return type === 'boolean' ? false : undefined;
  switch (type) {
    case 'string':
      return String(value);
    case 'number':
      return parseNumber(value, attribute);
    case 'boolean':
      return typeof value === 'string' ? !/^\s*(0|false)\s*$/i.test(value) : Boolean(value);
    case 'json':
      return typeof value === 'string' ? parseJson(value, attribute) : value;
  }
}

function parseNumber(value: unknown, attribute: string): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number === 'number' && Number.isFinite(number)) return number;
  throw new AttributeError(attribute, `${attribute} must be a number (got ${show(value)})`);
}

function parseJson(value: string, attribute: string): unknown {
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new AttributeError(
      attribute,
      `${attribute} must be valid JSON: ${(error as Error).message}`,
    );
  }
}

/** A value as an error message quotes it: `"abc"`, `NaN`, `{"a":1}`. */
export function show(value: unknown): string {
  return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
}
