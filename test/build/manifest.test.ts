import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type OutputOptions, rollup } from 'rollup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../../rollup.config.mjs';
import { type Manifest, manifest } from '../../scripts/bundle-manifest.mjs';

// A bundle shaped like ours: a loader that imports two widgets lazily; both widgets share a module
// with each other and one with the loader. (Plain JS in .ts files: no TypeScript plugin needed.)
const SOURCES: Record<string, string> = {
  'src/index.ts':
    "import { config } from './config.ts';\n" +
    "window.tags = { 'fm-tile': () => import('../widgets/tile/index.ts'), 'fm-table': () => import('../widgets/table/index.ts') };\n" +
    'console.log(config);\n',
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

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fm-manifest-'));
  for (const [path, source] of Object.entries(SOURCES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const bundle = await rollup({
    input: join(root, 'src/index.ts'),
    plugins: [manifest({ root, css: ['fm-widgets.css'] })],
  });
  const { output: files } = await bundle.generate({
    format: 'es',
    entryFileNames: output.entryFileNames,
    chunkFileNames: output.chunkFileNames,
  });
  await bundle.close();
  const asset = files.find((file) => file.fileName === 'manifest.json');
  if (asset?.type !== 'asset') throw new Error('no manifest.json in the bundle');
  built = JSON.parse(String(asset.source));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('dist/manifest.json', () => {
  it('keys the loader by its source path and marks it as the entry, with the stylesheet', () => {
    expect(built['src/index.ts']).toEqual({
      file: 'fm-widgets.js',
      name: 'fm-widgets',
      src: 'src/index.ts',
      isEntry: true,
      dynamicImports: ['widgets/tile/index.ts', 'widgets/table/index.ts'],
      css: ['fm-widgets.css'],
    });
  });

  it("names each widget's chunk after its tag and lists its static imports by key", () => {
    const tile = built['widgets/tile/index.ts'];
    expect(tile).toEqual({
      file: expect.stringMatching(/^chunks\/fm-tile-[\w-]+\.js$/),
      name: 'fm-tile',
      src: 'widgets/tile/index.ts',
      isDynamicEntry: true,
      imports: [expect.stringMatching(/^_api-[\w-]+\.js$/), 'src/index.ts'],
      css: ['fm-widgets.css'],
    });
    expect(built['widgets/table/index.ts']?.imports).toEqual(tile?.imports);
  });

  it('keys a shared chunk as `_` and its file name; a module the loader has stays in the loader', () => {
    const api = built['widgets/tile/index.ts']?.imports?.[0] ?? '';
    expect(built[api]).toEqual({
      file: `chunks/${api.slice(1)}`,
      name: 'api',
      imports: ['src/index.ts'],
    });
    expect(Object.keys(built)).toHaveLength(4);
  });
});
