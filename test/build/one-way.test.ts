// One way to do each thing, held: a message is announced by Alert (a field's own error by Field),
// remote data is loaded by remoteLoad (useRemote, loadToEdit), and the four forms that post
// natively to the host share one submit check. Read from the TypeScript of src/ and widgets/ by
// the compiler; each scan also proves on a sample that it finds what it is looking for.

import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from './source-tree';

const ROOTS = ['src', 'widgets'];

interface Source {
  file: string;
  tree: ts.SourceFile;
  /** Every node of the tree, in the order of the text (read once). */
  all?: ts.Node[];
}

const parse = (file: string, text: string): Source => ({
  file,
  // Read as its extension says: a .ts file read as TSX misreads `<Options>value`.
  tree: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true),
});

function nodes(source: Source): ts.Node[] {
  if (source.all) return source.all;
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source.tree);
  source.all = found;
  return found;
}

const lineOf = (node: ts.Node) =>
  node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;
const where = (source: Source, node: ts.Node) => `${source.file}:${lineOf(node)}`;

const textOf = (node: ts.Node | undefined): string | null => {
  if (!node) return null;
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isJsxExpression(node)) return textOf(node.expression);
  return null;
};

const tagName = (node: ts.Node): string | null =>
  ts.isJsxElement(node)
    ? node.openingElement.tagName.getText()
    : ts.isJsxSelfClosingElement(node)
      ? node.tagName.getText()
      : null;

const attributesOf = (node: ts.Node): ts.JsxAttributes | null =>
  ts.isJsxElement(node)
    ? node.openingElement.attributes
    : ts.isJsxSelfClosingElement(node)
      ? node.attributes
      : null;

const attribute = (node: ts.Node, name: string) =>
  attributesOf(node)?.properties.find(
    (property): property is ts.JsxAttribute =>
      ts.isJsxAttribute(property) && property.name.getText() === name,
  );

// ——— The announced display ———

/** The file that announces messages, and the one that announces a field's own error. */
const ANNOUNCERS = new Set(['src/ui/Alert.tsx', 'src/ui/Field.tsx']);

/** A role whose value is worked out as the page runs, not written in the source. */
const COMPUTED = '(computed)';

interface Announced {
  where: string;
  /** alert, status, or COMPUTED. */
  role: string;
  /** A box with a role of its own around an `<Alert>`: a live region made by hand. */
  wrapsAlert: boolean;
}

/**
 * Every live role a file gives, however written: `role="alert"` (or `{'alert'}`) in JSX,
 * `setAttribute('role', 'alert')`, `role: 'alert'` in an object, `.role = 'alert'`.
 */
function announcedIn(source: Source): Announced[] {
  return nodes(source).flatMap((node): Announced[] => {
    let role: string | null = null;
    let wrapsAlert = false;
    if (ts.isJsxAttribute(node) && node.name.getText() === 'role') {
      role = textOf(node.initializer) ?? COMPUTED;
      const element = node.parent.parent.parent;
      wrapsAlert =
        ts.isJsxElement(element) &&
        element.children.some((child) => [child, ...descendants(child)].some(isAlert));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.getText().endsWith('setAttribute') &&
      textOf(node.arguments[0]) === 'role'
    ) {
      role = textOf(node.arguments[1]);
    } else if (ts.isPropertyAssignment(node) && node.name.getText() === 'role') {
      role = textOf(node.initializer);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.name.text === 'role'
    ) {
      role = textOf(node.right);
    }
    return role === 'alert' || role === 'status' || role === COMPUTED
      ? [{ where: where(source, node), role, wrapsAlert }]
      : [];
  });
}

function descendants(node: ts.Node): ts.Node[] {
  const found: ts.Node[] = [];
  node.forEachChild((child) => {
    found.push(child, ...descendants(child));
  });
  return found;
}

const isAlert = (node: ts.Node) => tagName(node) === 'Alert';

// ——— The one way to load ———

/** The client's methods that load (GETs); `postJson` and `postForm` write, and are not held here. */
const LOAD_METHODS = new Set(['getJson', 'getText']);

/** Functions that only wrap the client's loads: a call of one is a load, its own body is not. */
const LOAD_HELPERS = new Map([['fetchAllRows', 'src/ui/table-data.ts']]);

