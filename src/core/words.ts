import type { ConfigSpec, Setting } from './config';
import type { MessageTexts } from './default-messages';

/*
 * The widgets' words (docs/words.md): every text a widget shows or announces is a key of one
 * catalog. Each `messages.json` holds its keys' en-GB text in ICU MessageFormat, beside the code
 * that shows them; `npm run manifest` compiles it into the `messages.ts` beside it, the
 * {@link Catalog} a widget hands `useWords`: the key `dashboardTile.refresh` is the function
 * `dashboardTile.refresh(title)` there. A page's `messages` and `locale`, and an element's
 * `data-messages`, change the words (word-overrides.ts); without them no ICU parser is loaded.
 */

/**
 * A catalog as compiled: each key a function, by the key's path, of the value its text fills in
 * (or of its values by name, when it fills in several): a count where a plural picks its form,
 * else a string or number shown as given.
 */
export interface Catalog {
  readonly [name: string]: Catalog | ((values: never) => string);
}

export interface WordsConfig {
  /** Texts by key that replace the defaults (docs/words.md); an element's `data-messages` adds to them. */
  messages: MessageTexts | undefined;
  /** The words' language, BCP 47 (default `en-GB`; `en-XA`: the pseudo-locale); dates and money keep their formats. */
  locale: string | undefined;
}

/**
 * Both keys are read as they are given (an attribute's JSON as its text), and have no default: a
 * page or element that gives either loads word-overrides.ts, which reads them and reports a wrong
 * one inline; without them a widget's words are its compiled defaults.
 */
const asGiven: Setting<never> = { default: undefined as never, read: (value) => value as never };

export const wordsConfig: ConfigSpec<WordsConfig> = { messages: asGiven, locale: asGiven };
