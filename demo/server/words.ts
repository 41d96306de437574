import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { type AppEnv, type AppHandler, readBody } from './http';

/*
 * The words the reference host's widgets speak (docs/words.md), chosen on the gallery and kept
 * in a cookie for every page: the product's own, a host's own for some keys (the page
 * configuration's `messages`), or the pseudo-locale (`locale: "en-XA"`), which shows at a glance
 * that every text comes from the catalog and how the pages take words a third longer.
 */

export const WORDS_CHOICES = {
  ours: { name: 'Our words (en-GB)', config: {} },
  host: {
    name: 'A host’s own words',
    config: {
      messages: {
        'costApproval.noPurchaseOrder': 'No purchase order found',
        'engineerJob.geoNotGeocoded': 'This site has no map position yet',
        'job.noteTooShort': 'Write more than 8 characters in the notes',
        'dashboardTile.refresh': 'Count {title} again',
      },
    },
  },
  pseudo: { name: 'Pseudo-locale (en-XA)', config: { locale: 'en-XA' } },
} as const;

export type WordsChoice = keyof typeof WORDS_CHOICES;

const WORDS_COOKIE = 'fm-words';

const isChoice = (value: unknown): value is WordsChoice =>
  typeof value === 'string' && Object.hasOwn(WORDS_CHOICES, value);

/** The words this browser chose; the product's own unless it chose others. */
export function chosenWords(c: Context<AppEnv>): WordsChoice {
  const chosen = getCookie(c, WORDS_COOKIE);
  return isChoice(chosen) ? chosen : 'ours';
}

/** The page configuration's keys of the chosen words. */
export function wordsConfig(c: Context<AppEnv>): Record<string, unknown> {
  return WORDS_CHOICES[chosenWords(c)].config;
}

/** POST /words: keeps the words chosen on the gallery, and goes back to it. */
export function chooseWords(): AppHandler {
  return async (c) => {
    const chosen = (await readBody(c)).words;
    if (isChoice(chosen)) {
      setCookie(c, WORDS_COOKIE, chosen, { path: '/', httpOnly: true, sameSite: 'Lax' });
    }
    return c.redirect('/#words', 303);
  };
}
