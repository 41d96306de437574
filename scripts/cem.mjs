// `npm run manifest` (node --import tsx scripts/cem.mjs): custom-elements.json from
// @custom-elements-manifest/analyzer's create() over every widgets/*/index.ts, with our plugin for
// the defineElement() registrations, and from it the hosts' declarations in types/
// (host-types.mjs), the loader's registry, the tags' stylesheet, the tags the colour tokens are
// declared on and the README's table of elements (from-manifest.mjs); and, from the catalog's
// messages.json files, their compiled messages.ts and the list of keys (message-modules.mjs).
// `npm run manifest -- --check` generates them in memory and fails when a committed file differs
// (CI).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, ts } from '@custom-elements-manifest/analyzer';
import { r2wcPlugin } from './cem-r2wc-plugin.mjs';
import {
  elementsCss,
  registrySource,
  withElementTable,
  withElementTags,
} from './from-manifest.mjs';
import { hostTypes } from './host-types.mjs';
import { messageModules } from './message-modules.mjs';

const defaultRoot = fileURLToPath(new URL('..', import.meta.url));

/** Each element's registration module, by its path from the root (what the manifest names). */
function registrations(root) {
  return readdirSync(join(root, 'widgets'), { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(join(root, 'widgets', entry.name, 'index.ts')),
    )
    .map((entry) => `widgets/${entry.name}/index.ts`)
    .sort();
}

/** custom-elements.json's content, nothing written. */
export async function analyze(root = defaultRoot) {
  const modules = registrations(root).map((path) =>
    ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.ES2015, true),
  );
  return create({ modules, plugins: [r2wcPlugin()] });
}

/** The generated files, by their path from the root. */
async function generate(root) {
  const manifest = await analyze(root);
  const types = hostTypes(root, manifest.modules);
  return {
    manifest,
    outputs: {
      'custom-elements.json': `${JSON.stringify(manifest, null, 2)}\n`,
      'types/index.d.ts': types.index,
      'types/react.d.ts': types.react,
      'src/loader/registry.ts': registrySource(manifest),
      'src/runtime/elements.css': elementsCss(manifest),
      'src/runtime/tokens.css': withElementTags(
        readFileSync(join(root, 'src/runtime/tokens.css'), 'utf8'),
        manifest,
      ),
      'README.md': withElementTable(readFileSync(join(root, 'README.md'), 'utf8'), manifest),
      ...messageModules(root),
    },
  };
}

/** Writes the generated files under `root`; with `check`, only says which are stale (resolves false). */
export async function manifestFiles(root = defaultRoot, { check = false } = {}) {
  // The hosts' types read the list of keys from its file: it is written first.
  if (!check) {
    for (const [path, text] of Object.entries(messageModules(root))) {
      writeFileSync(join(root, path), text);
    }
  }
  const { manifest, outputs } = await generate(root);
  const elements = manifest.modules.flatMap((module) => module.declarations ?? []).length;
  if (check) {
    const stale = Object.entries(outputs)
      .filter(([path, text]) => {
        const file = join(root, path);
        return !existsSync(file) || readFileSync(file, 'utf8') !== text;
      })
      .map(([path]) => path);
    if (stale.length > 0) {
      console.error(`${stale.join(', ')} stale: run \`npm run manifest\` and commit.`);
      return false;
    }
    console.log(`The files made from custom-elements.json are up to date (${elements} elements).`);
  } else {
    mkdirSync(join(root, 'types'), { recursive: true });
    for (const [path, text] of Object.entries(outputs)) writeFileSync(join(root, path), text);
    console.log(`custom-elements.json and the files made from it written (${elements} elements).`);
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const done = await manifestFiles(defaultRoot, { check: process.argv.includes('--check') });
  if (!done) process.exit(1);
}
