<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;

/** FmWidgets against a manifest fixture in the agreed shape and the repository's custom-elements.json. */
final class FmWidgetsTest extends TestCase
{
    private FmWidgets $widgets;

    protected function setUp(): void
    {
        $this->widgets = new FmWidgets(
            __DIR__ . '/fixtures/manifest.json',
            __DIR__ . '/../../custom-elements.json',
            '/assets/dist/',
            'mark1',
        );
    }

    /** The document a browser would build from this HTML. */
    private static function parse(string $html): DOMDocument
    {
        $document = new DOMDocument();
        $document->loadHTML('<!DOCTYPE html><html><body>' . $html . '</body></html>', LIBXML_NOERROR);
        return $document;
    }

    public function testAnAttributeValueWithMarkupStaysText(): void
    {
        $html = $this->widgets->element('fm-flash', ['data-message' => '"><script>alert(1)</script>']);

        self::assertSame(
            '<fm-flash data-message="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"></fm-flash>',
            $html,
        );
        $body = self::parse($html)->getElementsByTagName('body')->item(0);
        self::assertSame(1, $body->childNodes->length);
        self::assertSame('"><script>alert(1)</script>', $body->firstChild->getAttribute('data-message'));
        self::assertSame(0, self::parse($html)->getElementsByTagName('script')->length);
    }

    public function testTextInsideIsEscaped(): void
    {
        self::assertSame(
            '<fm-flash>&lt;b&gt;Saved&lt;/b&gt; &amp; closed</fm-flash>',
            $this->widgets->element('fm-flash', [], '<b>Saved</b> & closed'),
        );
    }

    public function testArraysAreJsonNumbersTextTrueBareFalseAndNullLeftOut(): void
    {
        self::assertSame(
            '<fm-cost-approval data-job-id="1001" data-engineers="[{&quot;id&quot;:30,&quot;name&quot;:&quot;O&apos;Neil &lt;Lead&gt;&quot;}]" data-validate-client-reference2></fm-cost-approval>',
            $this->widgets->element('fm-cost-approval', [
                'data-job-id' => 1001,
                'data-engineers' => [['id' => 30, 'name' => "O'Neil <Lead>"]],
                'data-validate-client-reference2' => true,
                'data-disable-approvals' => false,
                'data-release-priorities' => null,
            ]),
        );
        $element = self::parse($this->widgets->element('fm-site-switcher', [
            'data-sites' => [['id' => 1, 'name' => 'Leeds "Central"']],
        ]))->getElementsByTagName('fm-site-switcher')->item(0);
        self::assertSame(
            [['id' => 1, 'name' => 'Leeds "Central"']],
            json_decode($element->getAttribute('data-sites'), true),
        );
    }

    public function testIdAndClassAreAllowedOnEveryTag(): void
    {
        self::assertSame(
            '<fm-dashboard-tile id="tile-3" class="wide" data-tile-id="3"></fm-dashboard-tile>',
            $this->widgets->element('fm-dashboard-tile', ['id' => 'tile-3', 'class' => 'wide', 'data-tile-id' => '3']),
        );
    }

    public function testAnUnknownTagThrowsNamingIt(): void
    {
        $this->expectException(InvalidArgumentException::class);
        $this->expectExceptionMessage('Unknown element <fm-dashbord-tile>');
        $this->widgets->element('fm-dashbord-tile', ['data-tile-id' => 3]);
    }

    public function testAnUndeclaredAttributeThrowsNamingTagAndAttribute(): void
    {
        $this->expectException(InvalidArgumentException::class);
        $this->expectExceptionMessage("<fm-dashboard-tile> does not declare the attribute 'data-tile' (it declares: data-tile-id, data-tile-title)");
        $this->widgets->element('fm-dashboard-tile', ['data-tile' => 3]);
    }

    public function testAConfigStringCannotEndTheScriptBlock(): void
    {
        $config = ['apiBase' => '</script><script>alert("x")</script>', 'note' => "it's <!-- & -->"];
        $html = $this->widgets->config($config);

        self::assertSame(1, substr_count(strtolower($html), '</script'));
        self::assertStringEndsWith('</script>', $html);
        self::assertStringNotContainsString('<!--', $html);
        $scripts = self::parse($html)->getElementsByTagName('script');
        self::assertSame(1, $scripts->length);
        self::assertSame('fm-config', $scripts->item(0)->getAttribute('id'));
        self::assertSame($config, json_decode($scripts->item(0)->textContent, true));
    }

    public function testAnEmptyConfigIsAnObject(): void
    {
        self::assertSame('<script type="application/json" id="fm-config">{}</script>', $this->widgets->config([]));
    }

    public function testTheWordsGoInAsTextsByKeyEvenWhenNoneIsGiven(): void
    {
        $html = $this->widgets->config([
            'locale' => 'en-GB',
            'messages' => ['costApproval.noPurchaseOrder' => 'No purchase order found', 'dashboardTile.refresh' => 'Count {title} again'],
        ]);
        $block = json_decode(self::parse($html)->getElementsByTagName('script')->item(0)->textContent);
        self::assertSame('No purchase order found', $block->messages->{'costApproval.noPurchaseOrder'});
        self::assertSame('Count {title} again', $block->messages->{'dashboardTile.refresh'});
        self::assertSame('<script type="application/json" id="fm-config">{"messages":{}}</script>', $this->widgets->config(['messages' => []]));
    }

