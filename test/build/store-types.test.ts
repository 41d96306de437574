// An answer's type is the contract's (`v.InferOutput` of its valibot schema, src/core/contract/),
// never typed again in a widget's store: a copy drifts from the schema that decodes the answer.
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as contract from '../../src/core/contract';

interface Schema {
  type?: string;
  entries?: Record<string, Schema>;
  wrapped?: Schema;
  item?: Schema;
  items?: Schema[];
  options?: Schema[];
  value?: Schema;
  pipe?: Schema[];
}

/** The property names of every object a schema decodes, nested ones too (`title,count,counted_at`). */
function objectShapes(schema: Schema, shapes = new Set<string>(), seen = new Set<Schema>()) {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return shapes;
  seen.add(schema);
  if (schema.entries) {
    shapes.add(Object.keys(schema.entries).sort().join(','));
    for (const entry of Object.values(schema.entries)) objectShapes(entry, shapes, seen);
  }
  const inner = [schema.wrapped, schema.item, schema.value, ...(schema.items ?? [])];
  for (const child of [...inner, ...(schema.options ?? []), ...(schema.pipe ?? [])]) {
    if (child) objectShapes(child, shapes, seen);
  }
  return shapes;
}

/** Each interface and object type a file declares, by name, with its property names. */
function declaredShapes(path: string, text = readFileSync(path, 'utf8')): [string, string][] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022);
  const found: [string, string][] = [];
  const shape = (members: ts.NodeArray<ts.TypeElement>) =>
    members
      .filter(ts.isPropertySignature)
      .map((member) => member.name.getText(source))
      .sort()
      .join(',');
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node)) found.push([node.name.text, shape(node.members)]);
    else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) {
      found.push([node.name.text, shape(node.type.members)]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const contractShapes = new Set<string>();
for (const exported of Object.values(contract)) {
  if (exported && typeof exported === 'object' && 'kind' in exported) {
    objectShapes(exported as Schema, contractShapes);
  }
}

/** The declarations of a file that repeat an object of the contract (two properties or more). */
function copiesIn(path: string, text?: string): string[] {
  return declaredShapes(path, text)
    .filter(([, shape]) => shape.includes(',') && contractShapes.has(shape))
    .map(([name, shape]) => `${name} { ${shape} }`);
}

const stores = readdirSync('widgets').flatMap((folder) =>
  readdirSync(`widgets/${folder}`)
    .filter((file) => file === 'store.ts')
    .map((file) => `widgets/${folder}/${file}`),
);

describe("the widgets' stores", () => {
  it('are found, and the contract has object schemas to compare with', () => {
    expect(stores.length).toBeGreaterThan(4);
    expect(contractShapes).toContain('count,counted_at,title');
  });

  for (const store of stores) {
    it(`${store} declares no answer the contract already types`, () => {
      expect(copiesIn(store)).toEqual([]);
    });
  }

  it('would see a copy of the tile answer', () => {
    const copy = 'interface TileData { title: string; count: number; counted_at?: string | null }';
    expect(copiesIn('store.ts', copy)).toEqual(['TileData { count,counted_at,title }']);
  });
});
