import { readdirSync, readFileSync } from 'node:fs';
import * as analyzer from '@custom-elements-manifest/analyzer';
import type ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../scripts/cem.mjs';
import { jsDocItem, r2wcPlugin } from '../../scripts/cem-r2wc-plugin.mjs';
import { attributeName } from '../../src/core/attributes';

// custom-elements.json comes from @custom-elements-manifest/analyzer with our plugin for the
// defineElement() registrations (npm run manifest; its --check in CI also compares types/).

type Manifest = Awaited<ReturnType<typeof analyze>>;
interface Element {
  name: string;
  tagName?: string;
  customElement?: boolean;
  description?: string;
  attributes?: { name: string; type?: { text: string }; description?: string }[];
  events?: { name: string; type?: { text: string }; description?: string }[];
  cssProperties?: { name: string; description?: string }[];
}

// The analyzer's create() and its own TypeScript, which its index.d.ts does not declare.
const { create, ts: typescript } = analyzer as unknown as {
  create(options: { modules: ts.SourceFile[]; plugins: unknown[] }): Manifest;
  ts: typeof ts;
};

/** The manifest of one module `widgets/x/index.ts` with `source`, through our plugin. */
function manifestOf(source: string): Manifest {
  const module = typescript.createSourceFile(
    'widgets/x/index.ts',
    source,
    typescript.ScriptTarget.ES2015,
    true,
  );
  return create({ modules: [module], plugins: [r2wcPlugin()] });
}

const REGISTRATION = `import { defineElement } from '../../src/ui/define-element';
/**
 * A tile: its title and count. See
 * README.md.
 *
 * @tag fm-x
 * @attr {number} data-tile-id - The tile's id (required).
 * @fires {CustomEvent<XDetail>} fm-x-done - After a refresh.
 * @cssprop --fm-x-accent - Colour of the count.
 */
export const XElement = defineElement('fm-x', X, {
  attributes: { tileId: 'id', sourceUrl: 'url' },
});
export type { XProps };
`;

describe('the r2wc plugin', () => {
  it('makes a registration the custom element its JSDoc describes, under the registered tag', () => {
    const [module] = manifestOf(REGISTRATION).modules;
    expect(module?.declarations).toEqual([
      {
        kind: 'class',
        name: 'XElement',
        tagName: 'fm-x',
        customElement: true,
        description: 'A tile: its title and count. See README.md.',
        attributes: [
          {
            name: 'data-tile-id',
            type: { text: 'number' },
            description: "The tile's id (required).",
          },
          // Read from markup though undocumented: listed with its type.
          { name: 'data-source-url', type: { text: 'string' } },
        ],
        events: [
          {
            name: 'fm-x-done',
            type: { text: 'CustomEvent<XDetail>' },
            description: 'After a refresh.',
          },
        ],
        cssProperties: [{ name: '--fm-x-accent', description: 'Colour of the count.' }],
      },
    ]);
    // `export type { … }` is no JS export.
    expect(module?.exports).toEqual([
      {
        kind: 'js',
        name: 'XElement',
        declaration: { name: 'XElement', module: 'widgets/x/index.ts' },
      },
      {
        kind: 'custom-element-definition',
        name: 'fm-x',
        declaration: { name: 'XElement', module: 'widgets/x/index.ts' },
      },
    ]);
  });

  it('names an element registered unexported by the export that stands for it', () => {
    const source = REGISTRATION.replace('export const XElement', 'const XBase').concat(
      'export const XElement = XBase as typeof XBase & { extra: 1 };\n',
    );
    const [module] = manifestOf(source).modules;
    expect(module?.declarations?.map((d) => d.name)).toEqual(['XElement']);
    expect(
      module?.exports?.map((entry) => [entry.kind, entry.name, entry.declaration.name]),
    ).toEqual([
      ['js', 'XElement', 'XElement'],
      ['custom-element-definition', 'fm-x', 'XElement'],
    ]);
  });

  it('reads a tag as {type} name - description, each part optional, [name=default] a default', () => {
    expect(jsDocItem("{number} data-tile-id - The tile's id\n   (required).")).toEqual({
      name: 'data-tile-id',
      type: { text: 'number' },
      description: "The tile's id\n   (required).",
    });
    expect(jsDocItem('--fm-x-accent - Colour.')).toEqual({
      name: '--fm-x-accent',
      description: 'Colour.',
    });
    expect(jsDocItem('{string} [data-unit=miles] - The unit.')).toEqual({
      name: 'data-unit',
      type: { text: 'string' },
      description: 'The unit.',
      default: 'miles',
    });
    expect(jsDocItem('data-flag')).toEqual({ name: 'data-flag' });
  });

  it('refuses a JSDoc @tag that is not the registered tag', () => {
    expect(() => manifestOf(REGISTRATION.replace('@tag fm-x', '@tag fm-y'))).toThrow(
      'widgets/x/index.ts: the JSDoc says @tag fm-y, the registration fm-x',
    );
  });
});

describe('custom-elements.json', () => {
  const committed = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as Manifest;
  const elements = committed.modules.flatMap((module) => (module.declarations ?? []) as Element[]);

  it('is what the analyzer makes of the sources now', async () => {
    expect(await analyze()).toEqual(committed);
  }, 60_000);

  it("lists every widget's tag with the data-* attribute of each prop it reads from markup", () => {
    const folders = readdirSync('widgets').filter((folder) =>
      readdirSync(`widgets/${folder}`).includes('index.ts'),
    );
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const source = readFileSync(`widgets/${folder}/index.ts`, 'utf8');
      const registration = /defineElement\(\s*'([^']+)'[^{]*\{\s*attributes:\s*\{([^}]*)\}/.exec(
        source,
      );
      expect(registration, folder).not.toBeNull();
      const [, tag, attributes = ''] = registration ?? [];
      const element = elements.find((candidate) => candidate.tagName === tag);
      expect(element?.customElement, `${folder}: ${tag}`).toBe(true);
      expect(element?.description, tag).not.toBe('');
      const props = [...attributes.matchAll(/(\w+)\s*:/g)].map((match) => match[1] ?? '');
      const names = element?.attributes?.map((attribute) => attribute.name) ?? [];
      expect(names, tag).toEqual(expect.arrayContaining(props.map(attributeName)));
      for (const module of committed.modules) {
        if (!module.declarations?.includes(element as never)) continue;
        expect(module.path).toBe(`widgets/${folder}/index.ts`);
        expect(module.exports).toContainEqual({
          kind: 'custom-element-definition',
          name: tag,
          declaration: { name: element?.name, module: module.path },
        });
      }
    }
  });

  it('gives every event its CustomEvent<Detail> type', () => {
    for (const element of elements) {
      for (const event of element.events ?? []) {
        expect(event.type?.text, `${element.tagName} ${event.name}`).toMatch(/^CustomEvent<\w+>$/);
      }
    }
  });
});
