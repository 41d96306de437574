// A tag is written once, in its registration (`defineElement('fm-x', …)` in widgets/x/index.ts).
// The loader's registry, the tags' stylesheet, the README's table, custom-elements.json and
// types/ are made from it by `npm run manifest`; the types of `querySelector('fm-x')` come from
// the registry (src/index.ts).
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  elementsCss,
  elementsOf,
  elementTable,
  registrySource,
  withElementTable,
  withElementTags,
} from '../../scripts/from-manifest.mjs';

type Manifest = Parameters<typeof elementsOf>[0];
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as Manifest;
const elements = elementsOf(manifest);
const tags = new Set(elements.map((element) => element.tag));

interface Literal {
  text: string;
  line: number;
  /** The first argument of a `defineElement(…)` call. */
  registers: boolean;
}

/** The string literals of a TypeScript file's code (not its comments). */
function stringLiterals(path: string): Literal[] {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.ES2022,
    true,
  );
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      const call = node.parent;
      const registers =
        ts.isCallExpression(call) &&
        call.expression.getText(source) === 'defineElement' &&
        call.arguments[0] === node;
      found.push({ text: node.text, line: line + 1, registers });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const folders = readdirSync('widgets').filter((folder) =>
  readdirSync(`widgets/${folder}`).includes('index.ts'),
);

describe('a tag', () => {
  it("is registered by each widget's index.ts, named after its folder", () => {
    expect(folders.length).toBeGreaterThan(10);
    expect(elements.map((element) => element.folder).sort()).toEqual([...folders].sort());
    for (const { tag, folder } of elements) expect(tag).toBe(`fm-${folder}`);
  });

  for (const folder of folders) {
    it(`is written once in widgets/${folder}/index.ts, in the registration`, () => {
      const path = `widgets/${folder}/index.ts`;
      const tag = `fm-${folder}`;
      const spelled = stringLiterals(path).filter((literal) => literal.text === tag);
      expect(spelled.map((literal) => literal.registers)).toEqual([true]);
      const source = readFileSync(path, 'utf8');
      // The manifest takes the tag from the call: a JSDoc @tag would be a second spelling.
      expect(source).not.toMatch(/^\s*\*\s*@tag(name)?\b/m);
    });
  }

  it('is in no module of the loader but the generated registry', () => {
    const loader = [
      'src/index.ts',
      ...readdirSync('src/loader')
        .filter((file) => file.endsWith('.ts') && file !== 'registry.ts')
        .map((file) => `src/loader/${file}`),
    ];
    const spelled = loader.flatMap((path) =>
      stringLiterals(path)
        .filter((literal) => tags.has(literal.text))
        .map((literal) => `${path}:${literal.line} ${literal.text}`),
    );
    expect(spelled).toEqual([]);
  });
});

describe('what npm run manifest makes from the registrations', () => {
  it("is the loader's registry: every tag and its chunk", () => {
    expect(readFileSync('src/loader/registry.ts', 'utf8')).toBe(registrySource(manifest));
    expect(registrySource(manifest)).toContain(
      "'fm-dashboard-tile': () => import('../../widgets/dashboard-tile/index'),",
    );
  });

  it("is the tags' stylesheet", () => {
    expect(readFileSync('src/runtime/elements.css', 'utf8')).toBe(elementsCss(manifest));
  });

  it('is the elements the colour tokens are declared on', () => {
    const tokens = readFileSync('src/runtime/tokens.css', 'utf8');
    expect(withElementTags(tokens, manifest)).toBe(tokens);
    expect(tokens).toContain('  fm-dashboard-tile,\n');
    expect(() => withElementTags(':root {}\n', manifest)).toThrow(/no \/\* tags/);
  });

  it("is the README's table of elements, each linked to its README with its @summary", () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(withElementTable(readme, manifest)).toBe(readme);
    const table = elementTable(manifest);
    expect(table.split('\n')).toHaveLength(tags.size + 2);
    for (const { tag, folder, summary } of elements) {
      expect(summary, tag).not.toBe('');
      expect(table).toContain(`[\`${tag}\`](widgets/${folder}/README.md)`);
    }
  });

  it('refuses a README without the markers of the table', () => {
    expect(() => withElementTable('# README\n', manifest)).toThrow(/no <!-- elements/);
  });
});
