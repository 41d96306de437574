import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';

/**
 * The values a parsed ICU text fills in, by name: `number` for a plural's (it picks the form and
 * fills `#`), `string` for any other (shown as given: a number is formatted before it is handed
 * in, so that the formats stay en-GB's whatever the words' locale).
 */
export function placeholders(elements: readonly MessageFormatElement[]): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (list: readonly MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.plural) found.set(element.value, 'number');
      else if (element.type !== TYPE.literal && element.type !== TYPE.pound) {
        if (!found.has(element.value)) found.set(element.value, 'string');
      }
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) visit(option.value);
      }
      if (element.type === TYPE.tag) visit(element.children);
    }
  };
  visit(elements);
  return found;
}

/** Whether two texts fill in the same values (by name; their order may differ). */
export function samePlaceholders(
  a: readonly MessageFormatElement[],
  b: readonly MessageFormatElement[],
): boolean {
  const names = (elements: readonly MessageFormatElement[]) =>
    [...placeholders(elements).keys()].sort().join(' ');
  return names(a) === names(b);
}
