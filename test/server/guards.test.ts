import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_PATH_LENGTH } from '../../demo/server/guards';
import { createHost, errorOf, type Host, TOKEN } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

/** A request with the CSRF pair, so that what is tested is the guard, not the token. */
const send = (method: string, path: string, body?: string) =>
  host.request(path, {
    method,
    headers: {
      cookie: `csrfToken=${TOKEN}`,
      'X-CSRF-Token': TOKEN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  });

describe('bad input is refused with a 4xx, never a 500', () => {
  it.each([
    '/dist/%',
    '/dist/%E0%A4%A',
    '/demo-assets/%',
    '/demo-assets/%E0%A4%A',
    '/uploads/%',
    '/uploads/%E0%A4%A',
    '/api/site_times/index/%ZZ',
    '/engineer/jobs/%C0',
  ])('GET %s (malformed percent-encoding): 400', async (path) => {
    expect(await errorOf(await host.get(path), 400)).toBe(
      'The path is not percent-encoded properly',
    );
  });

  it('an over-long path: 414; one just inside the limit: 404', async () => {
    const long = `/dashboard/${'a'.repeat(MAX_PATH_LENGTH)}`;
    expect(await errorOf(await host.get(long), 414)).toMatch(/longer than 2048/);
    const inside = `/api/${'a'.repeat(MAX_PATH_LENGTH - 5)}`;
    expect((await host.get(inside)).status).toBe(404);
  });

  it('a method the path does not answer: 405 with Allow', async () => {
    const cases: [string, string, string][] = [
      ['POST', '/dashboard', 'GET, HEAD'],
      ['PUT', '/api/site_times/save', 'POST'],
      ['DELETE', '/api/jobs/update/1001', 'POST'],
      ['PATCH', '/api/costs/index/1001', 'GET, HEAD'],
      ['POST', '/dist/fm-widgets.js', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await send(method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
    }
    expect((await send('POST', '/no/such/page')).status).toBe(404);
    expect((await host.get('/dist/nope.js')).status).toBe(404);
  });

  it('a body over the limit: 413, and nothing stored', async () => {
    const before = host.snapshot();
    const note = 'x'.repeat(5 * 1024 * 1024);
    const response = await send(
      'POST',
      '/api/site_times/save',
      JSON.stringify({
        id: null,
        job_id: 1004,
        geo: { lat: 53.796, long: -1.547, accuracy: 5 },
        action: 'remotefix',
        note,
      }),
    );
    expect(await errorOf(response, 413)).toBe(
      `The request body is larger than ${MAX_BODY_BYTES} bytes`,
    );
    expect(host.snapshot()).toBe(before);
  });

  it('a photo may be as large as the configured upload size; one far larger: 413', async () => {
    const photo = (bytes: number) => {
      const form = new FormData();
      form.set('job_id', '1001');
      form.set('site_id', '1');
      form.set('file', new File([new Uint8Array(bytes)], 'p.jpg', { type: 'image/jpeg' }));
      return host.post('/api/photos/upload', form, { as: 'multipart' });
    };
    // Over the 1 MB of other bodies, under the 5 MB upload setting: the handler judges it.
    expect((await photo(2 * 1024 * 1024)).status).not.toBe(413);
    expect((await photo(7 * 1024 * 1024)).status).toBe(413);
  });
});
