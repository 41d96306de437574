// The worker precaches what an engineer's page needs, from the build's own manifest: the list
// (precacheList) on a manifest of our shape, and dist/fm-sw.js as the build wrote it.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Manifest, modulePreloads } from '../../scripts/bundle-manifest.mjs';
import { precacheList } from '../../scripts/offline-bundle.mjs';

const ENGINEER_TAGS = ['fm-engineer-job', 'fm-site-time-form', 'fm-upload', 'fm-flash', 'fm-nav'];

const MANIFEST: Manifest = {
  'src/index.ts': {
    file: 'fm-widgets.js',
    isEntry: true,
    imports: ['_fm-widgets-a.js'],
    css: ['fm-widgets.css'],
  },
  '_fm-widgets-a.js': {
    file: 'chunks/fm-widgets-a.js',
    dynamicImports: ['widgets/engineer-job/index.ts', 'widgets/dashboard-tile/index.ts'],
  },
  '_runtime-b.js': { file: 'chunks/runtime-b.js', dynamicImports: ['src/runtime/kept-page.ts'] },
  'src/runtime/kept-page.ts': {
    file: 'chunks/kept-page-e.js',
    name: 'kept-page',
    isDynamicEntry: true,
    imports: ['_runtime-b.js'],
  },
  'widgets/engineer-job/index.ts': {
    file: 'chunks/fm-engineer-job-c.js',
    name: 'fm-engineer-job',
    isDynamicEntry: true,
    imports: ['_fm-widgets-a.js', '_runtime-b.js'],
  },
  'widgets/dashboard-tile/index.ts': {
    file: 'chunks/fm-dashboard-tile-d.js',
    name: 'fm-dashboard-tile',
    isDynamicEntry: true,
    imports: ['_runtime-b.js'],
  },
};

describe('the precache list', () => {
  const sources = { 'fm-widgets.js': 'one', 'fm-offline.js': 'two', 'fm-widgets.css': 'three' };

  it("holds the loader, the tags' chunks and what they import or load lazily, the stylesheet and the script", () => {
    const list = precacheList(MANIFEST, ['fm-engineer-job'], sources);
    // Not the other widgets the loader may import.
    expect(list.map(({ url }) => url)).toEqual([
      'fm-widgets.js',
      'chunks/fm-widgets-a.js',
      'chunks/fm-engineer-job-c.js',
      'chunks/runtime-b.js',
      'chunks/kept-page-e.js',
      'fm-widgets.css',
      'fm-offline.js',
    ]);
  });

  it('revises a file by its content, and no hashed chunk (its name changes with it)', () => {
    const list = precacheList(MANIFEST, ['fm-engineer-job'], sources);
    const revision = (url: string) => list.find((entry) => entry.url === url)?.revision;
    expect(revision('chunks/runtime-b.js')).toBeNull();
    expect(revision('fm-widgets.js')).toMatch(/^[0-9a-f]{16}$/);
    const changed = precacheList(MANIFEST, ['fm-engineer-job'], {
      ...sources,
      'fm-widgets.js': 'new',
    });
    expect(changed.find((entry) => entry.url === 'fm-widgets.js')?.revision).not.toBe(
      revision('fm-widgets.js'),
    );
  });

  it('refuses a tag the bundle has no chunk for', () => {
    expect(() => precacheList(MANIFEST, ['fm-engineer-jobs'], sources)).toThrow(
      'the precache names fm-engineer-jobs, which the bundle has no chunk for',
    );
  });
});

// Before the first build (`npm run test:quick` on a fresh clone) there is no dist/ to read.
// A skipped suite's body is still run to collect its tests: the files are read before its tests.
describe.skipIf(!existsSync('dist/fm-sw.js'))('dist/fm-sw.js', () => {
  let worker = '';
  let manifest: Manifest = {};
  let precached: { url: string; revision: string | null }[] = [];
  beforeAll(() => {
    worker = readFileSync('dist/fm-sw.js', 'utf8');
    manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as Manifest;
    // The list as the minifier writes it, `[{url:"…",revision:…},…]`, read back as JSON.
    const written = /\[\{url:"[^\]]*\]/.exec(worker)?.[0] ?? '[]';
    precached = JSON.parse(written.replace(/([{,])(url|revision):/g, '$1"$2":'));
  });

  it("precaches exactly the files of an engineer's page, the stylesheet and fm-offline.js", () => {
    // With what those pages load lazily: the outbox's sender (which one of them imports), the
    // token renewal of a page shown from the device (which Firefox, once it failed to load
    // offline, would not load again), and the words of a page that changes them.
    const lazy = [
      'src/ui/outbox-send.ts',
      'src/runtime/kept-page.ts',
      'src/core/word-overrides.ts',
    ].map((key) => manifest[key]?.file ?? `${key} is not a chunk of the bundle`);
    expect(precached.map(({ url }) => url).sort()).toEqual(
      [
        ...new Set([
          ...modulePreloads(manifest, ENGINEER_TAGS),
          ...lazy,
          'fm-widgets.css',
          'fm-offline.js',
        ]),
      ].sort(),
    );
    for (const { url } of precached) expect(existsSync(`dist/${url}`), url).toBe(true);
    expect(precached.map(({ url }) => url)).not.toContain(
      manifest['widgets/dashboard-tile/index.ts']?.file,
    );
  });

  it('is a classic script, built from Workbox', () => {
    expect(worker).not.toMatch(/^\s*(import|export)\b/m);
    expect(worker).toContain('workbox:precaching');
    expect(worker).toContain('workbox:strategies');
  });
});
