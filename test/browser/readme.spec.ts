// The examples of README.md and docs/ run: every HTML snippet is loaded in Chromium against the reference host,
// and every PHP snippet is run through PHP (the CakePHP ones on stand-ins for CakePHP's classes,
// readme-cakephp.php) and the page it prints is loaded too. Each page must log no error and each
// of its fm-* elements must settle with content. A snippet that drifts from the code fails here.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  allSettled,
  baseUrl,
  browserAvailable,
  consoleErrors,
  elementStates,
  PHP_PATH,
  phpInstalled,
  useBrowser,
} from './harness';
import { readmeSnippets, type Snippet } from './readme-snippets';

const snippets = readmeSnippets();
const htmlPages = snippets.filter((snippet) => snippet.info === 'html');
const phpSnippets = snippets.filter((snippet) => snippet.info === 'php');

/** The one PHP a host page snippet may hold: the request's CSRF token, printed by CakePHP. */
const CSRF_ECHO = "<?= $this->request->getAttribute('csrfToken') ?>";

/** What README's CakePHP snippets are, by what each calls (readme-cakephp.php runs them so). */
const CAKEPHP_ROLES: [file: string, calls: string][] = [
  ['initialize.php', '$this->loadHelper('],
  ['layout.php', '$this->FmWidgets->head('],
  ['flash.php', "element('fm-flash'"],
  ['template.php', '$this->FmWidgets->element('],
];
const preloadsSnippet = phpSnippets.find((snippet) => snippet.code.includes('function fmScripts'));
const cakeSnippets = phpSnippets.filter((snippet) => snippet !== preloadsSnippet);

/** `<!doctype html>` around a snippet of `<head>` and `<body>`, or of a head's tags alone. */
function htmlDocument(html: string): string {
  const full = html.includes('<head>') ? html : `<head>\n${html}\n</head>\n<body></body>`;
  return `<!doctype html>\n<html lang="en">\n${full.replace('<head>', '<head>\n<title>README example</title>')}\n</html>`;
}

/** The hashes in file names (`fm-nav-DCWfq1.js`, rollup.config.mjs) change with every build. */
const withoutHashes = (text: string) => text.replace(/-[\w-]{6}\.js/g, '-[hash].js');

describe.skipIf(!browserAvailable)("README's examples", () => {
  const browser = useBrowser();
  const scratch = mkdtempSync(join(tmpdir(), 'fm-readme-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A page on the reference host's origin (so its calls and /dist/ reach the host) and its token. */
  async function pageWithToken(): Promise<{ context: BrowserContext; page: Page; token: string }> {
    const { context, page } = await browser.newPage();
    await context.request.get('/dist/fm-widgets.css');
    const token = (await context.cookies()).find((cookie) => cookie.name === 'csrfToken')?.value;
    if (!token) throw new Error('the reference host set no csrfToken cookie');
    return { context, page, token };
  }

  /**
   * Loads `html` at /readme/example on the reference host, under a CSP that allows no inline
   * script, and expects no console error and every fm-* element settled with content.
   */
  async function expectRuns(page: Page, html: string): Promise<void> {
    const errors = consoleErrors(page);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.route(`${baseUrl}/readme/example`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': "script-src 'self'; object-src 'none'" },
        body: html,
      }),
    );
    await page.goto('/readme/example');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => elementStates(page)).toSatisfy(allSettled);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  }

  it('has HTML and PHP snippets to run', () => {
    expect(htmlPages.length).toBeGreaterThan(0);
    expect(preloadsSnippet).toBeDefined();
    expect(cakeSnippets.map((snippet) => roleOf(snippet)).sort()).toEqual(
      CAKEPHP_ROLES.map(([file]) => file).sort(),
    );
  });

  for (const snippet of htmlPages) {
    it(`runs the HTML of ${snippet.where}`, async () => {
      const { page, token } = await pageWithToken();
      const html = snippet.code.replaceAll(CSRF_ECHO, token);
      expect(html, 'PHP in an HTML snippet other than the CSRF token').not.toContain('<?');
      await expectRuns(page, htmlDocument(html));
    });
  }

  describe.skipIf(!phpInstalled("README's PHP snippets"))('with PHP', () => {
    it(`prints the preloads of ${preloadsSnippet?.where} as the page shows, and they load`, async () => {
      const code = preloadsSnippet?.code ?? '';
      const file = join(scratch, 'preloads.php');
      writeFileSync(
        file,
        `<?php define('WWW_ROOT', ${JSON.stringify(`${process.cwd()}/`)}); ?>${code}`,
      );
      const printed = execFileSync(PHP_PATH, [file], { encoding: 'utf8' }).trim();

      const shown = snippets[snippets.indexOf(preloadsSnippet as Snippet) + 1];
      expect(shown?.info, 'the block after the PHP shows what it prints').toBe('html output');
      const shownLines = (shown?.code ?? '').split('\n');
      const more = shownLines.indexOf('…');
      const printedLines = printed.split('\n');
      expect(withoutHashes(printedLines.slice(0, more < 0 ? undefined : more).join('\n'))).toBe(
        withoutHashes(shownLines.slice(0, more < 0 ? undefined : more).join('\n')),
      );

      const { page } = await pageWithToken();
      await expectRuns(page, htmlDocument(printed));
    });

    it('runs the CakePHP snippets (helper, template, flash element, layout) into a page', async () => {
      for (const snippet of cakeSnippets) {
        // A template holds `<?= … ?>`; a snippet without any is PHP code (AppView::initialize()).
        const code = snippet.code.includes('<?') ? snippet.code : `<?php\n${snippet.code}\n`;
        writeFileSync(join(scratch, roleOf(snippet)), code);
      }
      const { page, token } = await pageWithToken();
      const printed = execFileSync(
        PHP_PATH,
        ['test/browser/readme-cakephp.php', scratch, process.cwd(), token],
        { encoding: 'utf8' },
      );
      expect(printed).toContain('<fm-cost-approval data-job-id="1001"');
      expect(printed).toContain('<fm-flash>');
      await expectRuns(page, htmlDocument(printed));
      await expect
        .poll(() => page.locator('fm-cost-approval button').first().textContent())
        .toBeTruthy();
    });
  });
});

/** Which file of readme-cakephp.php a CakePHP snippet is; a snippet of no known role fails. */
function roleOf(snippet: Snippet): string {
  const role = CAKEPHP_ROLES.find(([, calls]) => snippet.code.includes(calls));
  if (!role) throw new Error(`${snippet.where}: a PHP snippet this test cannot run`);
  return role[0];
}