/** What loads the one way: useRemote, and the loaders remoteLoad() and loadToEdit() return. */
const ONE_WAY = new Set(['useRemote', 'remoteLoad', 'loadToEdit']);

/**
 * The loads that are not remoteLoad's, by file and the function they are in, each with why.
 * Tabulator loads the rows it shows itself, through our client; the CSV asks Tabulator's remote
 * pages for every row when the user downloads it (an action of Table's, not data shown).
 */
const EXCEPTIONS = new Map([
  ['src/ui/useTabulator.ts ajaxRequestFunc', "Tabulator's own loading, through our client"],
  ['src/ui/Table.tsx downloadCsv', "every row of Tabulator's remote pages, for the CSV"],
]);

interface Load {
  where: string;
  /** The file and the name of the function the load is made in. */
  within: string;
  /** How it is loaded: the one way's name, or null when by hand. */
  way: string | null;
}

/** The name a function is known by: its own, its variable's or property's, or what it is passed to. */
function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText()}`;
  return '(anonymous)';
}

/** The names in a file bound to a loader of the one way (`const load = remoteLoad()`). */
function loadersIn(source: Source): Map<string, string> {
  const loaders = new Map<string, string>();
  for (const node of nodes(source)) {
    if (!ts.isVariableDeclaration(node) || !node.initializer) continue;
    const init = node.initializer;
    const made = ts.isCallExpression(init) ? init.expression.getText() : null;
    if (made && ONE_WAY.has(made) && ts.isIdentifier(node.name)) {
      loaders.set(node.name.text, made);
    }
    // A component's own loader, made once: `const [load] = useState(remoteLoad)`.
    const kept = ts.isCallExpression(init) && made === 'useState' ? init.arguments[0] : undefined;
    const first = ts.isArrayBindingPattern(node.name) ? node.name.elements[0] : undefined;
    if (
      kept &&
      ts.isIdentifier(kept) &&
      ONE_WAY.has(kept.text) &&
      first &&
      ts.isBindingElement(first) &&
      ts.isIdentifier(first.name)
    ) {
      loaders.set(first.name.text, kept.text);
    }
  }
  return loaders;
}

/** The one way a function argument is given to, if it is given to one. */
function wayOf(fn: ts.Node, loaders: Map<string, string>): string | null {
  const call = fn.parent;
  if (!ts.isCallExpression(call) || !call.arguments.includes(fn as ts.Expression)) return null;
  const callee = call.expression;
  if (ts.isIdentifier(callee)) {
    if (callee.text === 'useRemote') return 'useRemote';
    return loaders.get(callee.text) ?? null;
  }
  // remoteLoad()(request, signal): a loader used once.
  if (ts.isCallExpression(callee) && ONE_WAY.has(callee.expression.getText())) {
    return callee.expression.getText();
  }
  return null;
}

function loadsIn(source: Source): Load[] {
  const loaders = loadersIn(source);
  return nodes(source).flatMap((node): Load[] => {
    if (!ts.isCallExpression(node)) return [];
    const callee = node.expression;
    const isLoad =
      (ts.isPropertyAccessExpression(callee) && LOAD_METHODS.has(callee.name.text)) ||
      (ts.isIdentifier(callee) && LOAD_HELPERS.has(callee.text));
    if (!isLoad) return [];
    let within: string | null = null;
    let way: string | null = null;
    for (let up: ts.Node = node.parent; !ts.isSourceFile(up); up = up.parent) {
      if (!ts.isFunctionLike(up)) continue;
      within ??= nameOf(up);
      if (LOAD_HELPERS.get(nameOf(up)) === source.file) way = 'a helper of the client';
      way ??= wayOf(up, loaders);
      if (way) break;
    }
    return [{ where: where(source, node), within: `${source.file} ${within}`, way }];
  });
}

/** Requests made around the client: ky itself, fetch, XMLHttpRequest, beacons. */
function clientBypassesIn(source: Source): string[] {
  return nodes(source).flatMap((node) => {
    const bypass =
      (ts.isImportDeclaration(node) && textOf(node.moduleSpecifier) === 'ky') ||
      (ts.isCallExpression(node) &&
        /^(window\.|globalThis\.)?fetch$|sendBeacon$/.test(node.expression.getText())) ||
      (ts.isNewExpression(node) && node.expression.getText() === 'XMLHttpRequest');
    return bypass ? [where(source, node)] : [];
  });
}

/** The one file that talks HTTP. */
const CLIENT = 'src/runtime/api.ts';

// ——— The native forms' submit check ———

/** The forms that post natively to the host. */
const NATIVE_FORMS = [
  'widgets/cost-form/CostForm.tsx',
  'widgets/password-form/PasswordForm.tsx',
  'widgets/site-time-form/SiteTimeForm.tsx',
  'widgets/user-form/UserForm.tsx',
];

interface NativeForm {
  where: string;
  /** The form takes its props from useSubmitCheck, and has no submit check of its own. */
  checked: boolean;
  ownCheck: string[];
}

/** Each `<form method=…>` of a file: whether it is checked the one way, and what it does itself. */
function nativeFormsIn(source: Source): NativeForm[] {
  const all = nodes(source);
  const checks = new Set(
    all.flatMap((node) =>
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.expression.getText() === 'useSubmitCheck'
        ? [node.name.getText()]
        : [],
    ),
  );
  const ownCheck = all.flatMap((node) =>
    ts.isPropertyAccessExpression(node) && node.name.text === 'preventDefault'
      ? [`preventDefault at ${where(source, node)}`]
      : [],
  );
  return all
    .filter((node) => tagName(node) === 'form' && attribute(node, 'method'))
    .map((form) => {
      const properties = attributesOf(form)?.properties ?? ts.factory.createNodeArray();
      const checked = properties.some(
        (property) =>
          ts.isJsxSpreadAttribute(property) && checks.has(property.expression.getText()),
      );
      const own = ['onSubmit', 'noValidate'].filter((name) => attribute(form, name));
      return {
        where: where(source, form),
        checked,
        ownCheck: [...own.map((name) => `its own ${name}`), ...ownCheck],
      };
    });
}

// ——— The tests ———

let sources: Source[];
/** What the scans find in src/ and widgets/, each file's with its name. */
let announced: (Announced & { file: string })[];
let loads: Load[];
let forms: (NativeForm & { file: string })[];
// Scanned once, with time to spare on a busy machine.
beforeAll(() => {
  sources = ROOTS.flatMap((root) =>
    filesUnder(root, (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts')),
  ).map((file) => parse(file, readFileSync(file, 'utf8')));
  const each = <T>(scan: (source: Source) => T[]) =>
    sources.flatMap((source) => scan(source).map((found) => ({ file: source.file, ...found })));
  announced = each(announcedIn);
  loads = sources.flatMap(loadsIn);
  forms = each(nativeFormsIn);
}, 120_000);

const sample = (text: string, file = 'widgets/sample/Sample.tsx') => parse(file, text);

describe('one way to announce a message: Alert, and Field for a field’s own error', () => {
  it('finds a live role however it is written, and a box with a role around an Alert', () => {
    const found = announcedIn(
      sample(`
        const a = <p role="alert">x</p>;
        const b = <div role={'status'}><Alert kind="danger" messages="x" /></div>;
        element.setAttribute('role', 'alert');
        const c = { role: 'status' };
        box.role = 'alert';
        const d = <p role="note">x</p>;
        const e = <p role={kind === 'danger' ? 'alert' : 'status'}>x</p>;`),
    );
    expect(found).toEqual([
      { where: 'widgets/sample/Sample.tsx:2', role: 'alert', wrapsAlert: false },
      { where: 'widgets/sample/Sample.tsx:3', role: 'status', wrapsAlert: true },
      { where: 'widgets/sample/Sample.tsx:4', role: 'alert', wrapsAlert: false },
      { where: 'widgets/sample/Sample.tsx:5', role: 'status', wrapsAlert: false },
      { where: 'widgets/sample/Sample.tsx:6', role: 'alert', wrapsAlert: false },
      { where: 'widgets/sample/Sample.tsx:8', role: COMPUTED, wrapsAlert: false },
    ]);
  });

  it('reads Alert\'s roles and Field\'s role="alert" (the scan sees them)', () => {
    const rolesOf = (file: string) =>
      announced.filter((found) => found.file === file).map(({ role }) => role);
    expect(rolesOf('src/ui/Alert.tsx')).toContain(COMPUTED);
    expect(rolesOf('src/ui/Field.tsx')).toEqual(['alert', 'alert']);
  });

  it('has role="alert" nowhere else: an error is shown by Alert, or by Field under its control', () => {
    const elsewhere = announced.filter(
      ({ file, role }) => !ANNOUNCERS.has(file) && role !== 'status',
    );
    expect(elsewhere.map(({ where }) => where)).toEqual([]);
  });

  // role="status" stays free for a line that tells how things stand (Loading…, Saving…, a count
  // read out), never a message's own box: a message waiting to arrive is Alert's `standing`.
  it('has no live region made around an Alert', () => {
    const wrapped = announced.filter(
      ({ file, wrapsAlert }) => wrapsAlert && file !== 'src/ui/Alert.tsx',
    );
    expect(wrapped.map(({ where }) => where)).toEqual([]);
  });
});

describe('one way to load: remoteLoad, useRemote, loadToEdit', () => {
  it('tells a load made the one way from one made by hand', () => {
    const found = loadsIn(
      sample(`
        const load = remoteLoad();
        const loadAnswers = loadToEdit(set);
        function Widget() {
          useRemote((signal) => api.getJson(path, schema, { signal }), []);
          void load(() => api.getText(path, { signal }), signal);
          void loadAnswers(async () => [await fetchAllRows(api, url, {}, {})], signal);
          void remoteLoad()(() => api.getJson(path, schema), signal);
          void api.postJson(path, body, schema);
        }
        function Kept() {
          const [search] = useState(remoteLoad);
          void search(() => api.getJson(path, schema), signal);
        }
        async function byHand() {
          return await api.getJson(path, schema);
        }`),
    );
    expect(found.map(({ way, within }) => `${way}: ${within}`)).toEqual([
      'useRemote: widgets/sample/Sample.tsx callback of useRemote',
      'remoteLoad: widgets/sample/Sample.tsx callback of load',
      'loadToEdit: widgets/sample/Sample.tsx callback of loadAnswers',
      'remoteLoad: widgets/sample/Sample.tsx callback of remoteLoad()',
      'remoteLoad: widgets/sample/Sample.tsx callback of search',
      'null: widgets/sample/Sample.tsx byHand',
    ]);
  });

  it('sees loads made each of the one ways', () => {
    const ways = new Set(loads.map(({ way }) => way));
    for (const way of ONE_WAY) expect(ways).toContain(way);
  });

  it('has no load outside them but the exceptions named, each with its reason', () => {
    const byHand = loads.filter(({ way, within }) => way === null && !EXCEPTIONS.has(within));
    expect(byHand.map(({ where, within }) => `${where} in ${within}`)).toEqual([]);
  });

  it('names as exceptions only places that still load by hand', () => {
    const byHand = loads.filter(({ way }) => way === null);
    const within = new Set(byHand.map((load) => load.within));
    expect([...EXCEPTIONS.keys()].filter((name) => !within.has(name))).toEqual([]);
  });

  it('sends every request through the client', () => {
    expect(
      clientBypassesIn(
        sample(
          `import ky from 'ky';\nfetch(url);\nnew XMLHttpRequest();\nnavigator.sendBeacon(url);`,
        ),
      ),
    ).toHaveLength(4);
    const bypasses = sources.filter(({ file }) => file !== CLIENT).flatMap(clientBypassesIn);
    expect(bypasses).toEqual([]);
    expect(clientBypassesIn(sources.find(({ file }) => file === CLIENT) as Source)).not.toEqual([]);
  });
});

describe('one submit check for the forms that post natively to the host', () => {
  it('tells a form checked by useSubmitCheck from one that checks itself', () => {
    const [checked, own] = nativeFormsIn(
      sample(`
        function A() {
          const submitCheck = useSubmitCheck(() => false);
          return <form {...submitCheck} method="post" />;
        }
        function B() {
          return <form method="post" noValidate onSubmit={(event) => event.preventDefault()} />;
        }`),
    );
    expect(checked).toMatchObject({ checked: true });
    expect(own).toMatchObject({ checked: false });
    expect(own?.ownCheck).toEqual([
      'its own onSubmit',
      'its own noValidate',
      'preventDefault at widgets/sample/Sample.tsx:7',
    ]);
  });

  it('finds the four native forms, and they use useSubmitCheck alone', () => {
    expect(forms.map(({ file }) => file).sort()).toEqual(NATIVE_FORMS);
    for (const form of forms) {
      expect({ form: form.where, checked: form.checked, own: form.ownCheck }).toEqual({
        form: form.where,
        checked: true,
        own: [],
      });
    }
  });
});
