/**
 * A select's choices as a host prints them into a `data-*` attribute, in the shapes CakePHP gives:
 * `find('list')` as an object of id → name, rows as a list of `{ id, name }`, or a list of plain
 * values, each its own label. Ids and names may be numbers or strings; anything else (a row
 * without a name, a name that is an object, a bare string) is an AttributeError naming the
 * attribute and the item, so the element says what to fix instead of listing "undefined".
 */
import * as v from 'valibot';
import { AttributeError } from './attributes';
import { text, tryDecode } from './contract/decode';

/** One `<option>`: what is submitted and what is shown. */
export interface Choice {
  value: string;
  label: string;
}

/** A row `{ id, name }`, or a plain value that is its own label. */
const row = v.lazy((input) =>
  typeof input === 'object' && input !== null && !Array.isArray(input)
    ? v.pipe(
        v.object({ id: text, name: text }),
        v.transform(({ id, name }): Choice => ({ value: id, label: name })),
      )
    : v.pipe(
        text,
        v.transform((value): Choice => ({ value, label: value })),
      ),
);

const rows = v.array(row);

const list = v.pipe(
  v.record(v.string(), text),
  v.transform((names) => Object.entries(names).map(([value, label]): Choice => ({ value, label }))),
);

/** The choices in `value` (the attribute's parsed JSON); none when the attribute is absent. */
export function readChoices(value: unknown, attribute: string): Choice[] {
  if (value === undefined) return [];
  if (typeof value !== 'object' || value === null) {
    throw new AttributeError(
      attribute,
      `${attribute} must be a JSON list of { id, name } or of values, or an object of id → name`,
    );
  }
  const result = Array.isArray(value) ? tryDecode(rows, value) : tryDecode(list, value);
  if (result.ok) return result.value;
  throw new AttributeError(attribute, `${attribute}: ${result.issues[0]}`);
}
