import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGES } from '../../src/core/default-messages';
import { placeholders } from '../../src/core/placeholders';
import { pseudoLocalise, pseudoText } from '../../src/core/pseudo-locale';

/** A text in the pseudo-locale, formatted with `values`. */
const pseudo = (text: string, values?: Record<string, string | number>) =>
  String(new IntlMessageFormat(pseudoLocalise(parse(text)), 'en').format(values));

describe('the pseudo-locale en-XA', () => {
  it('accents every letter and doubles every vowel', () => {
    expect(pseudoText('Retry')).toBe('Ŕééţŕý');
    expect(pseudoText('Loading…')).toBe('Ļööååđîîñĝ…');
    // Nothing but letters changes: digits, spaces and punctuation stay.
    expect(pseudoText('HTTP 503, again.')).toBe('ĤŢŢÞ 503, ååĝååîîñ.');
  });

  it('brackets the whole text and keeps its placeholders as they are', () => {
    expect(pseudo('Refresh {title}', { title: 'Open jobs' })).toBe('[Ŕééƒŕééšĥ Open jobs]');
    const text = DEFAULT_MESSAGES['failure.http'];
    const made = pseudoLocalise(parse(text));
    expect(placeholders(made)).toEqual(placeholders(parse(text)));
    expect(pseudo(text, { status: '503' })).toMatch(/^\[.*\(ĤŢŢÞ 503\).*\]$/);
  });

  it('changes the words of every plural and select form, never their selectors or #', () => {
    const plural = 'Up to {count, plural, one {# file} other {# files}} here';
    expect(pseudo(plural, { count: 1 })).toBe('[ÛÛþ ţöö 1 ƒîîļéé ĥééŕéé]');
    expect(pseudo(plural, { count: 3 })).toBe('[ÛÛþ ţöö 3 ƒîîļééš ĥééŕéé]');
    const select = '{today, select, true {at {time}} other {on {time}}}';
    expect(pseudo(select, { today: 'true', time: '09:14' })).toBe('[ååţ 09:14]');
  });

  it('makes every default text about a third longer, so that a tight layout shows', () => {
    for (const [key, text] of Object.entries(DEFAULT_MESSAGES)) {
      const names = [...placeholders(parse(text)).keys()];
      // Each value a single character, so that the words are what is measured.
      const values = Object.fromEntries(names.map((name) => [name, 'x']));
      const plain = String(new IntlMessageFormat(text, 'en').format(values));
      const ratio = pseudo(text, values).length / plain.length;
      expect(ratio, `${key}: ${plain}`).toBeGreaterThan(1.2);
      // A short text's brackets weigh more: a sentence is a third longer or so.
      if (plain.length >= 20) expect(ratio, `${key}: ${plain}`).toBeLessThan(1.6);
    }
  });
});
