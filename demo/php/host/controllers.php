<?php

declare(strict_types=1);

// The pages of the PHP example host, one function per controller action.

/**
 * The dashboard's tiles, as the portal's dashboard configuration lists them: id => title (the
 * title a tile shows while it counts, and names itself by if its count fails).
 */
const DASHBOARD_TILES = [
    1 => 'Jobs awaiting release',
    2 => 'Quotes required',
    3 => 'Costs awaiting approval',
    4 => 'Engineers on site',
];

/** The signed-in user of the example host (it has no sign-in), as the reference host's seed has her. */
const SIGNED_IN_USER = ['id' => 2, 'name' => 'Jane Smith', 'username' => 'jane.smith'];
/** Her password until she changes it, as on the reference host. */
const INITIAL_PASSWORD = 'Portal-Start-26';

const PASSWORD_CHANGED = 'Your password has been changed.';
const WRONG_OLD_PASSWORD = 'Your old password is not correct.';

const MIME_TYPES = [
    'js' => 'text/javascript; charset=UTF-8',
    'css' => 'text/css; charset=UTF-8',
    'json' => 'application/json',
    'map' => 'application/json',
];

/** A file under $root, never outside it. */
function serve_file(string $root, string $relative): void
{
    $base = realpath($root);
    $file = realpath($root . '/' . rawurldecode($relative));
    $type = MIME_TYPES[pathinfo((string) $file, PATHINFO_EXTENSION)] ?? null;
    if ($base === false || $file === false || !str_starts_with($file, $base . '/') || !is_file($file) || $type === null) {
        http_response_code(404);
        return;
    }
    header("Content-Type: $type");
    // The worker keeps the engineer's pages, outside dist/ (docs/offline.md).
    if (basename($file) === 'fm-sw.js') {
        header(FmWidgets::serviceWorkerAllowed('/engineer/'));
    }
    // The bundle's scripts carry no sourceMappingURL comment: DevTools finds the map beside them.
    if (str_ends_with($file, '.js') && is_file("$file.map")) {
        header('SourceMap: ' . basename($file) . '.map');
    }
    readfile($file);
}

function redirect(string $path): void
{
    header("Location: $path", true, 302);
}

function not_found(): void
{
    render('not-found', 'Not found', [], [], 404);
}

function dashboard(): void
{
    render('dashboard', 'Dashboard', ['fm-dashboard-tile'], ['tiles' => DASHBOARD_TILES], dataUrls: array_map(
        fn (int $tileId) => PAGE_CONFIG['apiBase'] . "/dashboards/fetch/$tileId",
        array_keys(DASHBOARD_TILES),
    ));
}

/** A page about one job, from the reference host's `job` record (Job, Site, Asset, Status, …). */
function job_page(int $jobId, string $template, string $tag): void
{
    $job = reference_data("/api/jobs/show/$jobId/1")['job'] ?? null;
    if ($job === null) {
        not_found();
        return;
    }
    if ($tag === 'fm-engineer-job') {
        // The engineer's first call, the sign-on lookup, starts with the page; the site time form
        // is under the screen, given back what the host refused last, if anything.
        render($template, "Job $jobId", [$tag, SITE_TIME_FORM, 'fm-upload'], [
            'job' => $job,
            'refusal' => take_refusal(SITE_TIME_FORM),
        ], dataUrls: [PAGE_CONFIG['apiBase'] . "/api/site_times/index/$jobId"]);
        return;
    }
    render($template, "Job $jobId", [$tag], ['job' => $job]);
}

const SITE_TIME_FORM = 'fm-site-time-form';
/** The site time form's fields, as FormHelper names them (`SiteTime[on_site]`…). */
const SITE_TIME_FIELDS = ['on_site', 'off_site', 'engineers', 'remote_fix'];

/**
 * SiteTimesController::add: the post is handed to the reference host, which stores or refuses
 * it. Either way the user goes back to the job's page (post/redirect/get): a success in a flash; a
 * refusal kept in the session with the fields as posted, for the form to show and fill again,
 * never the bare answer.
 */
