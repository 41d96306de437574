import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Plugin, rollup } from 'rollup';
import { afterEach, describe, expect, it } from 'vitest';
import { splitModule } from '../../scripts/rollup-split-module.mjs';

/** A library shaped like valibot's index.mjs: module state, helpers, an export list at the end. */
const library = `
let store;
function setPrefix(prefix) { store = prefix; }
function getPrefix() { return store ?? '>'; }
const DIGITS = /^\\d+$/;
/* @__NO_SIDE_EFFECTS__ */
function digits(text) { return getPrefix() + (DIGITS.test(text) ? 'digits' : 'other'); }
/* @__NO_SIDE_EFFECTS__ */
function shout(text) { return { text: text.toUpperCase() }.text + '!'; }
var Failure = class extends Error {};
/* @__NO_SIDE_EFFECTS__ */
export function twice(text) { return text + text; }
export { Failure, digits, setPrefix, shout as loud };
`;

/** Serves `modules` by name, the library at "lib". */
function memory(modules: Record<string, string>): Plugin {
  return {
    name: 'memory',
    resolveId: (source) => (source in modules ? `/virtual/${source}` : null),
    load: (id) => modules[id.replace('/virtual/', '')] ?? null,
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function build(modules: Record<string, string>, input: string[]) {
  const bundle = await rollup({
    input,
    plugins: [splitModule({ include: /\/virtual\/lib$/ }), memory(modules)],
  });
  const dir = mkdtempSync(join(tmpdir(), 'split-module-'));
  dirs.push(dir);
  const { output } = await bundle.write({ dir, format: 'es', entryFileNames: '[name].mjs' });
  await bundle.close();
  return { dir, output };
}

describe('splitModule', () => {
  it('gives each entry only the declarations it uses, with their comments', async () => {
    const { dir, output } = await build(
      {
        lib: library,
        a: "import { digits, setPrefix } from 'lib'; setPrefix('#'); export const a = digits('42');",
        b: "import { loud, twice } from 'lib'; export const b = twice(loud('hi'));",
      },
      ['a', 'b'],
    );
    const a = await import(pathToFileURL(join(dir, 'a.mjs')).href);
    const b = await import(pathToFileURL(join(dir, 'b.mjs')).href);
    expect(a.a).toBe('#digits');
    expect(b.b).toBe('HI!HI!');

    // Each entry imports nothing from the other: no chunk holds both entries' functions.
    const code = (name: string) =>
      output.map((file) => (file.type === 'chunk' && file.name === name ? file.code : '')).join('');
    expect(code('a')).toContain('DIGITS');
    expect(code('a')).not.toContain('toUpperCase');
    expect(code('b')).toContain('toUpperCase');
    expect(code('b')).not.toContain('DIGITS');
    expect(readFileSync(join(dir, 'a.mjs'), 'utf8')).not.toContain('Failure');
  });

  it('keeps module state with every function that reads or writes it', async () => {
    const { dir } = await build(
      {
        lib: library,
        a: "import { setPrefix } from 'lib'; export const set = setPrefix;",
        b: "import { digits } from 'lib'; export const read = () => digits('1');",
      },
      ['a', 'b'],
    );
    const a = await import(pathToFileURL(join(dir, 'a.mjs')).href);
    const b = await import(pathToFileURL(join(dir, 'b.mjs')).href);
    expect(b.read()).toBe('>digits');
    a.set('$');
    expect(b.read()).toBe('$digits');
  });

  it('fails the build on a module it cannot split safely', async () => {
    await expect(
      build(
        {
          lib: 'const { a, b } = { a: 1, b: 2 };\nexport { a, b };',
          main: "export { a } from 'lib';",
        },
        ['main'],
      ),
    ).rejects.toThrow(/cannot split/);
    await expect(
      build(
        {
          lib: "console.log('side effect');\nexport const a = 1;",
          main: "export { a } from 'lib';",
        },
        ['main'],
      ),
    ).rejects.toThrow(/ExpressionStatement/);
  });

  it("maps each part's code back to the library's own lines", async () => {
    const bundle = await rollup({
      input: ['a'],
      plugins: [
        splitModule({ include: /\/virtual\/lib$/ }),
        memory({ lib: library, a: "import { digits } from 'lib'; export const a = digits('42');" }),
      ],
    });
    const { output } = await bundle.generate({ format: 'es', sourcemap: true });
    await bundle.close();
    const [chunk] = output;
    const map = chunk.map;
    expect(map?.sources.some((source) => source.endsWith('virtual/lib'))).toBe(true);
    // The generated line that defines `digits` is mapped to the line that defines it in the library.
    const generatedLine = chunk.code
      .split('\n')
      .findIndex((line) => line.includes('function digits'));
    const libraryLine = library.split('\n').findIndex((line) => line.includes('function digits'));
    const libraryIndex = map?.sources.findIndex((source) => source.endsWith('virtual/lib')) ?? -1;
    const segments = String(map?.mappings).split(';')[generatedLine] ?? '';
    expect(segments).not.toBe('');
    expect(map?.sourcesContent?.[libraryIndex]?.split('\n')[libraryLine]).toContain(
      'function digits',
    );
  });
});
