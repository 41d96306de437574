// The README's developer's map is true to the tree: every folder and file it names exists, and
// every document it links to is there. A move that forgets the map fails here.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');

/** The text of a `## ` section of the README, up to the next one. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`README has no section "${title}"`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The paths in backticks of a text that look like the repository's (`src/ui/`, `demo/server/lifecycle.ts`). */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/`([\w.-]+\/[\w./<>-]*)`/g)]
    .map((match) => match[1] ?? '')
    .filter((path) => !path.startsWith('/') && !path.includes('<'));
}

/** The Markdown links of a document that point into the repository, resolved from its folder. */
function localLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => join(dirname(file), target));
}

describe("the README's developer's map", () => {
  const map = section("The developer's map");

  it('comes right after the two commands', () => {
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings.slice(0, 2)).toEqual(['The two commands', "The developer's map"]);
  });

  it('names only folders that exist, and each is a folder', () => {
    const folders = [...map.matchAll(/^\|\s*`([^`]+\/)`\s*\|/gm)].map((match) => match[1] ?? '');
    expect(folders.length).toBeGreaterThan(10);
    for (const folder of folders) {
      expect(existsSync(folder) && statSync(folder).isDirectory(), folder).toBe(true);
    }
  });

  // Before the first build (`npm run test:quick` on a fresh clone) dist/ is not there: a file of
  // it counts when the build names it as a file it writes.
  const build = ['rollup.config.mjs', 'scripts/bundle-manifest.mjs']
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const built = (path: string) =>
    existsSync('dist') ? existsSync(path) : build.includes(`'${path.slice('dist/'.length)}'`);

  it('names only paths that exist (in a row, from the repository or from its folder)', () => {
    const missing: string[] = [];
    for (const line of map.split('\n')) {
      const row = /^\|\s*`([^`]+\/)`\s*\|(.*)$/.exec(line);
      const folder = row?.[1] ?? '';
      for (const path of pathsIn(row ? (row[2] ?? '') : line)) {
        if (path.startsWith('dist/') ? built(path) : existsSync(path)) continue;
        if (!(row && existsSync(join(folder, path)))) missing.push(path);
      }
    }
    expect(pathsIn(map).length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('leaves no file of ours outside the folders and files it names', () => {
    const named = pathsIn(map);
    const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n');
    const unmapped = tracked.filter(
      (file) =>
        file.includes('/') &&
        !file.startsWith('.') &&
        !named.some((path) => file === path || (path.endsWith('/') && file.startsWith(path))),
    );
    expect(unmapped).toEqual([]);
  });
});

describe('the links of the README and docs/', () => {
  const documents = [
    'README.md',
    ...readdirSync('docs')
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  it.each(documents)('%s links only to files that exist', (file) => {
    expect(localLinks(file).filter((target) => !existsSync(target))).toEqual([]);
  });
});
