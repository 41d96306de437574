<?php
/** @var list<int> $tileIds */
?>
<h1>Dashboard</h1>
<p class="lead">Each tile asks this PHP host for <code>/dashboards/fetch/{id}</code>.</p>
<div class="tiles">
<?php foreach ($tileIds as $tileId): ?>
<?= $widgets->element('fm-dashboard-tile', ['data-tile-id' => $tileId]) ?>

<?php endforeach ?>
</div>
