// Every page of the reference host under the nonce policy (`--nonce-csp`, demo/server/csp.ts:
// script-src 'self' 'nonce-…' 'strict-dynamic', as CakePHP's CspMiddleware sends it): each fm-*
// element is defined and rendered, no script or chunk is refused and no modulepreload is passed
// over (expectRunsUnderNoncePolicy). The PHP example host's pages: php-host.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchServer, startScratchServer } from '../../demo/server/start';
import { browserAvailable, expectRunsUnderNoncePolicy, useBrowser, usePagePool } from './harness';
import { HOST_PAGES } from './host-pages';

describe.skipIf(!browserAvailable)(
  'every page of the reference host under the nonce policy',
  () => {
    const browser = useBrowser();
    let server: ScratchServer | undefined;
    beforeAll(async () => {
      server = await startScratchServer('fm-nonce', { testMode: true, quiet: true, csp: 'nonce' });
    });
    afterAll(() => server?.close());

    // A few pages at once (PAGES_AT_ONCE), going from page to page as a user does.
    const pool = usePagePool(browser, () => ({ baseURL: server?.url }));
    it.concurrent.for(HOST_PAGES)(
      '$path: every element defined and rendered, nothing refused',
      (hostPage, { expect }) =>
        pool.walk(async ({ page }) => {
          const elements = await expectRunsUnderNoncePolicy(
            browser,
            page,
            hostPage.path,
            hostPage.status,
            expect,
          );
          expect(elements.map((element) => element.tag)).toContain('fm-nav');
        }),
    );

    it('/portal: the frame as tall as its page, and told what of it is on screen', async () => {
      const { page } = await browser.newPage({
        baseURL: server?.url,
        viewport: { width: 360, height: 740 },
      });
      await expectRunsUnderNoncePolicy(browser, page, '/portal');
      const sizes = () =>
        page.evaluate(() => {
          const frame = document.querySelector<HTMLIFrameElement>('iframe.portal-frame');
          const root = frame?.contentDocument?.documentElement;
          return {
            fits: frame?.clientHeight === Math.ceil(root?.getBoundingClientRect().height ?? -1),
            visible: root?.style.getPropertyValue('--fm-visible-height'),
          };
        });
      await expect.poll(sizes).toEqual({ fits: true, visible: expect.stringMatching(/px$/) });
    });
  },
);
