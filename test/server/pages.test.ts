import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHost, errorOf, type Host, TOKEN } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

/** DESIGN §4: every tag. */
const TAGS = [
  'fm-cost-approval',
  'fm-alternative-quote',
  'fm-linking-table',
  'fm-asset-category-linking',
  'fm-data-table',
  'fm-budget-spend',
  'fm-budget-records',
  'fm-compliance',
  'fm-dashboard-tile',
  'fm-engineer-job',
  'fm-site-time-form',
  'fm-password-form',
  'fm-cost-form',
  'fm-user-form',
  'fm-upload',
  'fm-nav',
  'fm-autocomplete',
  'fm-date-input',
  'fm-site-switcher',
  'fm-flash',
  'fm-report',
];

async function page(path: string, status = 200): Promise<string> {
  const response = await host.get(path);
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

function config(markup: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="fm-config">(.*?)<\/script>/s.exec(markup)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json ?? '{}') as Record<string, unknown>;
}

describe('host page shape', () => {
  for (const path of [
    '/',
    '/dashboard',
    '/portal',
    '/client/jobs/view/1001',
    '/contractor/jobs/view/1004',
  ]) {
    it(`${path} has the CakePHP layout head, landmarks and page configuration`, async () => {
      const markup = await page(path);
      expect(markup).toMatch(/^<!DOCTYPE html>\n<html lang="en-GB">/);
      expect(markup).toMatch(/<title>[^<]+<\/title>/);
      expect(markup).toContain(`<meta name="csrf-token" content="${TOKEN}">`);
      expect(markup).toContain('<link rel="stylesheet" href="/dist/fm-widgets.css">');
      expect(markup).toContain('<script type="module" src="/dist/fm-widgets.js"></script>');
      for (const landmark of ['<header', '<nav aria-label="Main"', '<main'])
        expect(markup).toContain(landmark);
      expect(config(markup)).toMatchObject({
        apiBase: '',
        parentOrigin: 'http://127.0.0.1:8080',
        validateClientReference2: true,
        releasePriorities: [1, 2, 3],
        disableApprovals: false,
        geoCheck: true,
        uploadAcceptedFiles: 'image/*,.pdf',
      });
    });
  }

  it('builds #fm-config from the settings', async () => {
    host.close();
    host = createHost({ settings: { validateClientReference2: false, releasePriorities: [1] } });
    expect(config(await page('/dashboard'))).toMatchObject({
      validateClientReference2: false,
      releasePriorities: [1],
    });
    host.db.prepare("UPDATE settings SET value = 'true' WHERE key = 'disableApprovals'").run();
    expect(config(await page('/dashboard')).disableApprovals).toBe(true);
  });
});

describe('pages', () => {
  it('the gallery lists every element and links only to pages that exist', async () => {
    const markup = await page('/');
    for (const tag of TAGS) expect(markup).toContain(`&lt;${tag}&gt;`);
    expect(markup).toContain('href="/dashboard"');
    expect(markup).toContain('href="/client/jobs/view/1001"');
    expect(markup).toContain('href="/analytics"');
    // Every page the gallery links to is served.
    for (const [, path] of markup.matchAll(/href="(\/[^"#]*)"/g)) {
      if (path && !path.startsWith('/dist/') && !path.startsWith('/demo-assets/')) await page(path);
    }
  });

  it('the dashboard holds tiles 1–4', async () => {
    const markup = await page('/dashboard');
    for (const id of [1, 2, 3, 4])
      expect(markup).toContain(`<fm-dashboard-tile data-tile-id="${id}"></fm-dashboard-tile>`);
  });

  it('the portal frames a client page and lists posted links from its own origin only', async () => {
    const markup = await page('/portal');
    expect(markup).toMatch(
      /<iframe[^>]*src="\/client\/jobs\/view\/1001"[^>]*allow="geolocation"[^>]*title="[^"]+"/,
    );
    expect(markup).toContain(
      '<ol id="posted-links" aria-live="polite" data-origin="http://127.0.0.1:8080">',
    );
    expect(markup).toContain('event.origin !== expectedOrigin');
    expect(markup).toContain("data.type !== 'fm:navigate'");
    expect(markup).toContain('textContent');
    expect(markup).not.toContain('innerHTML');
  });

  it('the job view shows the job from the database with its links', async () => {
    const markup = await page('/client/jobs/view/1001');
    expect(markup).toContain('Air handling unit tripping on high pressure');
    expect(markup).toContain('Leeds Briggate (BR-0101)');
    expect(markup).toContain('href="/jobs/edit/1001"');
    expect(markup).toContain('href="/sites/index/search:Leeds%20Briggate"');
    expect(markup).toMatch(/<a class="[^"]*\bconfirm\b[^"]*" href="\/jobs\/delete\/1001">/);
    const contractor = await page('/contractor/jobs/view/1004');
    expect(contractor).toContain('Northern Mechanical Ltd');
    expect(contractor).toContain('href="/users/index/role:contractor"');
  });

  it('escapes text from the database', async () => {
    host.db
      .prepare(`UPDATE jobs SET description = '<img src=x onerror="alert(1)">' WHERE id = 1001`)
      .run();
    const markup = await page('/client/jobs/view/1001');
    expect(markup).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(markup).not.toContain('<img src=x');
  });

  it('answers a 404 page for unknown jobs and routes, and 404 JSON under /api', async () => {
    expect(await page('/client/jobs/view/99999', 404)).toContain('Page not found');
    expect(await page('/no/such/page', 404)).toContain('<code>/no/such/page</code>');
    expect(await errorOf(await host.get('/api/no/such/call'), 404)).toMatch(
      /\/api\/no\/such\/call/,
    );
  });
});
