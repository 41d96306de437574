<?php
/** @var array<string, mixed> $job the reference host's `job` record: Job, Site, Asset, Status, Type, Priority */
?>
<h1>Job <?= $h($job['Job']['id']) ?></h1>
<section class="card" aria-labelledby="job-heading">
<h2 id="job-heading"><?= $h($job['Job']['description']) ?></h2>
<dl class="summary">
<dt>Site</dt><dd><?= $h($job['Site']['name']) ?></dd>
<dt>Status</dt><dd><?= $h($job['Status']['name']) ?></dd>
</dl>
</section>
<section class="card" aria-labelledby="attendance-heading">
<h2 id="attendance-heading">Attendance</h2>
<?= $widgets->element('fm-engineer-job', [
    'data-job-id' => $job['Job']['id'],
    'data-site-lat' => $job['Site']['lat'],
    'data-site-long' => $job['Site']['long'],
    'data-notes' => true,
]) ?>

</section>
<?php // Kept on the engineer's phone for this session (docs/offline.md): the engineer's pages only. ?>
<?= $widgets->offline(session_id(), '/engineer/', csp_nonce()) ?>

