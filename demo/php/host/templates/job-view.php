<?php
/** @var array<string, mixed> $job the reference host's `job` record: Job, Site, Asset, Status, Type, Priority */
$summary = [
    'Site' => $job['Site']['name'],
    'Asset' => $job['Asset']['name'] ?? null,
    'Status' => $job['Status']['name'],
    'Type' => $job['Type']['name'],
    'Priority' => $job['Priority']['name'] ?? null,
    'Order Number' => $job['Job']['client_reference_2'],
];
?>
<h1>Job <?= $h($job['Job']['id']) ?></h1>
<section class="card" aria-labelledby="summary-heading">
<h2 id="summary-heading"><?= $h($job['Job']['description']) ?></h2>
<dl class="summary">
<?php foreach ($summary as $label => $value): ?>
<dt><?= $h($label) ?></dt><dd><?= $value === null ? '<span class="text-muted">None</span>' : $h($value) ?></dd>
<?php endforeach ?>
</dl>
</section>
<section class="card" aria-labelledby="approval-heading">
<h2 id="approval-heading">Costs and approval</h2>
<?= $widgets->element('fm-cost-approval', ['data-job-id' => $job['Job']['id']]) ?>

</section>
