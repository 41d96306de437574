import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type OutputOptions, rollup } from 'rollup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config, { stableLoader } from '../../rollup.config.mjs';
import { type Manifest, manifest, preloadTable } from '../../scripts/bundle-manifest.mjs';

// A bundle shaped like ours: a loader that imports two widgets lazily and exports start(); both
// widgets share a module with each other and one with the loader. (Plain JS in .ts files: no
// TypeScript plugin needed.)
const SOURCES: Record<string, string> = {
  'src/index.ts':
    "import { config } from './config.ts';\n" +
    "window.tags = { 'fm-tile': () => import('../widgets/tile/index.ts'), 'fm-table': () => import('../widgets/table/index.ts') };\n" +
    'console.log(config, __FM_PRELOADS__);\n' +
    'export function start() {}\n',
  'src/config.ts': "export const config = { apiBase: '' };\n",
  'src/api.ts':
    "import { config } from './config.ts';\nexport const get = (path) => fetch(config.apiBase + path);\n",
  'widgets/tile/index.ts':
    "import { get } from '../../src/api.ts';\nexport const tile = () => get('/tile');\n",
  'widgets/table/index.ts':
    "import { get } from '../../src/api.ts';\nexport const table = () => get('/table');\n",
};

const output = config.output as OutputOptions;
let root = '';
let built: Manifest = {};
let loader = '';
let stable = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fm-manifest-'));
  for (const [path, source] of Object.entries(SOURCES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const bundle = await rollup({
    input: { 'fm-widgets': join(root, 'src/index.ts') },
    preserveEntrySignatures: config.preserveEntrySignatures,
    plugins: [
      preloadTable(),
      stableLoader(),
      manifest({ root, css: ['fm-widgets.css'], loader: 'fm-widgets.js' }),
    ],
  });
  const { output: files } = await bundle.generate({
    format: 'es',
    entryFileNames: output.entryFileNames,
    chunkFileNames: output.chunkFileNames,
    hoistTransitiveImports: output.hoistTransitiveImports,
  });
  await bundle.close();
  const asset = files.find((file) => file.fileName === 'manifest.json');
  if (asset?.type !== 'asset') throw new Error('no manifest.json in the bundle');
  built = JSON.parse(String(asset.source));
  const entry = files.find((file) => file.type === 'chunk' && file.isEntry);
  loader = entry?.type === 'chunk' ? entry.code : '';
  const stub = files.find((file) => file.fileName === 'fm-widgets.js');
  stable = stub?.type === 'asset' ? String(stub.source) : '';
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('dist/manifest.json', () => {
  it('gives dist/fm-widgets.js as the entry, under the source key, importing the hashed loader', () => {
    const loaderKey = built['src/index.ts']?.imports?.[0] ?? '';
    expect(built['src/index.ts']).toEqual({
      file: 'fm-widgets.js',
      name: 'fm-widgets',
      src: 'src/index.ts',
      isEntry: true,
      imports: [expect.stringMatching(/^_fm-widgets-[\w-]+\.js$/)],
      css: ['fm-widgets.css'],
    });
    expect(built[loaderKey]).toEqual({
      file: `chunks/${loaderKey.slice(1)}`,
      name: 'fm-widgets',
      dynamicImports: ['widgets/tile/index.ts', 'widgets/table/index.ts'],
    });
    // What dist/fm-widgets.js holds: the hashed loader, started.
    expect(stable).toBe(`import{start}from"./chunks/${loaderKey.slice(1)}";start();\n`);
  });

  it("names each widget's chunk after its tag and lists its static imports by key", () => {
    const tile = built['widgets/tile/index.ts'];
    expect(tile).toEqual({
      file: expect.stringMatching(/^chunks\/fm-tile-[\w-]+\.js$/),
      name: 'fm-tile',
      src: 'widgets/tile/index.ts',
      isDynamicEntry: true,
      imports: [expect.stringMatching(/^_api-[\w-]+\.js$/)],
      css: ['fm-widgets.css'],
    });
    expect(built['widgets/table/index.ts']?.imports).toEqual(tile?.imports);
  });

  it('keys a shared chunk as `_` and its file name; a module the loader has stays in the loader', () => {
    const api = built['widgets/tile/index.ts']?.imports?.[0] ?? '';
    expect(built[api]).toEqual({
      file: `chunks/${api.slice(1)}`,
      name: 'api',
      imports: built['src/index.ts']?.imports,
    });
    expect(Object.keys(built)).toHaveLength(5);
  });
});

describe('the preload table in the loader', () => {
  it('lists, per import of the loader in order, every file its chunk imports but the loader, with the final hashes', () => {
    const written = loader.match(/console\.log\(config, (\{.*\})\);/)?.[1];
    const table = JSON.parse(written ?? 'null') as { files: string[]; tags: string[] };
    const api = built[built['widgets/tile/index.ts']?.imports?.[0] ?? ''];
    // fm-tile, then fm-table, as the registry lists them; each needs file 0, the shared api.
    expect(table).toEqual({ files: [api?.file.replace('chunks/', '')], tags: ['0', '0'] });
    // Relative to the loader, which is in chunks/ too.
    expect(table.files[0]).toMatch(/^api-[\w-]+\.js$/);
    expect(loader).not.toContain('__FM_PRELOADS__');
  });

  it('fails the build when the loader imports something else than a widget: the table would not line up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fm-preload-'));
    try {
      writeFileSync(
        join(dir, 'index.ts'),
        "import('./late.ts').then((m) => console.log(m.late));\nconsole.log(__FM_PRELOADS__);\n",
      );
      writeFileSync(join(dir, 'late.ts'), "console.log('late');\nexport const late = 1;\n");
      const bundle = await rollup({ input: join(dir, 'index.ts'), plugins: [preloadTable()] });
      await expect(bundle.generate({ format: 'es' })).rejects.toThrow(
        /index\.js imports \.\/late-.+\.js, which is not a widget's chunk/,
      );
      await bundle.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives a part of the loader it imports lazily (the link bridge, in a frame) no row: the rows still line up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fm-preload-'));
    const sources: Record<string, string> = {
      'src/index.ts':
        "import('./loader/late.ts').then((m) => m.late());\n" +
        "window.tags = { 'fm-tile': () => import('../widgets/tile/index.ts') };\n" +
        'console.log(__FM_PRELOADS__);\n',
      'src/loader/late.ts': "export const late = () => console.log('late');\n",
      'src/api.ts': "export const get = () => fetch('/tile');\n",
      'widgets/tile/index.ts':
        "import { get } from '../../src/api.ts';\nexport const tile = get;\n",
    };
    try {
      for (const [path, source] of Object.entries(sources)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), source);
      }
      const bundle = await rollup({
        input: join(dir, 'src/index.ts'),
        plugins: [preloadTable()],
      });
      // The shared module a file of its own, as the runtime is: the tile's one row lists it.
      const { output: files } = await bundle.generate({
        format: 'es',
        manualChunks: (id) => (id.endsWith('api.ts') ? 'api' : undefined),
      });
      await bundle.close();
      const entry = files.find((file) => file.type === 'chunk' && file.isEntry);
      const code = entry?.type === 'chunk' ? entry.code : '';
      const table = JSON.parse(code.match(/console\.log\((\{.*\})\);/)?.[1] ?? 'null');
      expect(table).toEqual({ files: [expect.stringMatching(/^api-.+\.js$/)], tags: ['0'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails the build when the loader does not read the table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fm-preload-'));
    try {
      writeFileSync(join(dir, 'index.ts'), "console.log('no table');\n");
      const bundle = await rollup({ input: join(dir, 'index.ts'), plugins: [preloadTable()] });
      await expect(bundle.generate({ format: 'es' })).rejects.toThrow(
        'index.js does not read __FM_PRELOADS__',
      );
      await bundle.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
