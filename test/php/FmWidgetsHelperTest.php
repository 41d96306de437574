<?php

declare(strict_types=1);

require_once __DIR__ . '/cakephp/stand-ins.php';
require_once __DIR__ . '/../../kit/php/src/View/Helper/FmWidgetsHelper.php';

use Cake\Http\ServerRequest;
use Cake\View\View;
use PHPUnit\Framework\TestCase;

/** As an app's AppView: every View of the request loads the helper (cells' Views too). */
final class AppView extends View
{
    public function initialize(): void
    {
        $this->loadHelper('FmWidgets', [
            'manifest' => __DIR__ . '/fixtures/manifest.json',
            'elements' => __DIR__ . '/../../custom-elements.json',
            'distUrl' => '/dist/',
        ]);
    }
}

/** An app whose every page has the portal's own words. */
final class WordsView extends View
{
    public function initialize(): void
    {
        $this->loadHelper('FmWidgets', [
            'manifest' => __DIR__ . '/fixtures/manifest.json',
            'elements' => __DIR__ . '/../../custom-elements.json',
            'distUrl' => '/dist/',
            'pageConfig' => ['messages' => [
                'costApproval.noPurchaseOrder' => 'No purchase order found',
                'dashboardTile.loading' => 'Counting…',
            ]],
        ]);
    }
}

/**
 * FmWidgetsHelper on stand-ins for CakePHP's classes (test/php/cakephp/stand-ins.php): the nonce
 * of CspMiddleware, and the tags of a View Cell and of a cached element in the layout's head().
 */
final class FmWidgetsHelperTest extends TestCase
{
    protected function setUp(): void
    {
        View::$elementCache = [];
    }

    private static function view(array $attributes = ['csrfToken' => 'token']): AppView
    {
        return new AppView(new ServerRequest($attributes), __DIR__ . '/fixtures/views');
    }

    /** @return list<string> the head's lines that are scripts or module preloads */
    private static function scriptsOf(string $head): array
    {
        return array_values(array_filter(
            explode("\n", $head),
            fn (string $line) => str_starts_with($line, '<script') || str_contains($line, 'rel="modulepreload"'),
        ));
    }

    public function testEveryScriptAndModulePreloadCarriesTheRequestsScriptNonce(): void
    {
        $view = self::view(['csrfToken' => 'token', 'cspScriptNonce' => 'n0nce+/=']);
        $view->assign('content', $view->FmWidgets->element('fm-dashboard-tile', ['data-tile-id' => 3]));
        $view->FmWidgets->preloadData('/dashboards/fetch/3');
        $head = $view->FmWidgets->head();

        $scripts = self::scriptsOf($head);
        self::assertCount(8, $scripts);
        foreach ($scripts as $line) {
            self::assertStringContainsString(' nonce="n0nce+/="', $line);
        }
        self::assertStringContainsString(
            '<script type="module" async nonce="n0nce+/=" src="/dist/chunks/fm-widgets-Lo4.js"></script>',
            $head,
        );
        self::assertStringContainsString(
            '<link rel="modulepreload" nonce="n0nce+/=" href="/dist/chunks/fm-dashboard-tile-AbC123.js">',
            $head,
        );
        // What a policy's nonce does not govern stays as it was.
        self::assertMatchesRegularExpression('~<link rel="preload" href="/dashboards/fetch/3\?fm_preload=[\w-]{12}" as="fetch" crossorigin>$~', $head);
        self::assertStringContainsString('<link rel="stylesheet" href="/dist/fm-widgets.css">', $head);
    }

    public function testAPagesWordsAreAddedToTheAppsKeyByKey(): void
    {
        $view = new WordsView(new ServerRequest(['csrfToken' => 'token']), __DIR__ . '/fixtures/views');
        $head = $view->FmWidgets->head(['messages' => ['dashboardTile.loading' => 'Counting the jobs…']]);

        preg_match('~<script type="application/json" id="fm-config">(.*?)</script>~', $head, $block);
        self::assertSame(
            ['dashboardTile.loading' => 'Counting the jobs…', 'costApproval.noPurchaseOrder' => 'No purchase order found'],
            json_decode($block[1], true)['messages'],
        );
    }

    public function testWithoutANonceNothingCarriesOne(): void
    {
        $view = self::view();
        $view->FmWidgets->element('fm-dashboard-tile', ['data-tile-id' => 3]);

        self::assertStringNotContainsString('nonce', $view->FmWidgets->head());
    }

    public function testATagAndADataCallOfAViewCellAreInTheLayoutsHead(): void
    {
        $page = self::view();
        $page->assign('content', $page->render('template.php', ['jobId' => 1001]));

        self::assertStringContainsString('<fm-cost-approval data-job-id="1001">', $page->fetch('content'));
        // The cell's View had a helper of its own; the page's helper wrote nothing.
        $widgets = $page->getRequest()->getAttribute('fmWidgets');
        self::assertSame(['fm-cost-approval'], $widgets->writtenTags());
        $head = $page->FmWidgets->head();
        self::assertStringContainsString('href="/dist/chunks/fm-cost-approval-Def456.js"', $head);
        self::assertMatchesRegularExpression('~<link rel="preload" href="/api/jobs/show/1001/1\?fm_preload=[\w-]{12}" as="fetch" crossorigin>$~', $head);
    }

    public function testTheTagsOfAnElementServedFromTheCacheAreInTheLayoutsHead(): void
    {
        $first = self::view();
        $first->assign('content', $first->element('tiles', ['tileIds' => [1, 2]], ['cache' => ['key' => 'tiles']]));
        self::assertStringContainsString('fm-dashboard-tile-AbC123.js', $first->FmWidgets->head());

        // The next request: the element comes from the cache, its file (and element()) not run.
        $next = self::view();
        $next->assign('sidebar', $next->element('tiles', ['tileIds' => [1, 2]], ['cache' => ['key' => 'tiles']]));
        self::assertSame([], $next->getRequest()->getAttribute('fmWidgets')->writtenTags());
        self::assertSame(
            $first->FmWidgets->head(),
            $next->FmWidgets->head(),
        );
    }

    public function testEachRequestHasItsOwnTags(): void
    {
        $first = self::view();
        $first->FmWidgets->element('fm-cost-approval', ['data-job-id' => 1]);
        $next = self::view();

        self::assertStringNotContainsString('fm-cost-approval', $next->FmWidgets->head());
    }

    public function testOnlyDeclaredTagsAreReadFromMarkup(): void
    {
        $widgets = self::view()->getRequest()->getAttribute('fmWidgets');

        self::assertSame(
            ['fm-dashboard-tile', 'fm-flash'],
            $widgets->tagsIn('<fm-dashboard-tile data-tile-id="1"></fm-dashboard-tile><fm-nope></fm-nope>'
                . '<p>&lt;fm-nav&gt;</p><fm-flash>x</fm-flash><fm-dashboard-tile/>'),
        );
    }
}
