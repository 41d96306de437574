<?php
/**
 * @var array<string, mixed> $job the reference host's `job` record: Job, Site, Asset, Status, Type, Priority
 * @var array{message: string|list<string>, fields: array<string, string>}|null $refusal the site time post refused last
 */
$kept = $refusal['fields'] ?? [];
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
<section class="card" aria-labelledby="site-time-heading">
<h2 id="site-time-heading">Add a site time</h2>
<p>For time you did not record with the buttons above, typed in afterwards (from a timesheet, or by your office). So where you are is not checked here; the buttons above check it, because they record the time as it happens.</p>
<?= $widgets->element('fm-site-time-form', [
    // Kept on the device and sent from there, once (docs/offline.md): no native post offline.
    'data-offline' => true,
    'data-job-id' => $job['Job']['id'],
    'data-job-status' => $job['Job']['status_id'],
    'data-action' => '/site_times/add/' . $job['Job']['id'],
    'data-on-site' => $kept['on_site'] ?? null,
    'data-off-site' => $kept['off_site'] ?? null,
    // A count that is no whole number is not written back: the attribute takes a number.
    'data-engineers' => ctype_digit($kept['engineers'] ?? '') ? $kept['engineers'] : null,
    'data-remote-fix' => ($kept['remote_fix'] ?? '') === '1',
    'data-refusal' => $refusal === null ? null : ['status' => 'error', 'message' => $refusal['message']],
]) ?>

</section>
<section class="card" aria-labelledby="photos-heading">
<h2 id="photos-heading">Photos</h2>
<?php foreach (['before' => 'Before the work', 'after' => 'After the work'] as $stage => $heading): ?>
<h3 class="h6"><?= $h($heading) ?></h3>
<?= $widgets->element('fm-upload', [
    'data-offline' => true,
    'data-stage' => $stage,
    'data-site-id' => $job['Site']['id'],
    'data-job-id' => $job['Job']['id'],
]) ?>

<?php endforeach; ?>
</section>
<?php // Kept on the engineer's phone for this session (docs/offline.md): the engineer's pages only. ?>
<?= $widgets->offline(session_id(), '/engineer/', csp_nonce()) ?>

