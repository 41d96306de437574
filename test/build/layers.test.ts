// The layers of the README's developer's map, held: each import of src/, widgets/, kit/ and
// scripts/ (static, re-export, type-only or dynamic, as TypeScript parses it) is resolved to the
// file it names and checked against the direction the map gives. A module that needs something
// from a higher layer gets it passed in, or the something moves down; none is excused here.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './source-tree';

const ROOTS = ['src', 'widgets', 'kit', 'scripts'];
const SCRIPT = /\.(ts|tsx|mts|mjs|js)$/;

/** One import: the file it is in, what it names (a path from the root, or a package), and how. */
interface Import {
  file: string;
  target: string;
  /** Written as a path (`./x`, `../x`): `target` is the file it resolves to, when there is one. */
  relative: boolean;
  dynamic: boolean;
}

/** Where a path is in the map: a layer of src/, one widget, or a top folder. */
function placeOf(path: string): string {
  if (path === 'src/index.ts' || path.startsWith('src/loader/')) return 'loader';
  for (const layer of ['core', 'runtime', 'ui', 'offline'])
    if (path.startsWith(`src/${layer}/`)) return layer;
  const widget = /^widgets\/([^/]+)\//.exec(path);
  if (widget) return `widget ${widget[1]}`;
  return path.split('/')[0] ?? path;
}

interface Rule {
  name: string;
  breaks(from: string, to: string, dynamic: boolean): boolean;
}

const isWidget = (place: string) => place.startsWith('widget ');
const SHIPPED = new Set(['core', 'runtime', 'ui', 'loader', 'offline', 'kit']);

const RULES: readonly Rule[] = [
  {
    name: 'src/core imports nothing of runtime, ui, loader or widgets',
    breaks: (from, to) =>
      from === 'core' && (['runtime', 'ui', 'loader'].includes(to) || isWidget(to)),
  },
  {
    name: 'src/runtime imports nothing of ui, loader or widgets',
    breaks: (from, to) => from === 'runtime' && (['ui', 'loader'].includes(to) || isWidget(to)),
  },
  {
    name: 'src/ui imports nothing of the widgets',
    breaks: (from, to) => from === 'ui' && isWidget(to),
  },
  {
    name: 'no widget imports another',
    breaks: (from, to) => isWidget(from) && isWidget(to) && from !== to,
  },
  {
    name: 'the loader reaches widgets by dynamic import only',
    breaks: (from, to, dynamic) => from === 'loader' && isWidget(to) && !dynamic,
  },
  {
    name: 'the loader imports nothing of runtime or ui (it runs before React)',
    breaks: (from, to) => from === 'loader' && ['runtime', 'ui'].includes(to),
  },
  {
    name: 'src/offline imports nothing of runtime, ui, loader or widgets (files of its own)',
    breaks: (from, to) =>
      from === 'offline' && (['runtime', 'ui', 'loader'].includes(to) || isWidget(to)),
  },
  {
    name: 'nothing shipped, nor scripts/, imports test/',
    breaks: (from, to) =>
      (SHIPPED.has(from) || isWidget(from) || from === 'scripts') && to === 'test',
  },
  {
    name: 'the kit imports nothing of demo/',
    breaks: (from, to) => from === 'kit' && to === 'demo',
  },
];

/** `file → imported path (rule)` for each import that goes against the map. */
function violations(imports: readonly Import[]): string[] {
  return imports.flatMap(({ file, target, dynamic }) => {
    const from = placeOf(file);
    const to = placeOf(target);
    return RULES.filter((rule) => rule.breaks(from, to, dynamic)).map(
      (rule) => `${file} → ${target} (${rule.name})`,
    );
  });
}

/** The file a relative specifier names (with or without its extension, or a folder's index). */
function resolve(file: string, specifier: string): string {
  const base = normalize(join(dirname(file), specifier));
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.mjs', '.js'].flatMap((ext) => [
      base + ext,
      join(base, `index${ext}`),
    ]),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? base;
}