    public function testAConfigThatCannotBeEncodedThrows(): void
    {
        $this->expectException(JsonException::class);
        $this->widgets->config(['bad' => "\xB1\x31"]);
    }

    public function testPreloadsEveryStaticImportOfTheTagsOnceButNotDynamicOnesNorTheLoader(): void
    {
        self::assertSame(
            [
                '<link rel="modulepreload" href="/assets/dist/chunks/config-Ld1.js">',
                '<link rel="modulepreload" href="/assets/dist/chunks/fm-dashboard-tile-AbC123.js">',
                '<link rel="modulepreload" href="/assets/dist/chunks/api-XyZ.js">',
                '<link rel="modulepreload" href="/assets/dist/chunks/react-Qq1.js">',
                '<link rel="modulepreload" href="/assets/dist/chunks/react-dom-Qq1.js">',
                '<link rel="modulepreload" href="/assets/dist/chunks/fm-cost-approval-Def456.js">',
            ],
            $this->widgets->preloads(['fm-dashboard-tile', 'fm-cost-approval', 'fm-dashboard-tile']),
        );
    }

    public function testATagWithoutAChunkInTheManifestThrows(): void
    {
        $this->expectException(RuntimeException::class);
        $this->expectExceptionMessage('dist/manifest.json has no chunk for <fm-flash>');
        $this->widgets->preloads(['fm-flash']);
    }

    public function testPreloadingAnUnknownTagThrowsNamingIt(): void
    {
        $this->expectException(InvalidArgumentException::class);
        $this->expectExceptionMessage('Unknown element <fm-nope>');
        $this->widgets->preloads(['fm-nope']);
    }

    public function testTheHeadHasTheTokenStylesheetConfigLoaderAndPreloads(): void
    {
        self::assertSame(
            implode("\n", [
                '<meta name="csrf-token" content="a&quot;b">',
                '<link rel="stylesheet" href="/assets/dist/fm-widgets.css">',
                '<script type="application/json" id="fm-config">{"timeout":"5000","releasePriorities":[1,2]}</script>',
                '<script type="module" src="/assets/dist/fm-widgets.js"></script>',
                '<script type="module" async src="/assets/dist/chunks/fm-widgets-Lo4.js"></script>',
                '<link rel="modulepreload" href="/assets/dist/chunks/config-Ld1.js">',
                '<link rel="modulepreload" href="/assets/dist/chunks/fm-dashboard-tile-AbC123.js">',
                '<link rel="modulepreload" href="/assets/dist/chunks/api-XyZ.js">',
                '<link rel="modulepreload" href="/assets/dist/chunks/react-Qq1.js">',
                '<link rel="modulepreload" href="/assets/dist/chunks/react-dom-Qq1.js">',
            ]),
            $this->widgets->head(['fm-dashboard-tile'], 'a"b', ['timeout' => '5000', 'releasePriorities' => [1, 2]]),
        );
    }

    public function testANonceGoesEscapedOnEveryScriptAndModulePreloadOfTheHead(): void
    {
        $head = explode("\n", $this->widgets->head(['fm-dashboard-tile'], 't', [], ['/dashboards/fetch/3'], 'a"b'));
        $nonced = array_filter($head, fn (string $line) => str_contains($line, ' nonce="a&quot;b"'));
        self::assertSame(
            array_keys(array_filter($head, fn (string $line) => str_starts_with($line, '<script') || str_contains($line, 'modulepreload'))),
            array_keys($nonced),
        );
        self::assertCount(8, $nonced);
        self::assertSame('<script type="module" nonce="a&quot;b" src="/assets/dist/fm-widgets.js"></script>', $head[3]);
    }

    public function testDataPreloadsComeLastInTheHeadEscaped(): void
    {
        $head = explode("\n", $this->widgets->head(['fm-dashboard-tile'], 't', [], [
            '/dashboards/fetch/3',
            'https://api.example.com/dashboards/fetch/"4"?page=2',
        ]));
        self::assertSame(
            [
                '<link rel="preload" href="/dashboards/fetch/3?fm_preload=mark1" as="fetch" crossorigin>',
                '<link rel="preload" href="https://api.example.com/dashboards/fetch/&quot;4&quot;?page=2&amp;fm_preload=mark1" as="fetch" crossorigin>',
            ],
            array_slice($head, -2),
        );
        self::assertStringStartsWith('<link rel="modulepreload"', $head[count($head) - 3]);
    }

    public function testADataPreloadIsAPathOrAnHttpAddress(): void
    {
        foreach (['javascript:alert(1)', '//evil.example/x', 'dashboards/fetch/3', ''] as $url) {
            try {
                $this->widgets->dataPreload($url);
                self::fail("accepted '$url'");
            } catch (InvalidArgumentException $error) {
                self::assertStringContainsString("'$url'", $error->getMessage());
            }
        }
    }

