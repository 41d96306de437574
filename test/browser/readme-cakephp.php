<?php
// Runs README "In a CakePHP page"'s snippets the way CakePHP would, on stand-ins for the few
// CakePHP classes they touch (CakePHP itself cannot be installed here), and prints the page:
// AppView::initialize() (loadHelper), the template, the error flash element, then the layout.
//
//   php readme-cakephp.php <snippet folder> <webroot> <csrf token>
// The folder holds initialize.php, template.php, flash.php and layout.php (test/browser/readme.spec.ts).

declare(strict_types=1);

namespace Cake\View {
    /** As CakePHP's Helper: the helper's config over its $_defaultConfig, and its view. */
    class Helper
    {
        /** @var array<string, mixed> */
        protected array $_defaultConfig = [];

        /** @var array<string, mixed> */
        private array $config;

        /** @param array<string, mixed> $config */
        public function __construct(private View $view, array $config = [])
        {
            $this->config = $config + $this->_defaultConfig;
        }

        public function getConfig(string $key): mixed
        {
            return $this->config[$key] ?? null;
        }

        public function getView(): View
        {
            return $this->view;
        }
    }

    /** As CakePHP's ServerRequest, for the attribute CsrfProtectionMiddleware sets. */
    final class Request
    {
        /** @param array<string, mixed> $attributes */
        public function __construct(private array $attributes)
        {
        }

        public function getAttribute(string $name): mixed
        {
            return $this->attributes[$name] ?? null;
        }
    }

    /** As CakePHP's FlashHelper: renders the error flash element with its message. */
    final class Flash
    {
        public function __construct(private View $view, private string $message)
        {
        }

        public function render(): string
        {
            return $this->view->render('flash.php', ['message' => $this->message]);
        }
    }

    /** As CakePHP's View: helpers as properties, blocks, and templates rendered with $this. */
    final class View
    {
        /** @var array<string, object> */
        private array $helpers = [];

        /** @param array<string, string> $blocks */
        public function __construct(private string $folder, private Request $request, private array $blocks)
        {
            $this->helpers['Flash'] = new Flash($this, 'The job could not be saved. Please try again.');
        }

        /** @param array<string, mixed> $config */
        public function loadHelper(string $name, array $config = []): void
        {
            $class = "App\\View\\Helper\\{$name}Helper";
            $this->helpers[$name] = new $class($this, $config);
        }

        public function __get(string $name): object
        {
            return $this->helpers[$name] ?? throw new \LogicException("no helper $name loaded");
        }

        public function getRequest(): Request
        {
            return $this->request;
        }

        public function fetch(string $block): string
        {
            return $this->blocks[$block] ?? '';
        }

        /** @param array<string, mixed> $variables */
        public function render(string $file, array $variables = []): string
        {
            extract($variables);
            ob_start();
            include $this->folder . '/' . $file;
            return (string) ob_get_clean();
        }

        public function setBlock(string $block, string $html): void
        {
            $this->blocks[$block] = $html;
        }
    }
}

namespace {
    /** CakePHP's global escaping function. */
    function h(string $text): string
    {
        return htmlspecialchars($text, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
    }

    [, $folder, $webroot, $token] = $argv;
    define('WWW_ROOT', rtrim($webroot, '/') . '/');
    require __DIR__ . '/../../demo/php/FmWidgets.php';
    require __DIR__ . '/../../demo/php/src/View/Helper/FmWidgetsHelper.php';

    $view = new Cake\View\View($folder, new Cake\View\Request(['csrfToken' => $token]), ['title' => 'Job 1001']);
    $view->render('initialize.php');
    $view->setBlock('content', $view->render('template.php', [
        'job' => (object) ['id' => 1001],
        'engineers' => [['id' => 30, 'name' => 'Sam Green', 'assignedId' => null]],
    ]));
    echo $view->render('layout.php');
}
