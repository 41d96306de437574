<?php

declare(strict_types=1);

/**
 * The fm-* widgets in a PHP page, framework-free: the head tags a page needs for the tags it
 * uses (stylesheet, loader, module preloads, CSRF meta, #fm-config) and the tags themselves.
 *
 * Reads dist/manifest.json (Vite's manifest shape) for the files, and custom-elements.json for
 * the tags and the attributes each declares: a typo throws here instead of rendering an element
 * that silently ignores it.
 *
 * One instance per request remembers the tags element() wrote and the data calls asked for with
 * preloadData(), for the layout's head(): the CakePHP helper shares it between the Views of a
 * request (the page's, each View Cell's).
 *
 * Under a nonce policy (`script-src 'nonce-…' 'strict-dynamic'`) pass the response's nonce: every
 * <script> and modulepreload printed carries it. The loader and the chunks need nothing more, as
 * they start every other file with import().
 */
final class FmWidgets
{
    /** No value in the block can close the <script> element or break out of it. */
    public const CONFIG_JSON_FLAGS = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT
        | JSON_THROW_ON_ERROR;

    /**
     * The query parameter of a data preload's URL: this request's mark (see dataPreload()). An
     * answer to a GET that carries it may be kept by the browser a minute: send
     * preloadCacheControl()'s header with it.
     */
    public const PRELOAD_MARK = 'fm_preload';

    /** The script of the engineer's pages that keeps them on the device, in dist/ (offline()). */
    public const OFFLINE_SCRIPT = 'fm-offline.js';

    /** HTML attributes every tag may carry besides its declared data-* ones. */
    private const GLOBAL_ATTRIBUTES = ['id', 'class'];

    /** @var array<string, array<string, mixed>> */
    private array $manifest;

    /** @var array<string, list<string>> tag => declared attribute names */
    private array $elements;

    /** @var array<string, true> the tags element() wrote, in order */
    private array $written = [];

    /** @var array<string, true> the data calls preloadData() was given, in order */
    private array $dataCalls = [];

    /**
     * @param string $manifestPath dist/manifest.json
     * @param string $elementsPath custom-elements.json
     * @param string $distUrl the public URL of dist/, e.g. '/dist/'
     * @param string $preloadMark this request's mark on its data preloads; '' makes a fresh one
     */
    public function __construct(
        string $manifestPath,
        string $elementsPath,
        private readonly string $distUrl = '/dist/',
        private string $preloadMark = '',
    ) {
        $this->manifest = self::readJson($manifestPath);
        $this->elements = self::declaredElements(self::readJson($elementsPath));
        if ($this->preloadMark === '') {
            $this->preloadMark = rtrim(strtr(base64_encode(random_bytes(9)), '+/', '-_'), '=');
        }
    }

    /**
     * Everything the <head> needs for these tags: the CSRF meta, the stylesheet, the config
     * block, the loader and a modulepreload for every file the tags' chunks import statically.
     *
     * Then a data preload for each of `$dataUrls`, last (see dataPreload()).
     *
     * @param list<string> $tags
     * @param array<string, mixed> $config the #fm-config keys
     * @param list<string> $dataUrls the elements' first data calls, e.g. '/dashboards/fetch/3'
     * @param string $nonce the response's CSP script nonce ('' under `script-src 'self'`)
     */
    public function head(array $tags, string $csrfToken, array $config, array $dataUrls = [], string $nonce = ''): string
    {
        return implode("\n", [
            $this->csrfMeta($csrfToken),
            $this->stylesheet(),
            $this->config($config, $nonce),
            $this->loader($nonce),
            ...$this->preloads($tags, $nonce),
            ...array_map(fn (string $url) => $this->dataPreload($url), $dataUrls),
        ]);
    }

    /**
     * Asks for an element's first data call with the page; head() callers read them back with
     * requestedData(). A URL that is no path or http(s) address throws here, at the call.
     */
    public function preloadData(string $url): void
    {
        $this->dataPreload($url);
        $this->dataCalls[$url] = true;
    }

