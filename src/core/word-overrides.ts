import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { type Formatters, IntlMessageFormat } from 'intl-messageformat';
import * as v from 'valibot';
import { invalid, parseAttribute } from './attributes';
import { ConfigError, readPageConfig } from './config';
import { DEFAULT_MESSAGES, type MessageKey, type MessageTexts } from './default-messages';
import { errorText } from './error-text';
import { LOCALE } from './format/numbers';
import { placeholders, samePlaceholders } from './placeholders';
import { PSEUDO_LOCALE, pseudoLocalise } from './pseudo-locale';
import { type Catalog, type WordsConfig, wordsConfig } from './words';

/*
 * The words of a page that changes them (docs/words.md): the page's `messages` and an element's
 * `data-messages` over the defaults, in the page's `locale`, or the pseudo-locale made from them.
 * Loaded only by such a page, with the ICU parser and formatter (FormatJS's intl-messageformat)
 * and every key's default text. Bad input loses nothing: an unknown key is named in one warning
 * and ignored; a text ICU cannot read, or whose placeholders are not its key's, keeps the default
 * and is named in a warning; `messages` that are not texts by key, and a `locale` that is not a
 * language tag, are shown inline, as any wrong page configuration is.
 */

/** Texts by key: valibot's reading of a page's or element's `messages`. */
const textsByKey = v.record(v.string(), v.string());

/** The words' locale when the page names none; the formats' (format/) in every locale. */
const DEFAULT_LOCALE = LOCALE;

/** Where a value came from, as an error or a warning names it. */
interface Source {
  /** The page configuration's key (`messages`), or the element's attribute (`data-messages`). */
  name: string;
  /** The error to show: the page's, as every wrong page configuration is (a ConfigError). */
  wrap: (message: string) => Error;
}

const pageSource = (key: string): Source => ({
  name: key,
  wrap: (message) => new ConfigError(`Page configuration #fm-config: ${message}`),
});
const elementSource = (key: string): Source => ({
  name: `data-${key}`,
  wrap: (message) => new Error(message),
});

/** `messages` as texts by key (an object, or its JSON), or the error that names what is wrong. */
function readTexts(value: unknown, source: Source): MessageTexts {
  let json: unknown;
  try {
    json = parseAttribute('json', value, source.name);
    // PHP writes an empty array of texts by key as [].
    if (Array.isArray(json) && json.length === 0) json = {};
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      invalid(source.name, value, 'an object of texts by key');
    }
  } catch (error) {
    throw source.wrap(errorText(error));
  }
  const result = v.safeParse(textsByKey, json);
  if (result.success) return result.output;
  const issue = result.issues[0];
  throw source.wrap(
    `${source.name}: the text of ${String(issue.path?.at(-1)?.key)} must be a string (got ${JSON.stringify(issue.input)})`,
  );
}

/** A BCP 47 language tag as the browser writes it (`en-gb` is `en-GB`). */
function readLocale(value: unknown, source: Source): string {
  try {
    const [locale] = Intl.getCanonicalLocales(String(value));
    if (locale) return locale;
  } catch {
    // Said below.
  }
  throw source.wrap(
    `${source.name} must be a language tag such as en-GB (got ${JSON.stringify(value)})`,
  );
}

/** The values of `messages` already warned about, with what was said: each is said once. */
const told = new WeakMap<object, Set<string>>();

/** Says `text` unless it was said about `about` already. */
function warnOnce(about: object, text: string, warn: (text: string) => void): void {
  let said = told.get(about);
  if (!said) {
    said = new Set();
    told.set(about, said);
  }
  if (said.has(text)) return;
  said.add(text);
  warn(text);
}

/** Every key of `texts` that no widget has, in one warning (once for the `given` value). */
function warnUnknown(
  given: object,
  texts: MessageTexts,
  source: Source,
  warn: (text: string) => void,
): void {
  const unknown = Object.keys(texts).filter((key) => !Object.hasOwn(DEFAULT_MESSAGES, key));
  if (unknown.length === 0) return;
  const text = `fm-widgets: ${source.name} has keys no widget has, ignored: ${unknown.join(', ')}`;
  warnOnce(given, text, warn);
}

/** A text parsed, or null when it is not ICU MessageFormat. */
function parsed(text: string): MessageFormatElement[] | null {
  try {
    return parse(text);
  } catch {
    return null;
  }
}

