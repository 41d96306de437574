// Generates custom-elements.json (schema 2.1.0) from the JSDoc block of each element's
// registration (widgets/*/index.ts: @tag, @attr, @fires, @cssprop), so editors and docs tools
// know every tag, and from the same blocks the hosts' declarations in types/ (host-types.mjs).
// `node scripts/manifest.mjs --check` fails when a committed file is stale (CI).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { hostTypes } from './host-types.mjs';

const root = new URL('..', import.meta.url).pathname;

/** `{type} name - description` as JSDoc writes it for @attr, @fires and @cssprop. */
function parseTagText(text) {
  const match =
    /^\s*(?:\{(?<type>[^}]*)\}\s*)?(?<name>[^\s]+)(?:\s+-\s+(?<description>[\s\S]*))?$/.exec(text);
  if (!match?.groups) return null;
  const { type, name, description } = match.groups;
  return { type, name, description: description?.replace(/\s+/g, ' ').trim() };
}

function commentText(comment) {
  if (comment === undefined) return '';
  return typeof comment === 'string' ? comment : comment.map((part) => part.text).join('');
}

function declarationOf(file) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const doc of ts.getJSDocCommentsAndTags(statement)) {
      if (!ts.isJSDoc(doc)) continue;
      const tags = doc.tags ?? [];
      const tagName = tags.find((tag) => tag.tagName.text === 'tag');
      if (!tagName) continue;
      const name = statement.declarationList.declarations[0]?.name.getText(source);
      const entries = (kind) =>
        tags
          .filter((tag) => tag.tagName.text === kind)
          .map((tag) => parseTagText(commentText(tag.comment)))
          .filter(Boolean);
      return {
        kind: 'class',
        name,
        tagName: commentText(tagName.comment).trim(),
        customElement: true,
        description: commentText(doc.comment).replace(/\s+/g, ' ').trim(),
        attributes: entries('attr').map(({ type, name, description }) => ({
          name,
          ...(type ? { type: { text: type } } : {}),
          ...(description ? { description } : {}),
        })),
        events: entries('fires').map(({ type, name, description }) => ({
          name,
          ...(type ? { type: { text: type } } : {}),
          ...(description ? { description } : {}),
        })),
        cssProperties: entries('cssprop').map(({ name, description }) => ({
          name,
          ...(description ? { description } : {}),
        })),
      };
    }
  }
  return null;
}

const modules = readdirSync(join(root, 'widgets'))
  .sort()
  .map((folder) => `widgets/${folder}/index.ts`)
  .filter((path) => existsSync(join(root, path)))
  .flatMap((path) => {
    const declaration = declarationOf(join(root, path));
    if (!declaration) {
      console.error(`${path}: no JSDoc block with @tag on the element's registration`);
      process.exitCode = 1;
      return [];
    }
    return [
      {
        kind: 'javascript-module',
        path,
        declarations: [declaration],
        exports: [
          {
            kind: 'js',
            name: declaration.name,
            declaration: { name: declaration.name, module: path },
          },
          {
            kind: 'custom-element-definition',
            name: declaration.tagName,
            declaration: { name: declaration.name, module: path },
          },
        ],
      },
    ];
  });

const types = hostTypes(root, modules);
/** Each generated file, by its path from the root. */
const outputs = {
  'custom-elements.json': `${JSON.stringify({ schemaVersion: '2.1.0', modules }, null, 2)}\n`,
  'types/index.d.ts': types.index,
  'types/react.d.ts': types.react,
};
if (process.argv.includes('--check')) {
  const stale = Object.entries(outputs)
    .filter(([path, text]) => {
      const file = join(root, path);
      return !existsSync(file) || readFileSync(file, 'utf8') !== text;
    })
    .map(([path]) => path);
  if (stale.length > 0) {
    console.error(`${stale.join(', ')} stale: run \`npm run manifest\` and commit.`);
    process.exit(1);
  }
  console.log(`custom-elements.json and types/ are up to date (${modules.length} elements).`);
} else {
  mkdirSync(join(root, 'types'), { recursive: true });
  for (const [path, text] of Object.entries(outputs)) writeFileSync(join(root, path), text);
  console.log(`custom-elements.json and types/ written (${modules.length} elements).`);
}
