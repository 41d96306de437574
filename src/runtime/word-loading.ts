import { readConfig } from '../core/config';
import { wordsConfig } from '../core/words';

/*
 * The file of a page that changes the words (src/core/word-overrides.ts: the ICU parser, the
 * pseudo-locale), loaded once for the page. An element whose words it changes waits for it before
 * its first render (define.ts), so that its component never suspends: a component that suspends on
 * its first render loses what it read then (its light DOM, a note kept in storage), and React
 * empties the element meanwhile.
 */

type Overrides = typeof import('../core/word-overrides');

let loading: Promise<Overrides> | undefined;
/** The file, once it is in. */
export let loaded: Overrides | undefined;

export function loadOverrides(): Promise<Overrides> {
  loading ??= import('../core/word-overrides').then((module) => (loaded = module));
  return loading;
}

/** What `element` waits for before it renders: the file, when its words change and it is not in. */
export function wordsPending(element: Element): Promise<unknown> | null {
  try {
    const { messages, locale } = readConfig(element, wordsConfig);
    return (messages || locale) && !loaded ? loadOverrides() : null;
  } catch {
    // A wrong page configuration: the element shows it, without waiting.
    return null;
  }
}