    /** @return list<string> the data calls preloadData() was given, each once */
    public function requestedData(): array
    {
        return array_keys($this->dataCalls);
    }

    /** @return list<string> the tags element() has written, each once */
    public function writtenTags(): array
    {
        return array_keys($this->written);
    }

    /**
     * The declared fm-* tags written in `$html`, each once: the tags of a fragment element() did
     * not write on this request, such as an element served from a cache.
     *
     * @return list<string>
     */
    public function tagsIn(string $html): array
    {
        preg_match_all('~<(fm-[a-z][a-z0-9-]*)[\s/>]~', $html, $matches);
        return array_values(array_filter(
            array_unique($matches[1]),
            fn (string $tag) => isset($this->elements[$tag]),
        ));
    }

    /**
     * A <link rel="preload" as="fetch"> for an element's first data call (a tile's
     * /dashboards/fetch/{id}, the engineer's /api/site_times/index/{jobId}, under the API base),
     * so that it starts while the page is parsed; the element's own request takes the answer
     * over. Print it after the loader and the module preloads: over HTTP/1.1 the browser opens
     * six connections to a host, and the loader must not wait behind the data.
     * `crossorigin` without a value: the widgets send same-origin credentials.
     *
     * The URL carries this request's mark (`?fm_preload=…`), which the element asks for once.
     * WebKit (Safari, every iPhone browser) hands an as="fetch" preload to no script request, but
     * answers it from its HTTP cache when the host lets it keep the answer: send
     * preloadCacheControl()'s header with the answer to a marked GET. A reload has a new mark, so
     * it never sees an old answer.
     */
    public function dataPreload(string $url): string
    {
        if (!preg_match('~^(/(?!/)|https?://)~i', $url)) {
            throw new InvalidArgumentException("A data preload is a path or an http(s) address, not '$url'");
        }
        $marked = $url . (str_contains($url, '?') ? '&' : '?') . self::PRELOAD_MARK . '=' . $this->preloadMark;
        return '<link rel="preload" href="' . self::escape($marked) . '" as="fetch" crossorigin>';
    }

    /**
     * The Cache-Control to send with a successful answer to a GET with these query parameters:
     * 'private, max-age=60' for a data preload's marked URL, null (send your usual headers) for
     * any other.
     *
     * @param array<array-key, mixed> $query e.g. $_GET, or CakePHP's $request->getQueryParams()
     */
    public static function preloadCacheControl(array $query): ?string
    {
        return isset($query[self::PRELOAD_MARK]) ? 'private, max-age=60' : null;
    }

    public function csrfMeta(string $token): string
    {
        return '<meta name="csrf-token" content="' . self::escape($token) . '">';
    }

    public function stylesheet(): string
    {
        return implode("\n", array_map(
            fn (string $file) => '<link rel="stylesheet" href="' . self::escape($this->distUrl . $file) . '">',
            $this->entry()['css'] ?? [],
        ));
    }

    /**
     * dist/fm-widgets.js, then the hashed loader it imports started at once (`async`): with a warm
     * cache it runs while the page loads, and the elements render as soon as the page is styled.
     * Print it after the config block, which the early loader reads as it starts.
     */
    public function loader(string $nonce = ''): string
    {
        $scripts = ['<script type="module"' . self::nonce($nonce) . ' src="' . self::escape($this->distUrl . $this->entry()['file']) . '"></script>'];
        foreach ($this->entry()['imports'] ?? [] as $import) {
            $chunk = $this->manifest[$import] ?? throw new RuntimeException("dist/manifest.json has no chunk '$import'");
            $scripts[] = '<script type="module" async' . self::nonce($nonce) . ' src="' . self::escape($this->distUrl . $chunk['file']) . '"></script>';
        }
        return implode("\n", $scripts);
    }

