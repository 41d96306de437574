// `npm run new-element -- fm-work-permit` in a copy of the repository's sources (src/, widgets/,
// scripts/, types/ and the files beside them; node_modules linked): it writes the folder and its
// registry line, and the result passes what CI asks of an element's sources — Biome, the
// typecheck of the new element and of the loader's registry, and `npm run manifest -- --check`.
// Not checked here: its test, its gallery entry and the browser suites, which a new element adds.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestFiles } from '../../scripts/cem.mjs';
import { newElement, refusal } from '../../scripts/new-element.mjs';

const COPIED = [
  'src',
  'widgets',
  'scripts',
  'types',
  'package.json',
  'tsconfig.json',
  'biome.json',
  'README.md',
  'custom-elements.json',
];

let root = '';
let written: string[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fm-new-element-'));
  for (const path of COPIED) cpSync(path, join(root, path), { recursive: true });
  symlinkSync(realpathSync('node_modules'), join(root, 'node_modules'));
  written = await newElement(root, 'fm-work-permit');
}, 300_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('npm run new-element', () => {
  it("writes the element's fixed files, its tag once, in its registration", () => {
    expect(written.sort()).toEqual([
      'widgets/work-permit/README.md',
      'widgets/work-permit/WorkPermit.tsx',
      'widgets/work-permit/index.ts',
      'widgets/work-permit/work-permit.css',
    ]);
    expect(read('widgets/work-permit/index.ts')).toContain(
      "export const WorkPermitElement = defineElement('fm-work-permit', WorkPermit, {",
    );
    const headings = [...read('widgets/work-permit/README.md').matchAll(/^## (.+)$/gm)];
    expect(headings.map((match) => match[1])).toEqual([
      'Usage',
      'Attributes',
      'Page configuration',
      'Events',
      'Calls',
      'Errors',
    ]);
  });

  it("adds its line to the loader's registry, the tags' stylesheet and the README's table", () => {
    expect(read('src/loader/registry.ts')).toContain(
      "  'fm-work-permit': () => import('../../widgets/work-permit/index'),\n",
    );
    expect(read('src/runtime/elements.css')).toMatch(/^fm-work-permit[,\s]/m);
    expect(read('README.md')).toContain('| [`fm-work-permit`](widgets/work-permit/README.md) ');
    expect(read('custom-elements.json')).toContain('"tagName": "fm-work-permit"');
  });

  it('leaves what npm run manifest -- --check accepts', async () => {
    expect(await manifestFiles(root, { check: true })).toBe(true);
  }, 300_000);

  it('passes Biome and the typecheck of the element and the registry', () => {
    execFileSync(bin('biome'), ['check', 'widgets/work-permit', 'src/loader', 'src/runtime'], {
      cwd: root,
      stdio: 'pipe',
    });
    // The registry's imports bring in every widget: the new one is typed beside the others.
    const files = ['widgets/work-permit/index.ts', 'src/loader/registry.ts', 'src/index.ts'];
    writeFileSync(
      join(root, 'tsconfig.check.json'),
      JSON.stringify({ extends: './tsconfig.json', include: [], files }),
    );
    execFileSync(bin('tsc'), ['-p', 'tsconfig.check.json'], { cwd: root, stdio: 'pipe' });
  }, 300_000);

  it('refuses a bad name and an element that exists', () => {
    for (const bad of ['work-permit', 'fm-Work', 'fm-', 'fm-work_permit', 'fm-2fa', 'fm-a--b']) {
      expect(refusal(root, bad), bad).toMatch(/is not a tag of ours/);
    }
    expect(refusal(root, 'fm-work-permit')).toMatch(/fm-work-permit exists already/);
    expect(refusal(root, 'fm-flash')).toMatch(/exists already/);
    expect(refusal(root, 'fm-gate-pass')).toBeNull();
  });
});
