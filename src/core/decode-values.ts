/**
 * Ids and booleans as a CakePHP host sends them, beside decode.ts's numbers and text: the
 * dashboard tile decodes only a title and a count, so its page does not download these.
 */
import * as v from 'valibot';
import { expected, int } from './decode';

/** A database id: a positive whole number, or its string. */
export const id = v.pipe(
  int,
  v.check((n) => n > 0, expected('a positive id')),
);

function toBool(input: unknown): boolean | undefined {
  switch (input) {
    case true:
    case 1:
    case '1':
    case 'true':
      return true;
    case false:
    case 0:
    case '0':
    case 'false':
      return false;
    default:
      return undefined;
  }
}

/** true/false, 1/0, "1"/"0" or "true"/"false". */
export const bool = v.pipe(
  v.custom<boolean | number | string>(
    (input) => toBool(input) !== undefined,
    expected('true or false'),
  ),
  v.transform((input) => toBool(input) === true),
);
