<?php

declare(strict_types=1);

// Stand-ins for the few CakePHP 5 classes FmWidgetsHelper meets (CakePHP itself cannot be
// installed here), doing what CakePHP does where the helper depends on it: a request whose
// attributes are set on a copy (withAttribute), a View that loads helpers (calling their
// initialize()), renders files with $this, keeps blocks, caches elements, and can have its
// request replaced; a View Cell is a second View made from its parent View's request.
// Used by test/php/FmWidgetsHelperTest.php and test/browser/readme-cakephp.php.

namespace Cake\Http {
    /** As CakePHP's ServerRequest: immutable, attributes such as csrfToken and cspScriptNonce. */
    final class ServerRequest
    {
        /** @param array<string, mixed> $attributes */
        public function __construct(private array $attributes = [])
        {
        }

        public function getAttribute(string $name): mixed
        {
            return $this->attributes[$name] ?? null;
        }

        public function withAttribute(string $name, mixed $value): static
        {
            $copy = clone $this;
            $copy->attributes[$name] = $value;
            return $copy;
        }
    }
}

namespace Cake\View {
    use Cake\Http\ServerRequest;

    /** As CakePHP's Helper: the helper's config over its $_defaultConfig, then initialize(). */
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
            $this->initialize($config);
        }

        /** @param array<string, mixed> $config */
        public function initialize(array $config): void
        {
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

    /** As CakePHP's View: helpers as properties, blocks, files rendered with $this, cached elements. */
    class View
    {
        /** The element cache (CakePHP's Cache under View::$elementCache), shared by every View. */
        /** @var array<string, string> */
        public static array $elementCache = [];

        /** @var array<string, object> */
        private array $helpers = [];

        /** @var array<string, string> */
        private array $blocks = [];

        public function __construct(private ServerRequest $request, private string $folder = '')
        {
            $this->initialize();
        }

        /** AppView::initialize() loads the app's helpers here. */
        public function initialize(): void
        {
        }

        /** @param array<string, mixed> $config */
        public function loadHelper(string $name, array $config = []): void
        {
            $class = "App\\View\\Helper\\{$name}Helper";
            $this->helpers[$name] = new $class($this, $config);
        }

        public function setHelper(string $name, object $helper): void
        {
            $this->helpers[$name] = $helper;
        }

        public function __get(string $name): object
        {
            return $this->helpers[$name] ?? throw new \LogicException("no helper $name loaded");
        }

        public function getRequest(): ServerRequest
        {
            return $this->request;
        }

        public function setRequest(ServerRequest $request): static
        {
            $this->request = $request;
            return $this;
        }

        public function fetch(string $block): string
        {
            return $this->blocks[$block] ?? '';
        }

        public function assign(string $block, string $html): static
        {
            $this->blocks[$block] = $html;
            return $this;
        }

        /** @return list<string> */
        public function blocks(): array
        {
            return array_keys($this->blocks);
        }

        /** @param array<string, mixed> $variables */
        public function render(string $file, array $variables = []): string
        {
            extract($variables);
            ob_start();
            include $this->folder . '/' . $file;
            return (string) ob_get_clean();
        }

        /**
         * As View::element(): with ['cache' => ['key' => …]] the HTML comes from the element cache
         * when it is there, and the element's file does not run.
         *
         * @param array<string, mixed> $data
         * @param array{cache?: array{key: string}} $options
         */
        public function element(string $name, array $data = [], array $options = []): string
        {
            $key = isset($options['cache']) ? 'element_' . $options['cache']['key'] : null;
            if ($key !== null && isset(self::$elementCache[$key])) {
                return self::$elementCache[$key];
            }
            $html = $this->render("element/$name.php", $data);
            if ($key !== null) {
                self::$elementCache[$key] = $html;
            }
            return $html;
        }

        /** As View::cell(): the cell's View is made from this View's request, as CellTrait does. */
        public function cell(string $template, array $data = []): string
        {
            return (new static($this->request, $this->folder))->render("cell/$template.php", $data);
        }
    }
}
