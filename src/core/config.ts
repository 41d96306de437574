import { attributeName, invalid, parseAttribute } from './attributes';
import { errorText } from './error-text';

/**
 * Page configuration: the settings docs/requirements.md calls "configured", from one JSON block in
 * the host page, `<script type="application/json" id="fm-config">{…}</script>`, with flat keys. An
 * element's own `data-<kebab-key>` attribute overrides the page value for that element
 * (`data-api-base`, `data-timeout`, `data-disable-approvals`, …; see {@link readConfig}).
 *
 * Values are tolerant in type (PHP may print `"10000"` for 10000, `0`/`1`/`"true"` for booleans,
 * `"1,2"` for a list) and strict in meaning (`"abc"` for a number is an error). Unknown keys
 * are ignored.
 *
 * Each key is declared, with its default and its reader, in a {@link ConfigSpec} next to the code
 * that reads it, and only the elements that read a key decode it (so only they report a wrong
 * value). The core keys are below; the others, all listed in README "Page configuration":
 * `password…` in password.ts (fm-password-form), `geo…` in widgets/engineer-job, `upload…` in
 * widgets/upload, and `disableApprovals`, `validateClientReference2`, `releasePriorities` in
 * widgets/cost-approval/config.ts.
 *
 * | key          | type        | default | meaning |
 * |--------------|-------------|---------|---------|
 * | apiBase      | string      | `''`    | base URL of every call; `''` is the page's own origin |
 * | parentOrigin | origin      | `''`    | origin the link bridge posts to; `''` is the page's own origin |
 * | timeout      | number (ms) | `10000` | request timeout |
 */

/** Reads one value; `name` is how an error names its source. Throws AttributeError. */
export type Reader<V> = (value: unknown, name: string) => V;

/** One key: its default and how a value becomes its type. */
export interface Setting<V> {
  readonly default: V;
  /** Reads a value from the page block (never null or undefined). */
  readonly read: Reader<V>;
  /** Reads the element's attribute, where that differs from `read`. */
  readonly readAttribute?: Reader<V>;
}

/** The keys one piece of code reads: `{ timeout: numberSetting(10_000) }`. */
export type ConfigSpec<T> = { readonly [K in keyof T]: Setting<T[K]> };

/** The page configuration block is not valid JSON, or one of its values is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A kind of setting: give it the key's default. */
export function setting<V>(
  read: Reader<V>,
  readAttribute?: Reader<V>,
): (fallback: V) => Setting<V> {
  return (fallback) => ({ default: fallback, read, readAttribute });
}

/** A number of 0 or more. */
export function readNumber(value: unknown, name: string): number {
  const read = parseAttribute('number', value, name) as number;
  return read < 0 ? invalid(name, value, 'a number of 0 or more') : read;
}

export const numberSetting = setting(readNumber);

/** A string (a number is taken as its text). */
export const textSetting = setting((value, name) =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value)
    : invalid(name, value, 'text'),
);

/** An http(s) origin (a URL is cut to its origin), or `''`. */
export const originSetting = setting((value, name) =>
  value === ''
    ? ''
    : originOf(value) || invalid(name, value, 'an origin such as https://example.com'),
);

function originOf(value: unknown): string {
  if (typeof value !== 'string') return '';
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.origin : '';
  } catch {
    return '';
  }
}

export interface CoreConfig {
  apiBase: string;
  parentOrigin: string;
  timeout: number;
}

/** What every element reads (`useConfig()`), and the loader's link bridge. */
export const coreConfig: ConfigSpec<CoreConfig> = {
  apiBase: textSetting(''),
  parentOrigin: originSetting(''),
  timeout: numberSetting(10_000),
};

type Block = Readonly<Record<string, unknown>>;

/** The spec's keys and settings. */
export function entries<T>(spec: ConfigSpec<T>): [string, Setting<unknown>][] {
  return Object.entries(spec);
}

function decode<T>(spec: ConfigSpec<T>, block: Block): Readonly<T> {
  const config: Record<string, unknown> = {};
  for (const [key, { read, default: fallback }] of entries(spec)) {
    const value = block[key];
    try {
      config[key] = value == null ? fallback : read(value, key);
    } catch (error) {
      throw new ConfigError(`Page configuration #fm-config: ${errorText(error)}`);
    }
  }
  return Object.freeze(config) as Readonly<T>;
}

/** The spec's defaults, as a page without a configuration block gets them. */
export function configDefaults<T>(spec: ConfigSpec<T>): Readonly<T> {
  return decode(spec, {});
}

const noBlock: Block = Object.freeze({});
let cache: { text: string | null; block: Block } | undefined;

/** The block's JSON, parsed once per text, so a page (or a test) that rewrites it is read again. */
function pageBlock(doc: Document): Block {
  const text = doc.getElementById('fm-config')?.textContent ?? null;
  if (cache?.text !== text) cache = { text, block: text === null ? noBlock : parseBlock(text) };
  return cache.block;
}

function parseBlock(text: string): Block {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Page configuration #fm-config is not valid JSON: ${errorText(error)}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ConfigError('Page configuration #fm-config must be a JSON object');
  }
  return json as Block;
}

const perPage = new WeakMap<object, { block: Block; config: object }>();

/**
 * The spec's keys as the page configures them. The same object comes back while the block does
 * not change. Throws ConfigError.
 */
export function readPageConfig<T>(doc: Document, spec: ConfigSpec<T>): Readonly<T> {
  const block = pageBlock(doc);
  const cached = perPage.get(spec);
  if (cached?.block === block) return cached.config as Readonly<T>;
  const config = decode(spec, block);
  perPage.set(spec, { block, config });
  return config;
}

interface Overridden {
  page: object;
  raw: string;
  config: object;
}

/** Per spec, per element: the last result and what it was read from. */
const perSpec = new WeakMap<object, WeakMap<Element, Overridden>>();

/**
 * The spec's keys as one element sees them: the page's, overridden by the element's own
 * `data-<kebab-key>` attributes. A bare boolean attribute (`data-disable-approvals`) is true.
 * The same object comes back while neither changes, so it can be an effect dependency.
 * Throws ConfigError (page block) or AttributeError (the element's attribute).
 */
export function readConfig<T>(element: Element, spec: ConfigSpec<T>): Readonly<T> {
  const page = readPageConfig(element.ownerDocument, spec);
  const settings = entries(spec);
  const values = settings.map(([key]) => element.getAttribute(attributeName(key)));
  const raw = JSON.stringify(values);
  let seen = perSpec.get(spec);
  if (!seen) {
    seen = new WeakMap<Element, Overridden>();
    perSpec.set(spec, seen);
  }
  const cached = seen.get(element);
  if (cached?.page === page && cached.raw === raw) return cached.config as Readonly<T>;

  let config: Record<string, unknown> | undefined;
  settings.forEach(([key, { read, readAttribute = read }], index) => {
    const value = values[index];
    if (value == null) return;
    config ??= { ...page };
    config[key] = readAttribute(value, attributeName(key));
  });
  const result = config ? Object.freeze(config) : page;
  seen.set(element, { page, raw, config: result });
  return result as Readonly<T>;
}
