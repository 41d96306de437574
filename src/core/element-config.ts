import { attributeName } from './attributes';
import { type ConfigSpec, entries, readPageConfig } from './config';

/*
 * The page configuration as one element sees it. Apart from config.ts because only pages with
 * elements need it: config.ts is in the loader every page downloads.
 */

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
