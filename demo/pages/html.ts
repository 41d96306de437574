// The pages' templates: hono/html's `html` escapes every interpolated value as text unless it is
// already HTML (the output of another template), the way a CakePHP view escapes with h().
import { html as honoHtml, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export type Html = HtmlEscapedString;

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

/** hono/html's `html`, typed for what our pages interpolate: no promise, so always a string. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  return honoHtml(strings, ...values) as Html;
}

/** JSON for a <script> block: '<', '>', '&' and line separators escaped so it cannot close the tag. */
export function scriptJson(value: unknown): Html {
  return raw(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}
