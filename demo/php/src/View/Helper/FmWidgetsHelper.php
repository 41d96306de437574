<?php

declare(strict_types=1);

namespace App\View\Helper;

use Cake\View\Helper;
use FmWidgets;

/**
 * CakePHP 5 view helper over FmWidgets (demo/php/FmWidgets.php, tested there): templates write
 * the tags with element(); the layout, rendered after the template, prints head() for exactly
 * the tags the page used, with the request's CSRF token.
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
    /** @var array<string, mixed> */
    protected array $_defaultConfig = [
        'manifest' => null,
        'elements' => null,
        'distUrl' => '/dist/',
        // The #fm-config keys of every page; head() merges a page's own over them.
        'pageConfig' => [],
    ];

    private ?FmWidgets $widgets = null;

    /** @var array<string, true> */
    private array $usedTags = [];

    /** @var array<string, true> */
    private array $dataUrls = [];

    /**
     * @param array<string, scalar|array<mixed>|null> $attributes
     */
    public function element(string $tag, array $attributes = [], string $text = ''): string
    {
        $html = $this->widgets()->element($tag, $attributes, $text);
        $this->usedTags[$tag] = true;
        return $html;
    }

    /**
     * Asks for an element's first data call with the page (a tile's `/dashboards/fetch/3`):
     * head() prints a `<link rel="preload" as="fetch">` for it, last.
     */
    public function preloadData(string $url): void
    {
        $this->dataUrls[$url] = true;
    }

    /**
     * The head tags for the elements written so far (call it in the layout).
     *
     * @param array<string, mixed> $config page-specific #fm-config keys
     */
    public function head(array $config = []): string
    {
        $token = (string)$this->getView()->getRequest()->getAttribute('csrfToken');

        return $this->widgets()->head(
            array_keys($this->usedTags),
            $token,
            $config + $this->getConfig('pageConfig'),
            array_keys($this->dataUrls),
        );
    }

    private function widgets(): FmWidgets
    {
        return $this->widgets ??= new FmWidgets(
            $this->getConfig('manifest'),
            $this->getConfig('elements'),
            $this->getConfig('distUrl'),
        );
    }
}