    /**
     * The #fm-config block. Browsers never run it (it is JSON), so no policy needs its nonce; it
     * carries the nonce all the same, so that every <script> of the head has one. The widgets'
     * words go in as `messages`, texts by key (docs/words.md: `['costApproval.noPurchaseOrder' => 'No
     * purchase order found']`), and `locale`.
     *
     * @param array<string, mixed> $config
     */
    public function config(array $config, string $nonce = ''): string
    {
        // (object): an empty configuration, or no words given, is {} and not PHP's [].
        if (is_array($config['messages'] ?? null)) {
            $config['messages'] = (object) $config['messages'];
        }
        $json = json_encode((object) $config, self::CONFIG_JSON_FLAGS);
        return '<script type="application/json"' . self::nonce($nonce) . ' id="fm-config">' . $json . '</script>';
    }

    /**
     * One <link rel="modulepreload"> per file these tags' chunks and the loader import
     * statically, each once, in the order they are found; not the loader's own two files, which
     * are the page's scripts (loader()).
     *
     * @param list<string> $tags
     * @return list<string>
     */
    public function preloads(array $tags, string $nonce = ''): array
    {
        $entryKey = $this->entryKey();
        $seen = [$entryKey => true];
        $files = [];
        $add = function (string $key) use (&$add, &$seen, &$files): void {
            if (isset($seen[$key])) {
                return;
            }
            $seen[$key] = true;
            $chunk = $this->manifest[$key] ?? throw new RuntimeException("dist/manifest.json has no chunk '$key'");
            $files[] = $chunk['file'];
            foreach ($chunk['imports'] ?? [] as $import) {
                $add($import);
            }
        };
        foreach ($this->entry()['imports'] ?? [] as $import) {
            $seen[$import] = true;
            foreach ($this->manifest[$import]['imports'] ?? [] as $nested) {
                $add($nested);
            }
        }
        foreach ($tags as $tag) {
            $add($this->chunkKey($tag));
        }
        return array_map(
            fn (string $file) => '<link rel="modulepreload"' . self::nonce($nonce) . ' href="' . self::escape($this->distUrl . $file) . '">',
            $files,
        );
    }

    /**
     * On the engineer's pages only (docs/offline.md): dist/fm-offline.js, which registers the
     * service worker (dist/fm-sw.js) over `$scope` and keeps those pages on the device for this
     * session. `$session` is what identifies the signed-in session (the session id, which CakePHP
     * renews at sign-in): it is printed as a digest, never as it is, and a page of another session
     * makes the worker forget every page kept for this one. Send the worker's script with
     * serviceWorkerAllowed($scope) when the scope is outside dist/.
     *
     * @param string $scope the path of the pages kept, e.g. '/engineer/'
     */
    public function offline(string $session, string $scope, string $nonce = ''): string
    {
        if ($session === '') {
            throw new InvalidArgumentException('offline() needs the session; print signedOut() where no one is signed in');
        }
        if (!str_starts_with($scope, '/')) {
            throw new InvalidArgumentException("The offline scope is a path such as '/engineer/', not '$scope'");
        }
        return $this->offlineScript(['data-scope' => $scope, 'data-session' => self::sessionKey($session)], $nonce);
    }

    /**
     * On the sign-in page, which every new session passes: dist/fm-offline.js forgets every page
     * kept on the device, so that no one signing in next is shown another's (docs/offline.md).
     */
    public function signedOut(string $nonce = ''): string
    {
        return $this->offlineScript(['data-session' => ''], $nonce);
    }

    /** The digest of a session printed for the worker: 32 characters of base64url SHA-256. */
    public static function sessionKey(string $session): string
    {
        return substr(rtrim(strtr(base64_encode(hash('sha256', $session, true)), '+/', '-_'), '='), 0, 32);
    }

    /**
     * The header to send with dist/fm-sw.js so that a worker served from dist/ may keep the pages
     * under `$scope`: `header(FmWidgets::serviceWorkerAllowed('/engineer/'))`.
     */
    public static function serviceWorkerAllowed(string $scope): string
    {
        return 'Service-Worker-Allowed: ' . $scope;
    }

