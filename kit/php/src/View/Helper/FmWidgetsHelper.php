<?php

declare(strict_types=1);

namespace App\View\Helper;

use Cake\View\Helper;
use FmWidgets;

/**
 * CakePHP 5 view helper over FmWidgets (kit/php/FmWidgets.php, tested there): templates write
 * the tags with element(); the layout, rendered after the template, prints head() for exactly
 * the tags the page used, with the request's CSRF token and, under CspMiddleware's nonces, its
 * script nonce.
 *
 * The tags are collected per request, not per helper: the first helper of a request puts one
 * FmWidgets in the request's `fmWidgets` attribute, and every View made from that request (a View
 * Cell's) finds it there. head() also reads the tags written in the View's blocks, which holds
 * those of an element served from the element cache (its HTML carries them; element() did not run).
 *
 * Load it in AppView::initialize():
 *   $this->loadHelper('FmWidgets', [
 *       'manifest' => WWW_ROOT . 'dist/manifest.json',
 *       'elements' => WWW_ROOT . 'custom-elements.json',
 *       'distUrl' => '/dist/',
 *   ]);
 */
class FmWidgetsHelper extends Helper
{
    /** The request attribute that holds the request's FmWidgets. */
    public const REQUEST_ATTRIBUTE = 'fmWidgets';

    /** @var array<string, mixed> */
    protected array $_defaultConfig = [
        'manifest' => null,
        'elements' => null,
        'distUrl' => '/dist/',
        // The #fm-config keys of every page; head() merges a page's own over them.
        'pageConfig' => [],
        // The engineer's pages, which offline() keeps on the device (docs/offline.md).
        'offlineScope' => '/engineer/',
    ];

    /**
     * Shares one FmWidgets with every View made from this request from now on: a View Cell is
     * made with its parent View's request, after the parent's helpers are loaded.
     *
     * @param array<string, mixed> $config
     */
    public function initialize(array $config): void
    {
        $view = $this->getView();
        $request = $view->getRequest();
        if (!$request->getAttribute(self::REQUEST_ATTRIBUTE) instanceof FmWidgets) {
            $view->setRequest($request->withAttribute(self::REQUEST_ATTRIBUTE, new FmWidgets(
                $this->getConfig('manifest'),
                $this->getConfig('elements'),
                $this->getConfig('distUrl'),
            )));
        }
    }

    /**
     * @param array<string, scalar|array<mixed>|null> $attributes
     */
    public function element(string $tag, array $attributes = [], string $text = ''): string
    {
        return $this->widgets()->element($tag, $attributes, $text);
    }

    /**
     * Asks for an element's first data call with the page (a tile's `/dashboards/fetch/3`):
     * head() prints a `<link rel="preload" as="fetch">` for it, last.
     */
    public function preloadData(string $url): void
    {
        $this->widgets()->preloadData($url);
    }

    /**
     * The head tags for the elements written so far on this request (call it in the layout).
     *
     * @param array<string, mixed> $config page-specific #fm-config keys; its `messages` are
     *     added to those of `pageConfig`, text by text
     */
    public function head(array $config = []): string
    {
        $view = $this->getView();
        $request = $view->getRequest();
        $widgets = $this->widgets();
        $tags = $widgets->writtenTags();
        foreach ($view->blocks() as $block) {
            array_push($tags, ...$widgets->tagsIn($view->fetch($block)));
        }

        return $widgets->head(
            $tags,
            (string)$request->getAttribute('csrfToken'),
            self::withPageConfig($config, $this->getConfig('pageConfig')),
            $widgets->requestedData(),
            (string)$request->getAttribute('cspScriptNonce'),
        );
    }

    /**
     * A page's #fm-config keys over the app's; a page's words over the app's, key by key, so that
     * a page changing one word keeps the portal's others.
     *
     * @param array<string, mixed> $page
     * @param array<string, mixed> $app
     * @return array<string, mixed>
     */
    private static function withPageConfig(array $page, array $app): array
    {
        $config = $page + $app;
        if (is_array($page['messages'] ?? null) && is_array($app['messages'] ?? null)) {
            $config['messages'] = $page['messages'] + $app['messages'];
        }
        return $config;
    }

    /**
     * On the engineer's pages only: the script that keeps them on the device for this session
     * (docs/offline.md), under the config's `offlineScope`. Pass what identifies the signed-in
     * session, e.g. `$this->getRequest()->getSession()->id()`.
     */
    public function offline(string $session): string
    {
        return $this->widgets()->offline(
            $session,
            $this->getConfig('offlineScope'),
            (string)$this->getView()->getRequest()->getAttribute('cspScriptNonce'),
        );
    }

    /** On the sign-in page: forgets every page kept on the device (docs/offline.md). */
    public function signedOut(): string
    {
        return $this->widgets()->signedOut(
            (string)$this->getView()->getRequest()->getAttribute('cspScriptNonce'),
        );
    }

    private function widgets(): FmWidgets
    {
        return $this->getView()->getRequest()->getAttribute(self::REQUEST_ATTRIBUTE);
    }
}
