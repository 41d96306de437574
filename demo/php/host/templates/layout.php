<?php
/**
 * The layout, as a CakePHP layout would print it.
 *
 * @var string $head the FmWidgets head tags
 * @var string $title
 * @var string $content the rendered template
 * @var array{kind: string, message: string}|null $flash
 * @var FmWidgets $widgets
 * @var Closure(mixed): string $h
 */
?><!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title><?= $h($title) ?> · FM Portal PHP host</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/demo-assets/host.css">
<?= $head ?>

</head>
<body>
<header class="navbar">
<a class="navbar-brand" href="/dashboard">FM Portal <span>PHP host</span></a>
<nav aria-label="Main">
<ul class="nav">
<li><a class="nav-link" href="/dashboard">Dashboard</a></li>
<li><a class="nav-link" href="/client/jobs/view/1001">Client job</a></li>
<li><a class="nav-link" href="/engineer/jobs/1004">Engineer job</a></li>
<li><a class="nav-link" href="/users/password">Change password</a></li>
</ul>
</nav>
</header>
<main id="main" class="container">
<?php if ($flash !== null && $flash['kind'] === 'danger'): ?>
<?= $widgets->element('fm-flash', [], $flash['message']) ?>

<?php elseif ($flash !== null): ?>
<p class="alert alert-success" role="status"><?= $h($flash['message']) ?></p>
<?php endif ?>
<?= $content ?>
</main>
<footer class="footer container">
<p>Rendered by PHP <?= $h(PHP_VERSION) ?> with <code>FmWidgets</code>; the JSON calls are answered through PHP arrays.</p>
</footer>
</body>
</html>
