import { AttributeError, attributeName, parseAttribute, show } from './attributes';

/**
 * Page configuration: the settings SPEC calls "configured", from one JSON block in the host page,
 * `<script type="application/json" id="fm-config">{…}</script>`, with flat keys. An element's
 * own `data-<kebab-key>` attribute overrides the page value for that element
 * (`data-api-base`, `data-timeout`, `data-disable-approvals`, …).
 *
 * Values are tolerant in type (PHP may print `"10000"` for 10000, `0`/`1`/`"true"` for booleans,
 * `"1,2"` for a list) and strict in meaning (`"abc"` for a number is an error). Unknown keys
 * are ignored.
 *
 * | key                      | type                        | default  | meaning |
 * |--------------------------|-----------------------------|----------|---------|
 * | apiBase                  | string                      | `''`     | base URL of every call; `''` is the page's own origin |
 * | parentOrigin             | origin                      | `''`     | origin the link bridge posts to; `''` is the page's own origin |
 * | timeout                  | number (ms)                 | `10000`  | request timeout |
 * | disableApprovals         | boolean                     | `false`  | hides cost approval (SPEC §5) |
 * | validateClientReference2 | boolean                     | `true`   | an Order Number is required on release when the job has none |
 * | releasePriorities        | number[]                    | `[]`     | priority ids offered on release; empty offers every priority |
 * | passwordMinLength        | number                      | `8`      | minimum length |
 * | passwordDigits           | number                      | `1`      | minimum digits |
 * | passwordLowercase        | number                      | `1`      | minimum lowercase characters |
 * | passwordUppercase        | number                      | `1`      | minimum uppercase characters |
 * | passwordSpecial          | number                      | `1`      | minimum special characters |
 * | passwordLetters          | number                      | `0`      | minimum letters |
 * | passwordMaxConsecutive   | number                      | `2`      | longest run of one repeated character (SPEC §5: no run of 3) |
 * | passwordBlacklist        | string[]                    | `[]`     | words a password may not contain |
 * | geoMaxDistance           | number                      | `1`      | allowed distance from the site, in `geoUnit`, before accuracy |
 * | geoUnit                  | 'K' \| 'N' \| 'M' \| 'miles' | `'miles'` | kilometres, nautical miles, metres or miles (SPEC §9) |
 * | geoCheck                 | boolean                     | `true`   | false disables the distance check |
 * | uploadMaxFileSize        | number (MB)                 | `10`     | largest file the drop zone accepts |
 * | uploadMaxFiles           | number                      | `10`     | most files per drop zone |
 * | uploadAcceptedFiles      | string                      | `'image/*'` | accepted types, e.g. `'image/*,.pdf'` |
 */
export interface PageConfig {
  apiBase: string;
  parentOrigin: string;
  timeout: number;
  disableApprovals: boolean;
  validateClientReference2: boolean;
  releasePriorities: number[];
  passwordMinLength: number;
  passwordDigits: number;
  passwordLowercase: number;
  passwordUppercase: number;
  passwordSpecial: number;
  passwordLetters: number;
  passwordMaxConsecutive: number;
  passwordBlacklist: string[];
  geoMaxDistance: number;
  geoUnit: GeoUnit;
  geoCheck: boolean;
  uploadMaxFileSize: number;
  uploadMaxFiles: number;
  uploadAcceptedFiles: string;
}

export type GeoUnit = 'K' | 'N' | 'M' | 'miles';

export const defaultConfig: Readonly<PageConfig> = Object.freeze({
  apiBase: '',
  parentOrigin: '',
  timeout: 10_000,
  disableApprovals: false,
  validateClientReference2: true,
  releasePriorities: [],
  passwordMinLength: 8,
  passwordDigits: 1,
  passwordLowercase: 1,
  passwordUppercase: 1,
  passwordSpecial: 1,
  passwordLetters: 0,
  passwordMaxConsecutive: 2,
  passwordBlacklist: [],
  geoMaxDistance: 1,
  geoUnit: 'miles',
  geoCheck: true,
  uploadMaxFileSize: 10,
  uploadMaxFiles: 10,
  uploadAcceptedFiles: 'image/*',
});

