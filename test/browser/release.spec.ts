// The release as an integrator gets it: `npm run release`'s tarball installed into an empty
// project, a TypeScript host type-checked against its types, and a page served from the installed
// files alone that renders a tile against the reference host.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserAvailable, consoleErrors, storedRow, useBrowser } from './harness';
import { readmeSnippets } from './readme-snippets';

const repo = process.cwd();
const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  version: string;
};

/** The host files: two tags, a property, an event, and the page configuration. */
const HOST_FILES = {
  'host.ts': `import type { FmPageConfig } from 'fm-portal-widgets';

export const config: FmPageConfig = { timeout: 5000, disableApprovals: true, geoUnit: 'K' };
export const tileId: number | undefined = document.querySelector('fm-dashboard-tile')?.tileId;
document.querySelector('fm-cost-approval')?.addEventListener('fm-job-released', (event) => {
  const released: number = event.detail.releasedJobId;
  console.log(released);
});
`,
  'page.tsx': `import type {} from 'fm-portal-widgets/react';

export const Tile = () => <fm-dashboard-tile data-tile-id="3" />;
export const Approval = () => <fm-cost-approval data-job-id={1001} data-disable-approvals />;
`,
  // Every line is a mistake the types must catch.
  'mistakes.tsx': `export const property = document.createElement('fm-dashbord-tile').tileId;
export const Tag = () => <fm-dashbord-tile data-tile-id="3" />;
document.addEventListener('fm-job-released', (event) => event.detail.releasedJobID);
export const config: import('fm-portal-widgets').FmPageConfig = { timout: 5000 };
`,
};

/** README's TypeScript examples, type-checked as host files too. */
const README_FILES = Object.fromEntries(
  readmeSnippets()
    .filter((snippet) => snippet.info === 'ts')
    .map((snippet) => [
      `${snippet.where.replace(/[/.:]/g, '-')}.ts`,
      `${snippet.code}\nexport {};\n`,
    ]),
);

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2023', 'DOM'],
    jsx: 'react-jsx',
    noEmit: true,
    types: [],
  },
  include: [...Object.keys(HOST_FILES), ...Object.keys(README_FILES)],
};

describe('the release tarball', () => {
  let scratch: string;
  let host: string;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'fm-release-'));
    execFileSync(process.execPath, ['scripts/release.mjs', '--out', scratch], { stdio: 'pipe' });
    host = join(scratch, 'host');
    mkdirSync(host);
    writeFileSync(join(host, 'package.json'), '{ "name": "host", "private": true }\n');
    execFileSync(
      'npm',
      [
        'install',
        join(scratch, `fm-portal-widgets-${version}.tgz`),
        '--offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
      ],
      { cwd: host, stdio: 'pipe' },
    );
  }, 120_000);

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('installs into an empty project with nothing besides it', () => {
    const modules = readdirSync(join(host, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(modules).toEqual(['fm-portal-widgets']);
    const installed = join(host, 'node_modules', 'fm-portal-widgets');
    for (const file of [
      'dist/fm-widgets.js',
      'dist/manifest.json',
      'dist/types/index.d.ts',
      // The PHP kit, where README "In a CakePHP page" says it is.
      'kit/php/FmWidgets.php',
      'kit/php/src/View/Helper/FmWidgetsHelper.php',
    ]) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
  });

  it("type-checks a host using its tags, a property and an event, and README's examples, and catches each mistake", () => {
    expect(Object.keys(README_FILES).length).toBeGreaterThan(0);
    for (const [name, text] of Object.entries({ ...HOST_FILES, ...README_FILES })) {
      writeFileSync(join(host, name), text);
    }
    writeFileSync(join(host, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    // React's types as a React host has them (they come with react there, not with us).
    mkdirSync(join(host, 'node_modules', '@types'));
    symlinkSync(
      join(repo, 'node_modules', '@types', 'react'),
      join(host, 'node_modules', '@types', 'react'),
    );

    const tsc = spawnSync(
      process.execPath,
      [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'],
      { cwd: host, encoding: 'utf8' },
    );
    const errors = tsc.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors.map((line) => line.replace(/,\d+\).*/, ')'))).toEqual([
      'mistakes.tsx(1)',
      'mistakes.tsx(2)',
      'mistakes.tsx(3)',
      'mistakes.tsx(4)',
    ]);
    expect(errors[0]).toContain("Property 'tileId' does not exist on type 'HTMLElement'");
    expect(errors[1]).toContain("Property 'fm-dashbord-tile' does not exist");
    expect(errors[2]).toContain("'releasedJobID' does not exist");
    expect(errors[3]).toContain("'timout' does not exist in type 'FmPageConfig'");
  }, 180_000); // tsc reads React's types too: seconds alone, minutes on a loaded machine

  describe.skipIf(!browserAvailable)('served from the installed package alone', () => {
    const browser = useBrowser();

    it('renders a tile against the reference host', async () => {
      const dist = join(host, 'node_modules', 'fm-portal-widgets', 'dist');
      const { page } = await browser.newPage();
      const errors = consoleErrors(page);
      const fromServer: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/dist/')) fromServer.push(request.url());
      });
      // The page and the installed dist/ at /installed/, on the reference host's origin.
      await page.route(`${baseUrl}/installed/**`, (route) => {
        const path = new URL(route.request().url()).pathname.slice('/installed/'.length);
        if (path === 'index.html') {
          return route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Installed</title>
<link rel="stylesheet" href="/installed/fm-widgets.css">
<script type="module" src="/installed/fm-widgets.js"></script>
</head><body><main><fm-dashboard-tile data-tile-id="1"></fm-dashboard-tile></main></body></html>`,
          });
        }
        const file = join(dist, normalize(path));
        if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
          return route.fulfill({ status: 404 });
        }
        return route.fulfill({ path: file });
      });

      await page.goto('/installed/index.html');
      const title = storedRow<{ title: string }>('SELECT title FROM dashboard_tiles WHERE id = 1');
      await expect.poll(() => page.locator('.fm-tile__title').textContent()).toBe(title?.title);
      await expect.poll(() => page.locator('.fm-tile__count').textContent()).toMatch(/^\d[\d,]*$/);
      expect(fromServer).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
