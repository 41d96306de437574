// No function of the product or its hosts runs over 150 lines: a component that grows past that is
// a hook plus pieces, a route file names its handlers. Measured from a function's first line to
// its last, in the TypeScript and JavaScript of src/, widgets/, demo/ and kit/, and in their PHP.

import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './source-tree';

const LONGEST = 150;
const ROOTS = ['src', 'widgets', 'demo', 'kit'];

interface Long {
  /** `file:line name` */
  where: string;
  lines: number;
}

/** The functions of a script over the limit, each named by its file, first line and name. */
function longScriptFunctions(file: string, text = readFileSync(file, 'utf8')): Long[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Long[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > LONGEST) found.push({ where: `${file}:${first + 1} ${nameOf(node)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent))
    return `callback of ${parent.expression.getText().slice(0, 40)}`;
  return '(anonymous)';
}

/** PHP functions over the limit: from `function` to the brace that closes its body. */
function longPhpFunctions(file: string, text = readFileSync(file, 'utf8')): Long[] {
  const found: Long[] = [];
  for (const match of text.matchAll(/\bfunction\b\s*&?\s*(\w*)\s*\(/g)) {
    const open = text.indexOf('{', match.index);
    const semicolon = text.indexOf(';', match.index);
    if (
      open < 0 ||
      (semicolon >= 0 &&
        semicolon < open &&
        !/\)\s*(use\s*\([^)]*\))?\s*(:\s*[\w?|\\]+)?\s*$/.test(text.slice(match.index, open)))
    )
      continue;
    let depth = 0;
    let end = open;
    for (; end < text.length; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}' && --depth === 0) break;
    }
    const first = text.slice(0, match.index).split('\n').length;
    const lines = text.slice(match.index, end).split('\n').length;
    if (lines > LONGEST)
      found.push({ where: `${file}:${first} ${match[1] || '(closure)'}`, lines });
  }
  return found;
}

let measured: Long[] | undefined;

function longFunctions(): Long[] {
  measured ??= ROOTS.flatMap((root) => filesUnder(root)).flatMap((file) => {
    if (/\.(ts|tsx|mts|mjs|js)$/.test(file) && !file.endsWith('.d.ts'))
      return longScriptFunctions(file);
    if (file.endsWith('.php')) return longPhpFunctions(file);
    return [];
  });
  return measured;
}

// Parsing the whole tree takes a second on a quiet machine, many on a busy one.
describe('the length of functions', { timeout: 60_000 }, () => {
  it(`finds a function over ${LONGEST} lines when there is one`, () => {
    const body = (count: number, line: string) =>
      Array.from({ length: count }, () => line).join('\n');
    const script = (count: number) => `const long = () => {\n${body(count, '  work();')}\n};`;
    expect(longScriptFunctions('long.ts', script(LONGEST - 2))).toEqual([]);
    expect(longScriptFunctions('long.ts', script(LONGEST - 1))).toEqual([
      { where: 'long.ts:1 long', lines: LONGEST + 1 },
    ]);
    const php = (count: number) =>
      `<?php\nfunction long(): void\n{\n${body(count, '    work();')}\n}\n`;
    expect(longPhpFunctions('long.php', php(LONGEST - 3))).toEqual([]);
    expect(longPhpFunctions('long.php', php(LONGEST - 2))).toEqual([
      { where: 'long.php:2 long', lines: LONGEST + 1 },
    ]);
  });

  it(`has none over ${LONGEST} lines in ${ROOTS.join(', ')}`, () => {
    const long = longFunctions().sort((a, b) => b.lines - a.lines);
    expect(long.map(({ where, lines }) => `${lines} ${where}`)).toEqual([]);
  });
});