    /** @param array<string, string> $attributes */
    private function offlineScript(array $attributes, string $nonce): string
    {
        $html = '<script type="module"' . self::nonce($nonce) . ' src="' . self::escape($this->distUrl . self::OFFLINE_SCRIPT) . '"';
        foreach ($attributes as $name => $value) {
            $html .= ' ' . $name . '="' . self::escape($value) . '"';
        }
        return $html . '></script>';
    }

    /**
     * An fm-* element with its attributes escaped for HTML: strings and numbers as text, true as
     * a bare attribute, false and null left out, arrays as JSON. `$text` is put inside as text.
     *
     * @param array<string, scalar|array<mixed>|null> $attributes names as written, e.g. 'data-job-id'
     */
    public function element(string $tag, array $attributes = [], string $text = ''): string
    {
        $declared = $this->declaredAttributes($tag);
        $this->written[$tag] = true;
        $html = '<' . $tag;
        foreach ($attributes as $name => $value) {
            if (!in_array($name, $declared, true) && !in_array($name, self::GLOBAL_ATTRIBUTES, true)) {
                throw new InvalidArgumentException(
                    "<$tag> does not declare the attribute '$name' (it declares: " . implode(', ', $declared) . ')',
                );
            }
            if ($value === null || $value === false) {
                continue;
            }
            $html .= ' ' . $name;
            if ($value !== true) {
                $html .= '="' . self::escape(is_array($value) ? json_encode($value, JSON_THROW_ON_ERROR) : (string) $value) . '"';
            }
        }
        return $html . '>' . self::escape($text) . '</' . $tag . '>';
    }

    /** ` nonce="…"`, or nothing without a nonce. */
    private static function nonce(string $nonce): string
    {
        return $nonce === '' ? '' : ' nonce="' . self::escape($nonce) . '"';
    }

    private static function escape(string $text): string
    {
        return htmlspecialchars($text, ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML5, 'UTF-8');
    }

    /** @return list<string> */
    private function declaredAttributes(string $tag): array
    {
        return $this->elements[$tag] ?? throw new InvalidArgumentException(
            "Unknown element <$tag>: custom-elements.json declares no such tag",
        );
    }

    /** @return array<string, mixed> */
    private function entry(): array
    {
        return $this->manifest[$this->entryKey()];
    }

    private function entryKey(): string
    {
        foreach ($this->manifest as $key => $chunk) {
            if (($chunk['isEntry'] ?? false) === true) {
                return $key;
            }
        }
        throw new RuntimeException('dist/manifest.json has no entry (isEntry)');
    }

    /** A widget's chunk is the one named after its tag (the agreed manifest shape). */
    private function chunkKey(string $tag): string
    {
        $this->declaredAttributes($tag);
        foreach ($this->manifest as $key => $chunk) {
            if (($chunk['name'] ?? null) === $tag && ($chunk['isDynamicEntry'] ?? false) === true) {
                return $key;
            }
        }
        throw new RuntimeException("dist/manifest.json has no chunk for <$tag>");
    }

    /** @return array<string, mixed> */
    private static function readJson(string $path): array
    {
        $text = @file_get_contents($path);
        if ($text === false) {
            throw new RuntimeException("Cannot read $path");
        }
        return json_decode($text, true, 512, JSON_THROW_ON_ERROR);
    }

    /**
     * @param array<string, mixed> $manifest custom-elements.json
     * @return array<string, list<string>>
     */
    private static function declaredElements(array $manifest): array
    {
        $elements = [];
        foreach ($manifest['modules'] ?? [] as $module) {
            foreach ($module['declarations'] ?? [] as $declaration) {
                if (isset($declaration['tagName'])) {
                    $elements[$declaration['tagName']] = array_column($declaration['attributes'] ?? [], 'name');
                }
            }
        }
        return $elements;
    }
}
