import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetVersion } from '../../demo/pages/host-assets';
import { IMMUTABLE, REVALIDATE } from '../../demo/server/static';
import { createHost, type Host } from './host';

let host: Host;
let distDir: string;
const LOADER = `export const tags = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `fm-tag-${i}`))};\n`;
const CHUNK = 'chunks/fm-dashboard-tile-3f9a1c.js';

beforeAll(() => {
  distDir = mkdtempSync(join(tmpdir(), 'fm-dist-'));
  mkdirSync(join(distDir, 'chunks'));
  writeFileSync(join(distDir, 'fm-widgets.js'), LOADER);
  writeFileSync(join(distDir, 'fm-widgets.css'), 'fm-dashboard-tile{display:block}\n');
  writeFileSync(join(distDir, 'fm-widgets.js.map'), '{"version":3,"sources":[]}');
  writeFileSync(join(distDir, CHUNK), 'export default 1;\n');
  host = createHost({ distDir });
});
afterAll(() => {
  host.close();
  rmSync(distDir, { recursive: true, force: true });
});

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

describe('the bundle under /dist, served as a CDN would', () => {
  it('gzips the loader for clients that accept it, to be revalidated each time', async () => {
    const response = await host.get('/dist/fm-widgets.js', GZIP);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+"$/);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(LOADER.length);
    expect(gunzipSync(body).toString()).toBe(LOADER);
  });

  it('sends it uncompressed otherwise (no header, or gzip;q=0)', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip;q=0, br' }] as Record<string, string>[]) {
      const response = await host.get('/dist/fm-widgets.js', headers);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(await response.text()).toBe(LOADER);
    }
  });

  it('lets browsers keep hashed chunks for a year without asking again', async () => {
    const chunk = await host.get(`/dist/${CHUNK}`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it('answers 304 with no body when the loader or the stylesheet has not changed, 200 once it has', async () => {
    for (const path of ['/dist/fm-widgets.js', '/dist/fm-widgets.css']) {
      const first = await host.get(path, GZIP);
      const etag = first.headers.get('etag') ?? '';
      expect(etag).not.toBe('');
      expect(first.headers.get('cache-control')).toBe(REVALIDATE);

      const again = await host.get(path, { ...GZIP, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('cache-control')).toBe(REVALIDATE);
    }

    const before = await host.get('/dist/fm-widgets.css');
    writeFileSync(join(distDir, 'fm-widgets.css'), 'fm-dashboard-tile{display:grid}\n');
    const changed = await host.get('/dist/fm-widgets.css', {
      'if-none-match': before.headers.get('etag') ?? '',
    });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe('fm-dashboard-tile{display:grid}\n');
  });

  it("points DevTools at a script's source map with a SourceMap header, when it has one", async () => {
    const loader = await host.get('/dist/fm-widgets.js');
    expect(loader.headers.get('sourcemap')).toBe('fm-widgets.js.map');
    expect(await loader.text()).not.toContain('sourceMappingURL');
    const chunk = await host.get(`/dist/${CHUNK}`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('sourcemap')).toBeNull();
    expect((await host.get('/dist/fm-widgets.css')).headers.get('sourcemap')).toBeNull();
  });

  it('serves the stylesheet as CSS and source maps as JSON', async () => {
    const css = await host.get('/dist/fm-widgets.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const map = await host.get('/dist/fm-widgets.js.map');
    expect(map.headers.get('content-type')).toBe('application/json');
  });

  it('answers 404 for missing files and paths outside dist', async () => {
    expect((await host.get('/dist/nope.js')).status).toBe(404);
    expect((await host.get('/dist/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await host.get('/dist/../package.json')).status).toBe(404);
    expect((await host.get('/dist/chunks')).status).toBe(404);
  });
});

describe('compression of the pages and the API', () => {
  it('gzips a page and a JSON answer for a client that accepts it', async () => {
    for (const path of ['/dashboard', '/api/costs/index/1001']) {
      const response = await host.get(path, GZIP);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBe('gzip');
      expect(gunzipSync(Buffer.from(await response.arrayBuffer())).length).toBeGreaterThan(0);
    }
  });
});

describe("the host's own files (its stylesheet, its page scripts)", () => {
  it('are linked with the version of their content and then cached for good', async () => {
    const page = await (await host.get('/dashboard')).text();
    const href = /<link rel="stylesheet" href="(\/demo-assets\/host\.css\?v=([0-9a-f]{10}))">/.exec(
      page,
    );
    expect(href?.[2]).toBe(assetVersion('host.css'));
    const response = await host.get(href?.[1] ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await response.text()).toContain('.btn-primary');
  });

  it('revalidate when asked for without a version, or with one that is not the current', async () => {
    for (const path of [
      '/demo-assets/host.css',
      '/demo-assets/host.css?v=0000000000',
      '/demo-assets/host.css?v=',
    ]) {
      const response = await host.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(REVALIDATE);
    }
  });

  it('have no version when there is no such file, or the name is not a plain file name', () => {
    expect(assetVersion('host.css')).toMatch(/^[0-9a-f]{10}$/);
    expect(assetVersion('missing.css')).toBe('');
    expect(assetVersion('../assets/host.css')).toBe('');
    expect(assetVersion('.hidden')).toBe('');
  });
});
