import type { ConfigSpec, Setting } from './config';
import type { MessageTexts } from './default-messages';

/*
 * The widgets' words (docs/words.md): every text a widget shows or announces is a key of one
 * catalog. Each `messages.json` holds its keys' en-GB text in ICU MessageFormat, beside the code
 * that shows them; `npm run manifest` compiles it into the `messages.ts` beside it, the
 * {@link Catalog} a widget hands `useWords`: the key `dashboardTile.refresh` is the function
 * `dashboardTile.refresh({ title })` there. A page's `messages` and `locale`, and an element's
 * `data-messages`, change the words (word-overrides.ts); without them no ICU parser is loaded.
 */

/**
 * A catalog as compiled: each key a function of the values its text fills in (a string where it
 * is shown as given, a number where a plural picks), by the key's path.
 */
export interface Catalog {
  readonly [name: string]: Catalog | ((values: never) => string);
}

/** The words' locale when the page names none. */
export const DEFAULT_LOCALE = 'en-GB';

export interface WordsConfig {
  /** Texts by key that replace the defaults (docs/words.md); an element's `data-messages` adds to them. */
  messages: MessageTexts;
  /** The words' language, BCP 47 (`en-XA`: the pseudo-locale); dates and money keep their formats. */
  locale: string;
}

/**
 * Both keys are read as they are given (an attribute's JSON as its text): a page that gives
 * either loads word-overrides.ts, which reads them, and reports a wrong one inline.
 */
function asGiven<V>(fallback: V): Setting<V> {
  return { default: fallback, read: (value) => value as V };
}

export const wordsConfig: ConfigSpec<WordsConfig> = {
  messages: asGiven({}),
  locale: asGiven(DEFAULT_LOCALE),
};