    public function testEachRequestMarksItsDataPreloadsAfresh(): void
    {
        $manifest = __DIR__ . '/fixtures/manifest.json';
        $elements = __DIR__ . '/../../custom-elements.json';
        $mark = fn (FmWidgets $widgets) => preg_replace('~^.*fm_preload=([^"]*)".*$~', '$1', $widgets->dataPreload('/dashboards/fetch/1'));
        $one = new FmWidgets($manifest, $elements);
        self::assertMatchesRegularExpression('~^[\w-]{12}$~', $mark($one));
        self::assertSame($mark($one), $mark($one));
        self::assertNotSame($mark($one), $mark(new FmWidgets($manifest, $elements)));
    }

    public function testOnlyAMarkedAnswerMayBeKept(): void
    {
        self::assertSame('private, max-age=60', FmWidgets::preloadCacheControl(['fm_preload' => 'mark1']));
        self::assertNull(FmWidgets::preloadCacheControl([]));
        self::assertNull(FmWidgets::preloadCacheControl(['page' => '2']));
    }

    public function testTheBuiltManifestHasEveryDeclaredTagWithFilesThatExist(): void
    {
        $dist = __DIR__ . '/../../dist';
        self::assertFileExists("$dist/manifest.json", 'run `npm run build` before the PHP tests');
        $elements = json_decode((string) file_get_contents(__DIR__ . '/../../custom-elements.json'), true);
        $tags = [];
        foreach ($elements['modules'] as $module) {
            foreach ($module['declarations'] as $declaration) {
                $tags[] = $declaration['tagName'];
            }
        }
        self::assertCount(21, $tags);
        $widgets = new FmWidgets("$dist/manifest.json", __DIR__ . '/../../custom-elements.json', '/dist/');

        foreach ($tags as $tag) {
            $preloads = $widgets->preloads([$tag]);
            self::assertStringContainsString("/dist/chunks/$tag-", implode("\n", $preloads), $tag);
            self::assertStringNotContainsString('fm-widgets.js', implode("\n", $preloads), $tag);
            foreach ($preloads as $link) {
                self::assertSame(1, preg_match('#href="/dist/([^"]+)"#', $link, $match));
                self::assertFileExists("$dist/{$match[1]}");
            }
        }
        self::assertStringContainsString('src="/dist/fm-widgets.js"', $widgets->loader());
        self::assertSame(1, preg_match('#<script type="module" async src="/dist/(chunks/fm-widgets-[\w-]+\.js)"#', $widgets->loader(), $loader));
        self::assertFileExists("$dist/{$loader[1]}");
        foreach ($tags as $tag) {
            self::assertStringNotContainsString($loader[1], implode("\n", $widgets->preloads([$tag])), $tag);
        }
        self::assertSame('<link rel="stylesheet" href="/dist/fm-widgets.css">', $widgets->stylesheet());
    }

    public function testAMissingManifestThrowsNamingTheFile(): void
    {
        $this->expectException(RuntimeException::class);
        $this->expectExceptionMessage('Cannot read /nowhere/manifest.json');
        new FmWidgets('/nowhere/manifest.json', __DIR__ . '/../../custom-elements.json');
    }

    public function testTheOfflineScriptCarriesTheScopeADigestOfTheSessionAndTheNonce(): void
    {
        $html = $this->widgets->offline('sess-id-1', '/engineer/', 'n0nce');

        $script = self::parse($html)->getElementsByTagName('script')->item(0);
        self::assertSame('/assets/dist/fm-offline.js', $script->getAttribute('src'));
        self::assertSame('module', $script->getAttribute('type'));
        self::assertSame('n0nce', $script->getAttribute('nonce'));
        self::assertSame('/engineer/', $script->getAttribute('data-scope'));
        self::assertSame(FmWidgets::sessionKey('sess-id-1'), $script->getAttribute('data-session'));
        self::assertMatchesRegularExpression('/^[\w-]{32}$/', FmWidgets::sessionKey('sess-id-1'));
        self::assertStringNotContainsString('sess-id-1', $html);
        self::assertNotSame(FmWidgets::sessionKey('sess-id-1'), FmWidgets::sessionKey('sess-id-2'));
    }

    public function testSignedOutForgetsThePagesKeptOnTheDevice(): void
    {
        self::assertSame(
            '<script type="module" src="/assets/dist/fm-offline.js" data-session=""></script>',
            $this->widgets->signedOut(),
        );
    }

    public function testTheOfflineScriptNeedsASessionAndAPath(): void
    {
        $this->expectException(InvalidArgumentException::class);
        $this->widgets->offline('', '/engineer/');
    }

    public function testTheWorkersHeaderAllowsTheScope(): void
    {
        self::assertSame('Service-Worker-Allowed: /engineer/', FmWidgets::serviceWorkerAllowed('/engineer/'));
    }
}