function add_site_time(int $jobId): void
{
    $posted = is_array($_POST['SiteTime'] ?? null) ? $_POST['SiteTime'] : [];
    $fields = [];
    foreach (SITE_TIME_FIELDS as $name) {
        $fields[$name] = is_string($posted[$name] ?? null) ? $posted[$name] : '';
    }
    $back = "/engineer/jobs/$jobId";
    // A form that keeps its entries on the device (data-offline) sends them itself, asking for
    // JSON, with an entry_id the reference host records once: its answer is passed on as it is.
    if (str_contains($_SERVER['HTTP_ACCEPT'] ?? '', 'application/json')) {
        $entry = is_string($posted['entry_id'] ?? null) ? ['entry_id' => $posted['entry_id']] : [];
        $body = http_build_query(['SiteTime' => ['job_id' => (string) $jobId] + $fields + $entry]);
        try {
            $answer = reference_request('POST', "/site_times/add/$jobId", $body, 'application/x-www-form-urlencoded');
        } catch (RuntimeException $error) {
            send_json(['status' => 'error', 'message' => $error->getMessage()], 502);
            return;
        }
        $data = json_decode($answer['body'], true);
        if (!is_array($data)) {
            send_json(['status' => 'error', 'message' => ''], 502);
            return;
        }
        // This host has one engineer's page: the user stays on it, as after a native post.
        if (($data['status'] ?? null) === 'success') {
            $data['location'] = $back;
        }
        send_json($data, $answer['status']);
        return;
    }
    try {
        $body = http_build_query(['SiteTime' => ['job_id' => (string) $jobId] + $fields]);
        $answer = reference_request('POST', "/site_times/add/$jobId", $body, 'application/x-www-form-urlencoded');
    } catch (RuntimeException $error) {
        keep_refusal(SITE_TIME_FORM, $error->getMessage(), $fields);
        redirect($back);
        return;
    }
    $data = json_decode($answer['body'], true);
    $message = is_array($data) ? ($data['message'] ?? '') : '';
    if ($answer['status'] === 200 && is_array($data) && ($data['status'] ?? null) === 'success') {
        set_flash('success', is_string($message) ? $message : '');
    } else {
        // What the widget cannot read as a message it says was not given: never the raw body.
        keep_refusal(SITE_TIME_FORM, is_string($message) || is_array($message) ? $message : '', $fields);
    }
    redirect($back);
}

function password_page(): void
{
    render('password', 'Change password', ['fm-password-form'], ['user' => SIGNED_IN_USER]);
}

function password_file(): string
{
    return data_dir() . '/password-' . SIGNED_IN_USER['id'] . '.hash';
}

/**
 * UsersController::password: `$_POST['User']` as FormHelper names the fields, checked again
 * here; only password_hash()'s hash is stored. Post/redirect/get with a flash.
 */
function change_password(): void
{
    $fields = is_array($_POST['User'] ?? null) ? $_POST['User'] : [];
    $text = static fn (string $key): string => is_string($fields[$key] ?? null) ? $fields[$key] : '';
    $stored = is_file(password_file()) ? (string) file_get_contents(password_file()) : null;
    $oldMatches = $stored === null
        ? hash_equals(INITIAL_PASSWORD, $text('old_password'))
        : password_verify($text('old_password'), $stored);
    $password = $text('password');
    $minLength = (int) PAGE_CONFIG['passwordMinLength'];

    if (!$oldMatches) {
        set_flash('danger', WRONG_OLD_PASSWORD);
    } elseif (mb_strlen($password) < $minLength) {
        set_flash('danger', "Password must be at least $minLength characters");
    } elseif ($password !== $text('confirm_password')) {
        set_flash('danger', 'The passwords do not match');
    } else {
        file_put_contents(password_file(), password_hash($password, PASSWORD_DEFAULT), LOCK_EX);
        set_flash('success', PASSWORD_CHANGED);
    }
    redirect('/users/password');
}
