import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../scripts/bundle-manifest.mjs';
import { createHost, type Host } from './host';

const CSS = ['fm-widgets.css'];
const MANIFEST: Manifest = {
  'src/index.ts': {
    file: 'fm-widgets.js',
    name: 'fm-widgets',
    src: 'src/index.ts',
    isEntry: true,
    imports: ['_fm-widgets-L1.js'],
    css: CSS,
  },
  '_fm-widgets-L1.js': { file: 'chunks/fm-widgets-L1.js', name: 'fm-widgets' },
  'widgets/dashboard-tile/index.ts': {
    file: 'chunks/fm-dashboard-tile-T1.js',
    name: 'fm-dashboard-tile',
    src: 'widgets/dashboard-tile/index.ts',
    isDynamicEntry: true,
    imports: ['_api-A1.js', '_fm-widgets-L1.js'],
    css: CSS,
  },
  'widgets/nav/index.ts': {
    file: 'chunks/fm-nav-N1.js',
    name: 'fm-nav',
    src: 'widgets/nav/index.ts',
    isDynamicEntry: true,
    imports: ['_react-R1.js'],
    css: CSS,
  },
  'widgets/data-table/index.ts': {
    file: 'chunks/fm-data-table-D1.js',
    name: 'fm-data-table',
    src: 'widgets/data-table/index.ts',
    isDynamicEntry: true,
    imports: ['_Table-X1.js', '_react-R1.js'],
    css: CSS,
  },
  '_api-A1.js': { file: 'chunks/api-A1.js', name: 'api', imports: ['_react-R1.js'] },
  '_react-R1.js': { file: 'chunks/react-R1.js', name: 'react', imports: ['_fm-widgets-L1.js'] },
  '_Table-X1.js': { file: 'chunks/Table-X1.js', name: 'Table' },
};

let host: Host;
let distDir: string;

beforeAll(() => {
  distDir = mkdtempSync(join(tmpdir(), 'fm-dist-'));
  writeFileSync(join(distDir, 'manifest.json'), JSON.stringify(MANIFEST));
  host = createHost({ distDir });
});
afterAll(() => {
  host.close();
  rmSync(distDir, { recursive: true, force: true });
});

const preloadsOf = async (path: string) => {
  const page = await (await host.get(path)).text();
  const head = page.slice(0, page.indexOf('</head>'));
  return [...head.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);
};

describe('modulepreload links from dist/manifest.json', () => {
  it("preload every file of the page's tags, each once, in the head", async () => {
    // /dashboard renders fm-dashboard-tile (and fm-nav, as every page does). The loaders are
    // scripts of the page, below.
    expect(await preloadsOf('/dashboard')).toEqual([
      '/dist/chunks/fm-nav-N1.js',
      '/dist/chunks/react-R1.js',
      '/dist/chunks/fm-dashboard-tile-T1.js',
      '/dist/chunks/api-A1.js',
    ]);
  });

  it('follow dist/fm-widgets.js with the hashed loader it imports, started at once', async () => {
    const page = await (await host.get('/dashboard')).text();
    const head = page.slice(0, page.indexOf('</head>'));
    const scripts = [...head.matchAll(/<script type="module"[^>]*><\/script>/g)].map((m) => m[0]);
    expect(scripts).toEqual([
      '<script type="module" src="/dist/fm-widgets.js"></script>',
      '<script type="module" async src="/dist/chunks/fm-widgets-L1.js"></script>',
    ]);
    // After the page configuration, which the early loader reads as it starts.
    expect(head.indexOf('id="fm-config"')).toBeLessThan(head.indexOf(scripts[1] ?? '?'));
  });

  it('leave out the files of tags the page does not render', async () => {
    const tags = await preloadsOf('/client/jobs');
    expect(tags).toContain('/dist/chunks/Table-X1.js');
    expect(await preloadsOf('/dashboard')).not.toContain('/dist/chunks/Table-X1.js');
  });

  it('are left out when the bundle has no manifest', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'fm-dist-'));
    const bare = createHost({ distDir: empty });
    try {
      const page = await (await bare.get('/dashboard')).text();
      expect(page).not.toContain('modulepreload');
      expect(page).not.toContain('async');
      expect(page).toContain('<script type="module" src="/dist/fm-widgets.js"></script>');
    } finally {
      bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('data preloads', () => {
  /** The data preloads in the head of the page at `path`. */
  const dataPreloadsOf = async (path: string) => {
    const page = await (await host.get(path)).text();
    const head = page.slice(0, page.indexOf('</head>'));
    return [...head.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g)].map(
      (match) => match[1] ?? '',
    );
  };

  it("ask for each element's first call with a mark of this page's own", async () => {
    const first = await dataPreloadsOf('/dashboard');
    expect(first.map((url) => url.replace(/\?fm_preload=[\w-]{12}$/, ''))).toEqual([
      '/dashboards/fetch/1',
      '/dashboards/fetch/2',
      '/dashboards/fetch/3',
      '/dashboards/fetch/4',
    ]);
    const mark = (url: string | undefined) => new URL(url ?? '', 'http://host').search;
    // One mark for the page, another for the next page: a reload never meets an answer kept before.
    expect(new Set(first.map(mark)).size).toBe(1);
    const again = await dataPreloadsOf('/dashboard');
    expect(mark(again[0])).not.toBe(mark(first[0]));
    expect(await dataPreloadsOf('/engineer/jobs/1004')).toEqual([
      expect.stringMatching(/^\/api\/site_times\/index\/1004\?fm_preload=[\w-]{12}$/),
    ]);
  });

  it('let the browser keep a marked answer a minute, and no other', async () => {
    const [marked = ''] = await dataPreloadsOf('/dashboard');
    const kept = await host.get(marked);
    expect(kept.status).toBe(200);
    expect(kept.headers.get('cache-control')).toBe('private, max-age=60');
    expect(await kept.json()).toMatchObject({ title: 'Jobs awaiting release' });
    expect((await host.get('/dashboards/fetch/1')).headers.get('cache-control')).toBeNull();
    // A failure is never kept, marked or not.
    const missing = await host.get('/dashboards/fetch/99?fm_preload=abcdefghijkl');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBeNull();
  });
});
