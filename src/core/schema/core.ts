/**
 * The kernel of our decoders: what a schema is, how issues are recorded, `pipe`, `check`,
 * `transform`, `custom` and `safeParse` (why ours and not a library: see index.ts).
 *
 * A schema runs on a dataset: `typed` says the value has the schema's type (a later check may
 * still have found an issue), `issues` lists what is wrong, each with the input it was about and
 * the path to it (outermost key first).
 */

export interface PathItem {
  /** An object key, or an array index. */
  readonly key: string | number;
}

export interface Issue {
  /** The value at fault; `undefined` when a required key is missing. */
  readonly input: unknown;
  readonly message: string;
  /** Where the value is, outermost key first; absent at the top level. */
  path?: PathItem[];
}

export interface Dataset {
  value: unknown;
  typed: boolean;
  issues?: Issue[];
}

/** An issue's message, or how to word it from the value at fault. */
export type Message = string | ((issue: { readonly input: unknown }) => string);

export interface Schema<TInput = unknown, TOutput = TInput> {
  /**
   * A `schema` checks the type; in a pipe, a `validation` checks a typed value and a
   * `transformation` changes it. After an issue, a pipe stops at its next schema or
   * transformation, and validations skip values that are not typed.
   */
  readonly kind: 'schema' | 'validation' | 'transformation';
  readonly type: string;
  '~run'(dataset: Dataset): Dataset;
  /** Types only: what the schema accepts (contravariant) and what it outputs. */
  readonly '~types'?: { readonly input: (input: TInput) => void; readonly output: TOutput };
}

// biome-ignore lint/suspicious/noExplicitAny: the widest schema, as a constraint.
export type GenericSchema = Schema<any, any>;

export type InferOutput<S extends GenericSchema> = NonNullable<S['~types']>['output'];

/** A value as an issue shows it: strings quoted (and cut short), containers by kind. */
export function show(input: unknown): string {
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
  return (issue: { readonly input: unknown }) => `expected ${what}, got ${show(issue.input)}`;
}

/** Records an issue about the dataset's value; a schema's issue also marks it as not typed. */
export function addIssue(
  dataset: Dataset,
  message: Message,
  kind: Schema['kind'] = 'schema',
): Dataset {
  const issue = { input: dataset.value, message: '' };
  issue.message = typeof message === 'function' ? message(issue) : message;
  if (kind === 'schema') dataset.typed = false;
  pushIssue(dataset, issue);
  return dataset;
}

function pushIssue(dataset: Dataset, issue: Issue): void {
  if (dataset.issues) dataset.issues.push(issue);
  else dataset.issues = [issue];
}

/** Runs `schema` on `value` in a dataset of its own. */
export function run(schema: GenericSchema, value: unknown): Dataset {
  return schema['~run']({ value, typed: false });
}

/** Prefixes `key` to the path of every issue of `from`, and adds them to `to`. */
export function adoptIssues(to: Dataset, from: Dataset, key: string | number): void {
  for (const issue of from.issues ?? []) {
    issue.path = [{ key }, ...(issue.path ?? [])];
    pushIssue(to, issue);
  }
  if (!from.typed) to.typed = false;
}

export type SafeParseResult<S extends GenericSchema> =
  | { success: true; output: InferOutput<S>; issues?: undefined }
  | { success: false; output: unknown; issues: [Issue, ...Issue[]] };

/** Decodes `input`; never throws. */
export function safeParse<S extends GenericSchema>(schema: S, input: unknown): SafeParseResult<S> {
  const { value, issues } = run(schema, input);
  return (
    issues ? { success: false, output: value, issues } : { success: true, output: value }
  ) as SafeParseResult<S>;
}

/** Whether `input` decodes without issues. */
export function is<S extends GenericSchema>(schema: S, input: unknown): boolean {
  return !run(schema, input).issues;
}

/** A schema whose type is whatever `guard` accepts. */
/* @__NO_SIDE_EFFECTS__ */
export function custom<T>(
  guard: (input: unknown) => boolean,
  message: Message = expected('something else'),
): Schema<unknown, T> {
  return {
    kind: 'schema',
    type: 'custom',
    '~run'(dataset) {
      if (guard(dataset.value)) dataset.typed = true;
      else addIssue(dataset, message);
      return dataset;
    },
  };
}

/** In a pipe: an issue when `requirement` is false. */
/* @__NO_SIDE_EFFECTS__ */
export function check<T>(requirement: (input: T) => boolean, message: Message): Schema<T, T> {
  return {
    kind: 'validation',
    type: 'check',
    '~run'(dataset) {
      if (dataset.typed && !requirement(dataset.value as T)) {
        addIssue(dataset, message, 'validation');
      }
      return dataset;
    },
  };
}

/** In a pipe: the value becomes `operation(value)`. */
/* @__NO_SIDE_EFFECTS__ */
export function transform<I, O>(operation: (input: I) => O): Schema<I, O> {
  return {
    kind: 'transformation',
    type: 'transform',
    '~run'(dataset) {
      dataset.value = operation(dataset.value as I);
      return dataset;
    },
  };
}

type Item<I, O = unknown> = Schema<I, O>;
type Out<S extends GenericSchema> = InferOutput<S>;
// `X | Item<In, Out<X>>` gives an item such as `check((n) => …)` its input type from the context.
type Next<X extends GenericSchema, Prev extends GenericSchema> = X | Item<Out<Prev>, Out<X>>;

/**
 * The first schema, then each item in turn on its output. The pipe keeps the first schema's
 * properties (an object's entries, an optional's default).
 */
export function pipe<S extends GenericSchema, A extends Item<Out<S>>>(
  schema: S,
  a: Next<A, S>,
): Schema<unknown, Out<A>>;
export function pipe<S extends GenericSchema, A extends Item<Out<S>>, B extends Item<Out<A>>>(
  schema: S,
  a: Next<A, S>,
  b: Next<B, A>,
): Schema<unknown, Out<B>>;
export function pipe<
  S extends GenericSchema,
  A extends Item<Out<S>>,
  B extends Item<Out<A>>,
  C extends Item<Out<B>>,
>(schema: S, a: Next<A, S>, b: Next<B, A>, c: Next<C, B>): Schema<unknown, Out<C>>;
export function pipe<
  S extends GenericSchema,
  A extends Item<Out<S>>,
  B extends Item<Out<A>>,
  C extends Item<Out<B>>,
  D extends Item<Out<C>>,
>(schema: S, a: Next<A, S>, b: Next<B, A>, c: Next<C, B>, d: Next<D, C>): Schema<unknown, Out<D>>;
/* @__NO_SIDE_EFFECTS__ */
export function pipe(...items: GenericSchema[]): GenericSchema {
  return {
    // The first schema's own properties (an object's entries, say) stay visible.
    ...items[0],
    '~run'(dataset: Dataset) {
      for (const item of items) {
        if (dataset.issues && item.kind !== 'validation') {
          dataset.typed = false;
          break;
        }
        dataset = item['~run'](dataset);
      }
      return dataset;
    },
  } as GenericSchema;
}
