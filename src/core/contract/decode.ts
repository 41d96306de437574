/**
 * Decoding of what a CakePHP host sends: one entry point, the tolerant valibot primitives (numbers,
 * text, ids, booleans, date-times) and the shapes PHP wraps values in (empty maps as `[]`,
 * `{ id: null }` rows, JSON in form fields, `Model[field]` form names).
 *
 * PHP serialises numbers as strings ("12", "12.50"), booleans as 0/1/"0"/"1"/"true"/"false",
 * empty associative arrays as `[]`, missing `belongsTo` rows as `{ id: null, … }` and nulls from
 * forms as ''. The primitives accept those forms and output proper JS values; anything else
 * ("abc" for a number, 2 for a boolean, a missing required field) is an issue naming its path.
 */
import * as v from 'valibot';

/** A response (or request) that does not match the contract; `issues` name their paths. */
export class ContractError extends Error {
  readonly issues: readonly string[];

  constructor(what: string, issues: readonly string[]) {
    const more = issues.length > 1 ? ` (+${issues.length - 1} more)` : '';
    super(`Unexpected response from the server (${what}): ${issues[0]}${more}`);
    this.name = 'ContractError';
    this.issues = issues;
  }
}

/** A value as an issue shows it: strings quoted (and cut short), containers by kind. */
export function describeInput(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (typeof input === 'string') {
    return JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);
  }
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'object' && input !== null) return 'an object';
  return String(input);
}

/** Issue message factory: `expected a number, got "abc"`. */
/* @__NO_SIDE_EFFECTS__ */
export function expected(what: string) {
  return (issue: v.BaseIssue<unknown>) => `expected ${what}, got ${describeInput(issue.input)}`;
}

const builtInExpects: Record<string, string> = {
  Object: 'an object',
  Array: 'a list',
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  File: 'a file',
};

/** Message for valibot's own schemas (object, array, literal, picklist, …). */
export function describeBuiltIn(issue: v.BaseIssue<unknown>): string {
  const what = issue.expected ?? 'something else';
  // Picklists and variants expect '("a" | "b")'.
  const choice = /^\((.*)\)$/.exec(what);
  return expected(choice ? `one of ${choice[1]}` : (builtInExpects[what] ?? what))(issue);
}

/** `costs[0].Cost.id`: numeric keys in brackets, names dotted. */
export function pathOf(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = String(item.key);
    path += /^\d+$/.test(key) ? `[${key}]` : path === '' ? key : `.${key}`;
  }
  return path;
}

/** An issue as a sentence: `costs[1].Cost.id is required`, `status: expected "success", got …`. */
function describe(issue: v.BaseIssue<unknown>): string {
  const path = pathOf(issue);
  if (path === '') return issue.message;
  return issue.input === undefined ? `${path} is required` : `${path}: ${issue.message}`;
}

export type Decoded<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly [string, ...string[]] };

/** Decodes `input` with `schema`: its output, or every issue as a sentence naming its path. */
export function tryDecode<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): Decoded<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { message: describeBuiltIn });
  if (result.success) return { ok: true, value: result.output };
  const [first, ...rest] = result.issues;
  return { ok: false, issues: [describe(first), ...rest.map(describe)] };
}

/**
 * Decodes `input` with `schema`, or throws a ContractError listing every issue.
 * `what` names the call for the message, e.g. 'costs index'.
 */
export function decode<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  what: string,
): v.InferOutput<S> {
  const result = tryDecode(schema, input);
  if (result.ok) return result.value;
  throw new ContractError(what, result.issues);
}

const numericText = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

function isNumberLike(input: unknown): input is number | string {
  return typeof input === 'number'
    ? Number.isFinite(input)
    : typeof input === 'string' && numericText.test(input);
}

/** A finite number, or its decimal string ("12.50"). */
export const num = v.pipe(
  v.custom<number | string>(isNumberLike, expected('a number')),
  v.transform((input) => Number(input)),
);

/** A whole number, or its string ("12"). */
export const int = v.pipe(
  num,
  v.check((n: number) => Number.isSafeInteger(n), expected('a whole number')),
);

/** Zero or more, after `num` or `int`. */
export const nonNegative = v.check((n: number) => n >= 0, expected('zero or more'));

/** A string; a finite number becomes its string, as PHP sends numeric references. */
export const text = v.pipe(
  v.custom<string | number>(
    (input) => typeof input === 'string' || (typeof input === 'number' && Number.isFinite(input)),
    expected('text'),
  ),
  v.transform(String),
);

// Server date-times: 'YYYY-MM-DD HH:mm:ss' (PHP's format) and ISO 8601, checked against the
// calendar.

const dateTimeText =
  /^(\d{4})-(\d{2})-(\d{2})([ T])(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Whether `input` is a date-time on the calendar (no 31 February); `isoOnly` wants the 'T'. */
function isDateTime(input: unknown, isoOnly: boolean): input is string {
  const match = typeof input === 'string' ? dateTimeText.exec(input) : null;
  if (!match || (isoOnly && match[4] !== 'T')) return false;
  const part = (index: number) => Number(match[index] ?? 0);
  const date = new Date(Date.UTC(part(1), part(2) - 1, part(3)));
  return (
    date.getUTCMonth() === part(2) - 1 &&
    date.getUTCDate() === part(3) &&
    part(5) < 24 &&
    part(6) < 60 &&
    part(7) < 60
  );
}

/** 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm' or ISO 8601; kept as the server's string. */
export const dateTime = v.custom<string>(
  (input) => isDateTime(input, false),
  expected('a date-time (YYYY-MM-DD HH:mm:ss)'),
);

/** An ISO 8601 date-time such as `new Date().toISOString()`. */
export const isoDateTime = v.custom<string>(
  (input) => isDateTime(input, true),
  expected('an ISO 8601 date-time'),
);
