<?php
/** @var array<int, string> $tiles id => title */
?>
<h1>Dashboard</h1>
<p class="lead">Each tile asks this PHP host for <code>/dashboards/fetch/{id}</code>.</p>
<div class="tiles">
<?php foreach ($tiles as $tileId => $title): ?>
<?= $widgets->element('fm-dashboard-tile', ['data-tile-id' => $tileId, 'data-tile-title' => $title]) ?>

<?php endforeach ?>
</div>
