// `npm run new-element -- fm-work-permit`: a new element's folder, widgets/work-permit/, with the
// files every element has (the registration and its JSDoc, the component, its stylesheet and its
// README in the house's order), then `npm run manifest`, which adds its tag to the loader's
// registry, the tags' stylesheet, the README's table, custom-elements.json and types/.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestFiles } from './cem.mjs';

/** `fm-` and lowercase words joined by hyphens: a valid custom element name of ours. */
const TAG = /^fm-[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*$/;

/** `WorkPermit` for `work-permit`. */
const pascal = (name) =>
  name.replace(/(^|-)([a-z])/g, (_match, _dash, letter) => letter.toUpperCase());

/** The files of a new element, by their path from the root. */
export function elementFiles(tag) {
  const name = tag.slice('fm-'.length);
  const Name = pascal(name);
  const words = name.replaceAll('-', ' ');
  const folder = `widgets/${name}`;
  return {
    [`${folder}/index.ts`]: `import { defineElement } from '../../src/ui/define-element';
import { ${Name}, type ${Name}Props } from './${Name}';

/**
 * The ${words}. See README.md.
 *
 * @summary ${words}
 */
export const ${Name}Element = defineElement('${tag}', ${Name}, {
  attributes: {},
});

export type { ${Name}Props };
`,
    [`${folder}/${Name}.tsx`]: `/** Each prop is read from a \`data-*\` attribute, declared in index.ts. */
export type ${Name}Props = Record<never, never>;

export function ${Name}(_props: ${Name}Props) {
  return <div className="fm-${name}" />;
}
`,
    [`${folder}/${name}.css`]: `.fm-${name} {
  display: block;
}
`,
    [`${folder}/README.md`]: `# ${tag}

The ${words}.

## Usage

\`\`\`html
<${tag}></${tag}>
\`\`\`

## Attributes

None.

## Page configuration

None.

## Events

None.

## Calls

None.

## Errors

A bad attribute shows an inline error naming the element and the attribute.
`,
  };
}

/** Why `tag` cannot be a new element under `root`, or null. */
export function refusal(root, tag) {
  if (typeof tag !== 'string' || !TAG.test(tag)) {
    return `"${tag ?? ''}" is not a tag of ours: fm- and lowercase words joined by hyphens, as fm-work-permit`;
  }
  const folder = join(root, 'widgets', tag.slice('fm-'.length));
  if (existsSync(folder)) return `${tag} exists already (${folder})`;
  return null;
}

/** Writes the new element's files under `root`, then what `npm run manifest` makes. */
export async function newElement(root, tag) {
  const refused = refusal(root, tag);
  if (refused) throw new Error(refused);
  const files = elementFiles(tag);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text, { flag: 'wx' });
  }
  await manifestFiles(root);
  return Object.keys(files);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tag = process.argv[2];
  const refused = refusal(root, tag);
  if (refused) {
    console.error(`new-element: ${refused}.`);
    process.exit(1);
  }
  for (const path of await newElement(root, tag)) console.log(`wrote ${path}`);
  console.log(
    `Next: its attributes in index.ts (with @attr), its test in test/widgets/, its entry in the gallery (demo/pages/gallery.ts), then \`npm run manifest\`.`,
  );
}
