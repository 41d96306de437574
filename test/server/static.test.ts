import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, NO_CACHE } from '../../demo/server/static';
import { createHost, type Host } from './host';

let host: Host;
let distDir: string;
const LOADER = `export const tags = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `fm-tag-${i}`))};\n`;

beforeAll(() => {
  distDir = mkdtempSync(join(tmpdir(), 'fm-dist-'));
  mkdirSync(join(distDir, 'chunks'));
  writeFileSync(join(distDir, 'fm-widgets.js'), LOADER);
  writeFileSync(join(distDir, 'fm-widgets.css'), 'fm-dashboard-tile{display:block}\n');
  writeFileSync(join(distDir, 'fm-widgets.js.map'), '{"version":3,"sources":[]}');
  writeFileSync(join(distDir, 'chunks', 'dashboard-tile-3f9a1c.js'), 'export default 1;\n');
  host = createHost({ distDir });
});
afterAll(() => {
  host.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('static files under /dist', () => {
  it('gzips the loader for clients that accept it, with no-cache', async () => {
    const response = await host.get('/dist/fm-widgets.js', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe(NO_CACHE);
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

  it('caches hashed chunks for a year as immutable, the CSS with no-cache', async () => {
    const chunk = await host.get('/dist/chunks/dashboard-tile-3f9a1c.js');
    expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    const css = await host.get('/dist/fm-widgets.css', { 'accept-encoding': 'gzip' });
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe(NO_CACHE);
  });

  it('serves source maps as JSON', async () => {
    const map = await host.get('/dist/fm-widgets.js.map');
    expect(map.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await host.get('/dist/fm-widgets.css');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await host.get('/dist/fm-widgets.css', { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('answers 404 for missing files and paths outside dist', async () => {
    expect((await host.get('/dist/nope.js')).status).toBe(404);
    expect((await host.get('/dist/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await host.get('/dist/chunks')).status).toBe(404);
  });
});

describe('the demo stylesheet', () => {
  it('is served from /demo-assets', async () => {
    const response = await host.get('/demo-assets/host.css');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await response.text()).toContain('.btn-primary');
  });
});
