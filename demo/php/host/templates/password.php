<?php
/** @var array{id: int, name: string, username: string} $user */
?>
<h1>Change password</h1>
<p class="lead">Signed in as <?= $h($user['name']) ?> (<code><?= $h($user['username']) ?></code>).</p>
<section class="card" aria-label="Password">
<?= $widgets->element('fm-password-form', [
    'data-action' => '/users/password',
    'data-name' => $user['name'],
    'data-username' => $user['username'],
    'data-has-old' => true,
]) ?>

</section>