/** The formats stay en-GB's in every locale; only the plural forms follow the words' locale. */
const formatters: Formatters = {
  getNumberFormat: (_locales, options) => new Intl.NumberFormat(DEFAULT_LOCALE, options),
  getDateTimeFormat: (_locales, options) => new Intl.DateTimeFormat(DEFAULT_LOCALE, options),
  getPluralRules: (locales, options) => new Intl.PluralRules(locales, options),
};

/**
 * The page's texts with the element's own over them, each with the value it was given in (what a
 * warning about it is said once for); an unknown key is named once for each value.
 */
function givenTexts(page: WordsConfig, own: WordsConfig, warn: (text: string) => void) {
  const texts = new Map<string, { text: string; given: object }>();
  const add = (given: object, source: Source) => {
    const read = readTexts(given, source);
    warnUnknown(given, read, source, warn);
    for (const [key, text] of Object.entries(read)) texts.set(key, { text, given });
  };
  if (page.messages !== undefined) add(page.messages, pageSource('messages'));
  if (own.messages !== page.messages && own.messages !== undefined) {
    add(own.messages, elementSource('messages'));
  }
  return texts;
}

/** Per element configuration (the page's, or with the element's own), per catalog: its words. */
const made = new WeakMap<WordsConfig, WeakMap<Catalog, Catalog>>();

/**
 * The words of `catalog` for `element`, given its configuration (`own`: the page's, with the
 * element's `data-messages` or `data-locale` over it), made once for both. Throws when `messages`
 * or `locale` is wrong.
 */
export function wordsWith<C extends Catalog>(
  catalog: C,
  element: Element,
  own: WordsConfig,
  warn: (text: string) => void = console.warn,
): C {
  let byCatalog = made.get(own);
  if (!byCatalog) {
    byCatalog = new WeakMap();
    made.set(own, byCatalog);
  }
  let words = byCatalog.get(catalog);
  if (!words) {
    words = wordsFor(catalog, readPageConfig(element.ownerDocument, wordsConfig), own, warn);
    byCatalog.set(catalog, words);
  }
  return words as C;
}

/** The words of `catalog` for the page's configuration and an element's (`own`). */
export function wordsFor(
  catalog: Catalog,
  page: WordsConfig,
  own: WordsConfig,
  warn: (text: string) => void,
): Catalog {
  const given = own.locale === page.locale ? pageSource('locale') : elementSource('locale');
  const locale = own.locale === undefined ? DEFAULT_LOCALE : readLocale(own.locale, given);
  const texts = givenTexts(page, own, warn);

  /** The function of `key`: its text (given, or the default), parsed and formatted. */
  function word(key: string): (given?: unknown) => string {
    const fallback = DEFAULT_MESSAGES[key as MessageKey];
    const defaults = parse(fallback);
    const override = texts.get(key);
    let elements = override ? parsed(override.text) : defaults;
    if (override && (elements === null || !samePlaceholders(elements, defaults))) {
      warnOnce(
        override.given,
        `fm-widgets: the text given for ${key} does not fill in the placeholders of its default, "${fallback}": the default is kept`,
        warn,
      );
      elements = defaults;
    }
    if (locale === PSEUDO_LOCALE) elements = pseudoLocalise(elements ?? defaults);
    const format = new IntlMessageFormat(elements ?? defaults, locale, undefined, { formatters });
    const names = [...placeholders(defaults)];
    // As the compiled defaults take them (message-modules.mjs): one value as itself, several by
    // name; a value shown as given is its text, as the compiled defaults show it.
    return (given) => {
      const values: Record<string, unknown> =
        names.length === 1 ? { [names[0]?.[0] ?? '']: given } : { ...(given as object) };
      for (const [name, kind] of names) {
        if (kind === 'string') values[name] = String(values[name]);
      }
      return String(format.format(values as Record<string, string | number>));
    };
  }

  /** The catalog's shape, each function made from its key's text. */
  const remade = (node: Catalog, path: string): Catalog =>
    Object.fromEntries(
      Object.entries(node).map(([name, value]) => [
        name,
        typeof value === 'function' ? word(`${path}${name}`) : remade(value, `${path}${name}.`),
      ]),
    );
  return remade(catalog, '');
}
