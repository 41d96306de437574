<?php

declare(strict_types=1);

// The PHP example host's front controller: php -S 127.0.0.1:8081 demo/php/host/router.php
// (npm run demo:php starts it with the reference host behind it).

require __DIR__ . '/app.php';
require __DIR__ . '/controllers.php';

// The reference host's policy (demo/server/csp.ts, README "Content Security Policy"), on every answer.
header('Content-Security-Policy: ' . content_security_policy());

// Not parse_url(): it takes CakePHP named parameters (/job_id:1001) for a port.
$path = explode('?', $_SERVER['REQUEST_URI'], 2)[0];
$method = $_SERVER['REQUEST_METHOD'];

if (preg_match('#^/dist/(.+)$#', $path, $match)) {
    serve_file(REPO_ROOT . '/dist', $match[1]);
    return;
}
if (preg_match('#^/demo-assets/(.+)$#', $path, $match)) {
    serve_file(REPO_ROOT . '/demo/pages/assets', $match[1]);
    return;
}

start_session();
if ($method === 'POST') {
    require_csrf_token();
}

if (preg_match('#^/(api|dashboards|costs_cost_validates)/#', $path)) {
    forward_json_call($method, $_SERVER['REQUEST_URI']);
    return;
}

match (true) {
    $method === 'GET' && $path === '/' => redirect('/dashboard'),
    $method === 'GET' && $path === '/dashboard' => dashboard(),
    $method === 'GET' && (bool) preg_match('#^/client/jobs/view/(\d+)$#', $path, $match) => job_page((int) $match[1], 'job-view', 'fm-cost-approval'),
    $method === 'GET' && (bool) preg_match('#^/engineer/jobs/(\d+)$#', $path, $match) => job_page((int) $match[1], 'engineer-job', 'fm-engineer-job'),
    $method === 'GET' && $path === '/users/password' => password_page(),
    $method === 'POST' && $path === '/users/password' => change_password(),
    $method === 'POST' && (bool) preg_match('#^/site_times/add/(\d+)$#', $path, $match) => add_site_time((int) $match[1]),
    default => not_found(),
};
