import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHost, type Host } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

describe('/documentation/view/{siteId}/{n}', () => {
  it('opens a document of a site, linked back to that site’s documentation', async () => {
    const site = host.db.prepare('SELECT id, name FROM sites WHERE id = 1').get() as {
      id: number;
      name: string;
    };
    const response = await host.get('/documentation/view/1/2');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('<h1>Fire risk assessment</h1>');
    expect(text).toContain(
      `<a href="/documentation/site_id:1">← Documentation of ${site.name}</a>`,
    );
  });

  it('answers 404 for an unknown site or document, not the site chooser', async () => {
    expect((await host.get('/documentation/view/999/1')).status).toBe(404);
    expect((await host.get('/documentation/view/1/9')).status).toBe(404);
  });

  it('is where every document link of a site’s documentation leads', async () => {
    const text = await (await host.get('/documentation/site_id:1')).text();
    const hrefs = [...text.matchAll(/href="(\/documentation\/view\/[^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect((await host.get(href ?? '')).status).toBe(200);
  });
});

describe('/jobs/view/{jobId}', () => {
  it('takes a job link built outside the portals to the job view', async () => {
    const response = await host.get('/jobs/view/1003');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/client/jobs/view/1003');
  });
});
