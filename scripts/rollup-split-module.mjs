/**
 * A Rollup plugin that splits one large ES module into one module per top-level declaration.
 *
 * Why: Rollup assigns whole modules to chunks. valibot ships as a single `index.mjs`, so every
 * valibot function any element uses lands in one shared chunk, and the lightest element (the
 * dashboard tile) downloads the schemas of the heaviest. Split, each function is its own module
 * and goes only into the chunks of the elements that use it (DESIGN §7's one-tile budget).
 *
 * How: the module's top-level statements are grouped (a `let`/`var` and every statement that
 * touches it stay together, since an imported binding cannot be assigned), each group becomes a
 * virtual module importing the names it uses from the others, and the original module becomes a
 * list of re-exports. Anything this does not understand (imports, destructuring, default export,
 * top-level code other than declarations) fails the build, so an upgrade cannot break it quietly.
 */

import MagicString from 'magic-string';

// Not the usual `\0` of a virtual module: Rollup leaves those out of the bundle's source maps, and
// the parts are valibot's own code, which a debugger should show as such. No file is named so.
const prefix = 'split-module:';

/** Whether `id` is one of the modules a split module became (their ids carry this plugin's prefix). */
export function isSplitPiece(id) {
  return id.startsWith(prefix);
}

/** Names a node refers to, from `names`; property keys and member names are not references. */
function referencesIn(node, names, found = new Set()) {
  if (Array.isArray(node)) {
    for (const item of node) referencesIn(item, names, found);
    return found;
  }
  if (node === null || typeof node !== 'object' || typeof node.type !== 'string') return found;
  if (node.type === 'Identifier') {
    if (names.has(node.name)) found.add(node.name);
    return found;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    const isName =
      key === 'key' || (key === 'property' && node.type === 'MemberExpression') || key === 'label';
    if (isName && !node.computed) continue;
    referencesIn(value, names, found);
  }
  return found;
}

/** Names a top-level statement declares, and whether they can be reassigned. */
function declarationOf(statement, id) {
  const fail = (what) => {
    throw new Error(`split-module: ${id} has ${what} at ${statement.start}; cannot split it`);
  };
  switch (statement.type) {
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
      return { names: [statement.id.name], mutable: false };
    case 'VariableDeclaration':
      return {
        names: statement.declarations.map((declarator) =>
          declarator.id.type === 'Identifier' ? declarator.id.name : fail('a destructuring'),
        ),
        mutable: statement.kind !== 'const',
      };
    default:
      return fail(`a ${statement.type}`);
  }
}

/**
 * Splits the module `id`, parsed as `ast`, into groups of statements and its export list.
 * Returns `{ groups: [{ ranges, names, imports: Map<group, names[]> }],
 * exports: [[local, exported, group]] }`.
 */
function split(ast, id) {
  const statements = [];
  const exports = [];
  let previousEnd = 0;
  for (const node of ast.body) {
    // The text since the previous statement carries this one's comments, /* @__NO_SIDE_EFFECTS__ */ too.
    const leadingStart = previousEnd;
    previousEnd = node.end;
    if (node.type === 'ExportNamedDeclaration' && !node.declaration && !node.source) {
      for (const specifier of node.specifiers) {
        exports.push([specifier.local.name, specifier.exported.name]);
      }
      continue;
    }
    // `export function f` is kept as `function f`, exported by its part.
    const statement =
      node.type === 'ExportNamedDeclaration' && node.declaration ? node.declaration : node;
    const declaration = declarationOf(statement, id);
    if (statement !== node) {
      for (const name of declaration.names) exports.push([name, name]);
    }
    statements.push({
      node: statement,
      // Where its text is in `code`: its leading text, then the declaration without `export`.
      ranges: [
        [leadingStart, node.start],
        [statement.start, node.end],
      ],
      ...declaration,
    });
  }

  const owner = new Map();
  statements.forEach((statement, index) => {
    for (const name of statement.names) owner.set(name, index);
  });
  const topNames = new Set(owner.keys());
  const uses = statements.map((statement) => referencesIn(statement.node, topNames));

  // Union-find: a mutable binding's statement and every statement using it form one group.
  const parent = statements.map((_, index) => index);
  const root = (index) => {
    while (parent[index] !== index) index = parent[index];
    return index;
  };
  uses.forEach((names, index) => {
    for (const name of names) {
      const declaring = owner.get(name);
      if (statements[declaring].mutable) parent[root(index)] = root(declaring);
    }
  });

  const groupOf = new Map();
  const groups = [];
  statements.forEach((statement, index) => {
    const key = root(index);
    if (!groupOf.has(key)) {
      groupOf.set(key, groups.length);
      groups.push({ ranges: [], names: [], uses: new Set() });
    }
    const group = groups[groupOf.get(key)];
    group.ranges.push(...statement.ranges);
    group.names.push(...statement.names);
    for (const name of uses[index]) group.uses.add(name);
  });
  const groupOfName = (name) => groupOf.get(root(owner.get(name)));

  return {
    exports: exports.map(([local, exported]) => [local, exported, groupOfName(local)]),
    groups: groups.map((group, index) => {
      const imports = new Map();
      for (const name of group.uses) {
        const from = groupOfName(name);
        if (from === index) continue;
        imports.set(from, [...(imports.get(from) ?? []), name]);
      }
      return { ranges: group.ranges, names: group.names, imports };
    }),
  };
}

/** @param {{ include: RegExp }} options the ids of the modules to split */
export function splitModule({ include }) {
  const splits = new Map();
  const moduleId = (id, index) => `${prefix}${index}:${id}`;
  return {
    name: 'fm-split-module',
    transform(code, id) {
      if (id.startsWith(prefix) || !include.test(id)) return null;
      const { groups, exports } = split(this.parse(code), id);
      splits.set(id, { code, groups });
      const reexports = exports
        .map(
          ([local, exported, group]) =>
            `export { ${local} as ${exported} } from ${JSON.stringify(moduleId(id, group))};`,
        )
        .join('\n');
      return { code: reexports, map: { mappings: '' } };
    },
    resolveId(source) {
      return source.startsWith(prefix) ? source : null;
    },
    load(virtualId) {
      if (!virtualId.startsWith(prefix)) return null;
      const rest = virtualId.slice(prefix.length);
      const separator = rest.indexOf(':');
      const id = rest.slice(separator + 1);
      const split = splits.get(id);
      const group = split?.groups[Number(rest.slice(0, separator))];
      if (!group) throw new Error(`split-module: unknown part ${virtualId}`);
      const imports = [...group.imports]
        .map(
          ([from, names]) =>
            `import { ${names.join(', ')} } from ${JSON.stringify(moduleId(id, from))};`,
        )
        .join('\n');
      // The part's statements in their order, cut out of the module so that its map points into
      // the original file (a debugger and the bundle's source map show valibot's own lines).
      const text = new MagicString(split.code);
      let kept = 0;
      for (const [start, end] of group.ranges) {
        if (start > kept) text.remove(kept, start);
        kept = end;
      }
      if (kept < split.code.length) text.remove(kept, split.code.length);
      text.prepend(`${imports}\n`).append(`\nexport { ${group.names.join(', ')} };\n`);
      return {
        code: text.toString(),
        map: text.generateMap({ source: id, includeContent: true, hires: true }),
        moduleSideEffects: false,
      };
    },
  };
}