/** The page configuration block is not valid JSON, or one of its values is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Kind = 'string' | 'number' | 'boolean' | 'numbers' | 'strings' | 'origin' | 'unit';

const kinds: { [K in keyof PageConfig]: Kind } = {
  apiBase: 'string',
  parentOrigin: 'origin',
  timeout: 'number',
  disableApprovals: 'boolean',
  validateClientReference2: 'boolean',
  releasePriorities: 'numbers',
  passwordMinLength: 'number',
  passwordDigits: 'number',
  passwordLowercase: 'number',
  passwordUppercase: 'number',
  passwordSpecial: 'number',
  passwordLetters: 'number',
  passwordMaxConsecutive: 'number',
  passwordBlacklist: 'strings',
  geoMaxDistance: 'number',
  geoUnit: 'unit',
  geoCheck: 'boolean',
  uploadMaxFileSize: 'number',
  uploadMaxFiles: 'number',
  uploadAcceptedFiles: 'string',
};

const keys = Object.keys(kinds) as (keyof PageConfig)[];
const geoUnits: readonly string[] = ['K', 'N', 'M', 'miles'];

/** Decodes one value; `name` is how the error names its source; throws AttributeError. */
function decodeValue(kind: Kind, value: unknown, name: string): unknown {
  const fail = (expected: string): never => {
    throw new AttributeError(name, `${name} must be ${expected} (got ${show(value)})`);
  };
  switch (kind) {
    case 'string':
      return typeof value === 'string' || typeof value === 'number' ? String(value) : fail('text');
    case 'number': {
      const number = parseAttribute('number', value, name) as number;
      return number < 0 ? fail('a number of 0 or more') : number;
    }
    case 'boolean':
      if (value === true || value === 1 || value === '1' || value === 'true') return true;
      if (value === false || value === 0 || value === '0' || value === 'false') return false;
      return fail('true or false');
    case 'numbers':
    case 'strings': {
      const list = typeof value === 'string' ? splitList(value, name) : value;
      if (!Array.isArray(list)) return fail('a list');
      return kind === 'strings'
        ? list.map((item) => (typeof item === 'string' ? item : fail('a list of words')))
        : list.map((item) => decodeValue('number', item, name));
    }
    case 'origin':
      return value === '' ? '' : originOf(value) || fail('an origin such as https://example.com');
    case 'unit':
      return geoUnits.includes(value as string) ? value : fail(`one of ${geoUnits.join(', ')}`);
  }
}

/** `[1,2]` as JSON, or a comma list `1, 2`. */
function splitList(value: string, name: string): unknown {
  if (value.trim().startsWith('[')) return parseAttribute('json', value, name);
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function originOf(value: unknown): string {
  if (typeof value !== 'string') return '';
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.origin : '';
  } catch {
    return '';
  }
}

let cache: { text: string | null; config: Readonly<PageConfig> } | undefined;

/**
 * The page's configuration, read once per page: the parse is cached on the block's text, so a
 * page (or a test) that rewrites the block is read again.
 */
export function readPageConfig(doc: Document = document): Readonly<PageConfig> {
  const text = doc.getElementById('fm-config')?.textContent ?? null;
  if (cache?.text === text) return cache.config;
  const config = text === null ? defaultConfig : decodePageConfig(text);
  cache = { text, config };
  return config;
}

function decodePageConfig(text: string): Readonly<PageConfig> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `Page configuration #fm-config is not valid JSON: ${(error as Error).message}`,
    );
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ConfigError('Page configuration #fm-config must be a JSON object');
  }
  const config: Record<string, unknown> = { ...defaultConfig };
  for (const key of keys) {
    const value = (json as Record<string, unknown>)[key];
    if (value == null) continue;
    try {
      config[key] = decodeValue(kinds[key], value, key);
    } catch (error) {
      throw new ConfigError(`Page configuration #fm-config: ${(error as Error).message}`);
    }
  }
  return Object.freeze(config as unknown as PageConfig);
}

const perElement = new WeakMap<Element, { page: PageConfig; raw: string; config: PageConfig }>();

/**
 * The configuration one element sees: the page's, overridden by the element's own
 * `data-<kebab-key>` attributes. A bare boolean attribute (`data-disable-approvals`) is true.
 * The same object comes back while neither changes, so it can be an effect dependency.
 * Throws ConfigError (page block) or AttributeError (the element's attribute).
 */
export function readConfig(element: Element): Readonly<PageConfig> {
  const page = readPageConfig(element.ownerDocument);
  const values = keys.map((key) => element.getAttribute(attributeName(key)));
  const raw = JSON.stringify(values);
  const cached = perElement.get(element);
  if (cached?.page === page && cached.raw === raw) return cached.config;

  let config: Record<string, unknown> | undefined;
  keys.forEach((key, index) => {
    const value = values[index];
    if (value == null) return;
    const attribute = attributeName(key);
    config ??= { ...page };
    config[key] =
      kinds[key] === 'boolean'
        ? parseAttribute('boolean', value, attribute)
        : decodeValue(kinds[key], value, attribute);
  });
  const result = config ? (Object.freeze(config) as unknown as PageConfig) : page;
  perElement.set(element, { page, raw, config: result });
  return result;
}
