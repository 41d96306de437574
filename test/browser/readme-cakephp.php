<?php
// Runs README "In a CakePHP page"'s snippets the way CakePHP would, on stand-ins for the few
// CakePHP classes they touch (test/php/cakephp/stand-ins.php; CakePHP itself cannot be installed
// here), and prints the page:
// AppView::initialize() (loadHelper), the template, the error flash element, then the layout.
//
//   php readme-cakephp.php <snippet folder> <webroot> <csrf token>
// The folder holds initialize.php, template.php, flash.php and layout.php (test/browser/readme.spec.ts).

declare(strict_types=1);

namespace Cake\View {
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
}

namespace {
    /** CakePHP's global escaping function. */
    function h(string $text): string
    {
        return htmlspecialchars($text, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
    }

    [, $folder, $webroot, $token] = $argv;
    define('WWW_ROOT', rtrim($webroot, '/') . '/');
    require __DIR__ . '/../php/cakephp/stand-ins.php';
    require __DIR__ . '/../../kit/php/FmWidgets.php';
    require __DIR__ . '/../../kit/php/src/View/Helper/FmWidgetsHelper.php';

    $view = new Cake\View\View(new Cake\Http\ServerRequest(['csrfToken' => $token]), $folder);
    $view->setHelper('Flash', new Cake\View\Flash($view, 'The job could not be saved. Please try again.'));
    $view->assign('title', 'Job 1001');
    $view->render('initialize.php');
    $view->assign('content', $view->render('template.php', [
        'job' => (object) ['id' => 1001],
        'engineers' => [['id' => 30, 'name' => 'Sam Green', 'assignedId' => null]],
    ]));
    echo $view->render('layout.php');
}