/** Every import of a script with a written specifier; relative ones resolved from the root. */
function importsOf(file: string, text = readFileSync(file, 'utf8')): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const add = (specifier: ts.Node | undefined, dynamic: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const name = specifier.text;
    const relative = name.startsWith('.');
    found.push({ file, target: relative ? resolve(file, name) : name, relative, dynamic });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
      add(node.moduleSpecifier, false);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0], true);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal, false);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const imports = ROOTS.flatMap((root) => filesUnder(root, (name) => SCRIPT.test(name))).flatMap(
  (file) => importsOf(file),
);

describe("the layers of the developer's map", () => {
  it('reports each import that goes against the map, and only those', () => {
    // Modules that do not exist, so each resolves to the path as written.
    const check = (file: string, text: string) => violations(importsOf(file, text));
    const rule = (index: number) => RULES[index]?.name;
    expect(check('src/core/x.ts', "import { a } from '../runtime/upper';")).toEqual([
      `src/core/x.ts → src/runtime/upper (${rule(0)})`,
    ]);
    expect(check('src/core/x.ts', "export type { A } from '../loader/upper';")).toHaveLength(1);
    expect(check('src/core/x.ts', "type A = import('../ui/upper').A;")).toHaveLength(1);
    expect(check('src/core/x.ts', "import '../../widgets/nav/upper';")).toHaveLength(1);
    expect(check('src/runtime/x.ts', "import { Alert } from '../ui/upper';")).toEqual([
      `src/runtime/x.ts → src/ui/upper (${rule(1)})`,
    ]);
    expect(check('src/ui/x.ts', "import '../../widgets/nav/upper';")).toEqual([
      `src/ui/x.ts → widgets/nav/upper (${rule(2)})`,
    ]);
    expect(check('widgets/nav/x.ts', "import '../flash/other';")).toEqual([
      `widgets/nav/x.ts → widgets/flash/other (${rule(3)})`,
    ]);
    expect(check('src/index.ts', "import '../widgets/nav/upper';")).toEqual([
      `src/index.ts → widgets/nav/upper (${rule(4)})`,
    ]);
    expect(check('src/loader/x.ts', "import { h } from '../runtime/upper';")).toEqual([
      `src/loader/x.ts → src/runtime/upper (${rule(5)})`,
    ]);
    expect(check('src/offline/x.ts', "import { h } from '../runtime/upper';")).toEqual([
      `src/offline/x.ts → src/runtime/upper (${rule(6)})`,
    ]);
    expect(check('scripts/x.ts', "import { P } from '../test/browser/helper';")).toEqual([
      `scripts/x.ts → test/browser/helper (${rule(7)})`,
    ]);
    expect(check('src/ui/x.ts', "import { P } from '../../test/helper';")).toHaveLength(1);
    expect(check('kit/x/y.ts', "import { seed } from '../../demo/server/seed-x';")).toEqual([
      `kit/x/y.ts → demo/server/seed-x (${rule(8)})`,
    ]);
    // What the map allows: down the layers, within a widget, the loader's dynamic imports.
    const allowed = [
      ['src/ui/x.ts', "import { a } from '../runtime/lower'; import { b } from '../core/lower';"],
      ['widgets/nav/x.ts', "import { N } from './Nav'; import { A } from '../../src/ui/lower';"],
      ['src/index.ts', "const load = () => import('../widgets/nav/index');"],
      ['kit/x/y.ts', "import { jobs } from '../../src/core/contract';"],
    ];
    for (const [file = '', text = ''] of allowed) expect(check(file, text)).toEqual([]);
  });

  it('finds the imports of the tree and resolves each relative one to a file', () => {
    expect(imports.length).toBeGreaterThan(500);
    expect(imports.some(({ dynamic }) => dynamic)).toBe(true);
    const unresolved = imports.filter(({ target, relative }) => relative && !existsSync(target));
    expect(unresolved.map(({ file, target }) => `${file} → ${target}`)).toEqual([]);
  });

  it('holds in src/, widgets/, kit/ and scripts/', () => {
    // One line each, `file → imported path (rule)`, none left out of the failure's report.
    expect(violations(imports).join('\n')).toBe('');
  });
});
