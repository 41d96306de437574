import { afterEach, describe, expect, it } from 'vitest';
import { parseBootstrapArgument } from '../../demo/server/bootstrap';
import { CONTENT_SECURITY_POLICY } from '../../demo/server/csp';
import { createHost, type Host } from './host';

const STYLESHEETS = /<link rel="stylesheet" href="([^"]+)">/g;
const stylesheetsOf = (page: string) => [...page.matchAll(STYLESHEETS)].map((match) => match[1]);

describe('the host under a real Bootstrap (--bootstrap=3|4|5)', () => {
  let host: Host;
  afterEach(() => host.close());

  it.each([
    [3, '3.4.1'],
    [4, '4.6.2'],
    [5, '5.3.'],
  ] as const)(
    'Bootstrap %i: its CSS and the host layout sheet instead of host.css, served here',
    async (version, number) => {
      host = createHost({ bootstrap: version });
      const page = await (await host.get('/engineer/jobs/1004')).text();
      expect(page).toContain(`<html lang="en-GB" data-bootstrap="${version}">`);
      const sheets = stylesheetsOf(page);
      expect(sheets).toHaveLength(3);
      expect(sheets[0]).toMatch(
        new RegExp(
          `^/vendor/bootstrap${version}/css/bootstrap\\.min\\.css\\?v=${number.replace(/\./g, '\\.')}`,
        ),
      );
      expect(sheets[1]).toMatch(/^\/demo-assets\/host-bootstrap\.css\?v=[0-9a-f]{10}$/);
      expect(sheets[2]).toBe('/dist/fm-widgets.css');

      const css = await host.get(sheets[0] ?? '');
      expect(css.status).toBe(200);
      expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
      expect(css.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      // Its licence comment names the version (5.3.9 writes 'Bootstrap  v5.3.9'); the text is long.
      const banner = (await css.text()).slice(0, 200);
      expect(banner).toMatch(new RegExp(`Bootstrap +v${number.replace(/\./g, '\\.')}`));
      expect((await host.get(sheets[1] ?? '')).status).toBe(200);
      // Only the CSS: no script of Bootstrap's is served.
      expect((await host.get(`/vendor/bootstrap${version}/js/bootstrap.min.js`)).status).toBe(404);
    },
  );

  it('without the switch: host.css only, as before, and no Bootstrap served', async () => {
    host = createHost();
    const page = await (await host.get('/engineer/jobs/1004')).text();
    expect(page).toContain('<html lang="en-GB">\n');
    expect(stylesheetsOf(page)).toEqual([
      expect.stringMatching(/^\/demo-assets\/host\.css\?v=[0-9a-f]{10}$/),
      '/dist/fm-widgets.css',
    ]);
    expect((await host.get('/vendor/bootstrap3/css/bootstrap.min.css')).status).toBe(404);
  });

  it.each([
    { sheet: 'its own host.css', version: undefined, offered: true },
    { sheet: 'Bootstrap 3', version: 3, offered: false },
    { sheet: 'Bootstrap 4', version: 4, offered: false },
    { sheet: 'Bootstrap 5', version: 5, offered: true },
  ] as const)(
    'under $sheet, the colour mode switch and its script are offered: $offered (3 and 4 have no dark mode)',
    async ({ version, offered }) => {
      host = createHost(version ? { bootstrap: version } : {});
      const page = await (await host.get('/dashboard')).text();
      expect(page.includes('<select id="color-mode">')).toBe(offered);
      expect(
        /<script src="\/demo-assets\/color-mode\.js\?v=[0-9a-f]{10}"><\/script>/.test(page),
      ).toBe(offered);
    },
  );

  it('reads --bootstrap=N from the arguments, and refuses a version it has not', () => {
    expect(parseBootstrapArgument(['--test-mode'])).toBeUndefined();
    expect(parseBootstrapArgument(['--reset', '--bootstrap=3'])).toBe(3);
    expect(parseBootstrapArgument(['--bootstrap=4', '--bootstrap=5'])).toBe(5);
    expect(() => parseBootstrapArgument(['--bootstrap=2'])).toThrow(/one of 3, 4, 5/);
    expect(() => parseBootstrapArgument(['--bootstrap'])).toThrow(/one of 3, 4, 5/);
  });
});
