import { errorText } from './error-text';

/**
 * Typed values from markup, read the way Stimulus reads its values: a `data-*` attribute (a
 * string, or null when absent) or an already-typed JS property becomes the prop a component
 * expects, or an {@link AttributeError} that names the attribute.
 */

/**
 * `id`: a positive whole number (a record's id); `url`: text that is not empty; `boolean`:
 * present or absent, as HTML reads it, or written out as true/false, 1/0.
 */
export type AttributeType = 'string' | 'number' | 'id' | 'url' | 'boolean' | 'json';

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
 * which are false when absent. Anything else that does not fit is an AttributeError.
 */
export function parseAttribute(type: AttributeType, value: unknown, attribute: string): unknown {
  if (value == null) return type === 'boolean' ? false : undefined;
  switch (type) {
    case 'string':
      return String(value);
    case 'number':
      return parseNumber(value, attribute);
    case 'id':
      return parseId(value, attribute);
    case 'url':
      return parseUrl(value, attribute);
    case 'boolean':
      return parseBoolean(value, attribute);
    case 'json':
      return typeof value === 'string' ? parseJson(value, attribute) : value;
  }
}

/** Throws the error for a value that is not what `attribute` expects. */
export function invalid(attribute: string, value: unknown, expected: string): never {
  throw new AttributeError(attribute, `${attribute} must be ${expected} (got ${quoted(value)})`);
}

function parseNumber(value: unknown, attribute: string): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number === 'number' && Number.isFinite(number)) return number;
  return invalid(attribute, value, 'a number');
}

/** Digits only (PHP prints ids as "12"): no sign, no fraction, no exponent, and exact in JS. */
function parseId(value: unknown, attribute: string): number {
  const id = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  return invalid(attribute, value, 'a positive whole number');
}

function parseUrl(value: unknown, attribute: string): string {
  const url = String(value).trim();
  if (url !== '') return url;
  throw new AttributeError(attribute, `${attribute} must be a URL, not empty`);
}

/**
 * HTML's reading (present and empty, or the attribute's own name, is true) and the written-out
 * forms hosts print: true/false, 1/0 (PHP's booleans), in any case.
 */
function parseBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (text === '' || text === 'true' || text === '1' || text === attribute) return true;
  if (text === 'false' || text === '0') return false;
  return invalid(attribute, value, 'present or absent, true or false, 1 or 0');
}

function parseJson(value: string, attribute: string): unknown {
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new AttributeError(attribute, `${attribute} must be valid JSON: ${errorText(error)}`);
  }
}

/** A value as an error message quotes it: `"abc"`, `NaN`, `{"a":1}`. */
export function quoted(value: unknown): string {
  return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
}
