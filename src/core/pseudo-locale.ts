import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';

/*
 * The pseudo-locale `en-XA` (docs/words.md), made from the default words: every letter accented,
 * every vowel doubled (about a third longer, as many languages run longer than English), the whole
 * bracketed. A text not from the catalog shows up unaccented; a layout too tight for longer words,
 * or a text cut off, shows up without its bracket. Placeholders, plural and select forms keep
 * their names: only the words around them change.
 */

export const PSEUDO_LOCALE = 'en-XA';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ';
const VOWELS = 'aeiouAEIOU';

const accents = new Map(
  [...PLAIN].map((letter, index) => [letter, [...ACCENTED][index] ?? letter]),
);

/** 'Retry' → 'Ŕééţŕý': each letter accented, each vowel twice. */
export function pseudoText(text: string): string {
  return [...text]
    .map((character) => {
      const accented = accents.get(character) ?? character;
      return VOWELS.includes(character) ? accented + accented : accented;
    })
    .join('');
}

const literal = (value: string): MessageFormatElement => ({ type: TYPE.literal, value });

function pseudoElement(element: MessageFormatElement): MessageFormatElement {
  switch (element.type) {
    case TYPE.literal:
      return { ...element, value: pseudoText(element.value) };
    case TYPE.plural:
    case TYPE.select:
      return {
        ...element,
        options: Object.fromEntries(
          Object.entries(element.options).map(([selector, option]) => [
            selector,
            { ...option, value: option.value.map(pseudoElement) },
          ]),
        ),
      };
    case TYPE.tag:
      return { ...element, children: element.children.map(pseudoElement) };
    default:
      return element;
  }
}

/** A parsed text in the pseudo-locale: its words changed, its placeholders kept, bracketed. */
export function pseudoLocalise(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return [literal('['), ...elements.map(pseudoElement), literal(']')];
}
