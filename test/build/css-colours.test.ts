// Colours are tokens: src/runtime/tokens.css defines every colour of our CSS, each sheet of src/
// and widgets/ reads them (docs/theming.md). A colour written anywhere else would stay as it is
// under a host's dark mode or brand; so would a token read but never defined. Each scan proves on
// a sample that it finds what it is looking for.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './source-tree';

const TOKENS = 'src/runtime/tokens.css';
const SHEETS = ['src', 'widgets'].flatMap((root) =>
  filesUnder(root, (name) => name.endsWith('.css')),
);

/** CSS's named colours, but transparent and currentColor (which follow the text). */
const NAMED = `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan
darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen
darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey
darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite
forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink
indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral
lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen
lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta
maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red
rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue
slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
whitesmoke yellow yellowgreen`.split(/\s+/);

const COLOUR = new RegExp(
  [
    '#[0-9a-f]{3,8}(?![\\w-])',
    '(?<![\\w-])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\\(',
    `(?<![\\w-])(?:${NAMED.join('|')})(?![\\w-])`,
  ].join('|'),
  'gi',
);

/** The sheet without its comments and strings (a word in `content: "…"` is no colour). */
const code = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/"[^"\n]*"|'[^'\n]*'/g, '""');

/** Each declaration's value with its line: `property: value` up to its `;` or `}`. */
function declarations(css: string): { line: number; property: string; value: string }[] {
  const text = code(css);
  return [...text.matchAll(/([\w-]+)\s*:\s*([^;{}]+)(?=[;}])/g)].map((match) => ({
    line: text.slice(0, match.index).split('\n').length,
    property: match[1] ?? '',
    value: match[2] ?? '',
  }));
}

/** Every colour literal of a sheet, as `line: property: value`. */
function colourLiterals(css: string): string[] {
  return declarations(css)
    .filter(({ value }) => value.match(COLOUR) !== null)
    .map(({ line, property, value }) => `${line}: ${property}: ${value.trim()}`);
}

describe('colours are tokens', () => {
  it('finds a colour written as hex, a function or a name, and nothing else', () => {
    const sample = `
      /* white comment #fff */
      .a { color: #0d6efd; background: rgb(0 0 0 / 50%); }
      .b { border: 1px solid RED; box-shadow: 0 0 1px hsl(0 0% 0%); }
      .c { outline-color: oklch(0.7 0.1 200); fill: color(srgb 1 0 0); }
      .d { white-space: nowrap; color: currentColor; background: transparent; }
      .e { content: "white"; color: var(--_fm-danger-text); grid-area: red-zone; }`;
    expect(colourLiterals(sample)).toEqual([
      '3: color: #0d6efd',
      '3: background: rgb(0 0 0 / 50%)',
      '4: border: 1px solid RED',
      '4: box-shadow: 0 0 1px hsl(0 0% 0%)',
      '5: outline-color: oklch(0.7 0.1 200)',
      '5: fill: color(srgb 1 0 0)',
    ]);
  });

  it('no sheet but the tokens writes a colour', () => {
    expect(SHEETS).toContain(TOKENS);
    const found = SHEETS.filter((file) => file !== TOKENS).flatMap((file) =>
      colourLiterals(readFileSync(file, 'utf8')).map((literal) => `${file}:${literal}`),
    );
    expect(found).toEqual([]);
  });

  it('every token read without a fallback is defined', () => {
    const defined = new Set(
      SHEETS.flatMap((file) =>
        declarations(readFileSync(file, 'utf8'))
          .map(({ property }) => property)
          .filter((property) => /^--_?fm-/.test(property)),
      ),
    );
    const readBare = (css: string) =>
      [...code(css).matchAll(/var\(\s*(--_?fm-[\w-]+)\s*\)/g)].map((match) => match[1] ?? '');
    expect(readBare('a { color: var(--_fm-x); border-color: var(--fm-y, red); }')).toEqual([
      '--_fm-x',
    ]);
    const undefinedTokens = SHEETS.flatMap((file) =>
      readBare(readFileSync(file, 'utf8'))
        .filter((token) => !defined.has(token))
        .map((token) => `${file}: ${token}`),
    );
    expect(undefinedTokens).toEqual([]);
  });

  it("leaves the host's --fm-* names to the host: the sheets read the resolved --_fm-* twins", () => {
    const tokens = readFileSync(TOKENS, 'utf8');
    const resolved = declarations(tokens)
      .map(({ property }) => property)
      .filter((property) => property.startsWith('--_fm-'));
    expect(resolved).toContain('--_fm-accent');
    const publicName = (twin: string) => twin.replace('--_fm-', '--fm-');
    // Declaring --fm-accent would hide the host's own, set on <html>, from that element down.
    const declared = SHEETS.flatMap((file) =>
      declarations(readFileSync(file, 'utf8'))
        .filter(({ property }) => resolved.map(publicName).includes(property))
        .map(({ line, property }) => `${file}:${line}: ${property}`),
    );
    expect(declared).toEqual([]);
    // Reading --fm-accent past its twin would skip Bootstrap's variable and the mode's fallback.
    const readPublic = SHEETS.filter((file) => file !== TOKENS).flatMap((file) =>
      [...code(readFileSync(file, 'utf8')).matchAll(/var\(\s*(--fm-[\w-]+)/g)]
        .map((match) => match[1] ?? '')
        .filter((name) => resolved.map(publicName).includes(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(readPublic).toEqual([]);
  });
});
