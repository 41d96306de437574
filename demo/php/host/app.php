<?php

declare(strict_types=1);

// The PHP kit that ships (kit/php/, README "In a CakePHP page"), loaded as an app loads it.
require_once __DIR__ . '/../../../kit/php/FmWidgets.php';

/*
 * The PHP example host: what a CakePHP controller and its Session, Flash and CSRF middleware do,
 * written plainly. Its data lives in the reference host (FM_REFERENCE_URL), reached over HTTP
 * the way a CakePHP app reaches its database: every JSON answer crosses PHP arrays on its way.
 */

const REPO_ROOT = __DIR__ . '/../../..';
const CSRF_MESSAGE = 'Missing or incorrect CSRF token';
/** CakePHP's JsonView encodes with these by default. */
const JSON_VIEW_FLAGS = JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_AMP | JSON_HEX_QUOT | JSON_PARTIAL_OUTPUT_ON_ERROR;

/**
 * The page configuration as a legacy portal keeps it: a settings table read as strings, so
 * numbers and booleans reach #fm-config as PHP prints them ('10', '1').
 */
const PAGE_CONFIG = [
    'apiBase' => '',
    'timeout' => '10000',
    'disableApprovals' => '0',
    'validateClientReference2' => '1',
    'releasePriorities' => ['1', '2', '3'],
    'passwordMinLength' => '10',
    'passwordDigits' => '1',
    'passwordLowercase' => '1',
    'passwordUppercase' => '1',
    'passwordSpecial' => '1',
    'passwordLetters' => '2',
    'passwordMaxConsecutive' => '2',
    'passwordBlacklist' => ['password', 'qwerty', 'letmein', 'welcome', 'facilities'],
    'geoMaxDistance' => '500',
    'geoUnit' => 'M',
    'geoCheck' => '1',
];

/** Every directive but script-src, as the reference host sends them (demo/server/csp.ts). */
const CSP_OTHER_DIRECTIVES = "object-src 'none'; base-uri 'none'; frame-ancestors 'self'; "
    . "frame-src 'self' https://*.powerbi.com https://*.fabric.microsoft.com";

/**
 * This answer's CSP script nonce when FM_CSP=nonce (`npm run demo:php -- --nonce-csp`), as
 * CakePHP's CspMiddleware makes one with `scriptNonce`; '' under `script-src 'self'`.
 */
function csp_nonce(): string
{
    static $nonce = null;
    return $nonce ??= getenv('FM_CSP') === 'nonce' ? base64_encode(random_bytes(16)) : '';
}

/** The reference host's policy: scripts of this origin, or with this answer's nonce. */
function content_security_policy(): string
{
    $nonce = csp_nonce();
    $scripts = $nonce === '' ? "script-src 'self'" : "script-src 'self' 'nonce-$nonce' 'strict-dynamic'";
    return "$scripts; " . CSP_OTHER_DIRECTIVES;
}

function reference_url(): string
{
    return rtrim(getenv('FM_REFERENCE_URL') ?: 'http://127.0.0.1:8080', '/');
}

/** Sessions and the stored password hash: FM_PHP_DATA, or demo/.data/php. */
function data_dir(): string
{
    $dir = getenv('FM_PHP_DATA') ?: REPO_ROOT . '/demo/.data/php';
    if (!is_dir($dir . '/sessions')) {
        mkdir($dir . '/sessions', 0700, true);
    }
    return $dir;
}

function widgets(): FmWidgets
{
    static $widgets = null;
    return $widgets ??= new FmWidgets(REPO_ROOT . '/dist/manifest.json', REPO_ROOT . '/custom-elements.json');
}

function start_session(): void
{
    session_save_path(data_dir() . '/sessions');
    session_start(['cookie_httponly' => true, 'cookie_samesite' => 'Lax']);
}

/** The session's CSRF token, also sent as the `csrfToken` cookie as CakePHP's middleware does. */
function csrf_token(): string
{
    $_SESSION['csrfToken'] ??= bin2hex(random_bytes(32));
    if (($_COOKIE['csrfToken'] ?? null) !== $_SESSION['csrfToken']) {
        setcookie('csrfToken', $_SESSION['csrfToken'], ['path' => '/', 'samesite' => 'Lax']);
    }
    return $_SESSION['csrfToken'];
}

/** Every POST carries the token in X-CSRF-Token or the `_csrfToken` field, else 403. */
function require_csrf_token(): void
{
    $sent = $_SERVER['HTTP_X_CSRF_TOKEN'] ?? $_POST['_csrfToken'] ?? '';
    $token = $_SESSION['csrfToken'] ?? null;
    if ($token === null || !is_string($sent) || !hash_equals($token, $sent)) {
        send_json(['status' => 'error', 'message' => CSRF_MESSAGE], 403);
        exit;
    }
}

/** CakePHP's Flash: set before a redirect, shown once by the next page. */
function set_flash(string $kind, string $message): void
{
    $_SESSION['flash'] = ['kind' => $kind, 'message' => $message];
}

/** @return array{kind: string, message: string}|null */
function take_flash(): ?array
{
    $flash = $_SESSION['flash'] ?? null;
    unset($_SESSION['flash']);
    return $flash;
}

/**
 * A native form post the host refused, kept for the page the user is sent back to: the host's
 * message (one or a list) and the fields as posted, which the page hands to the form again.
 *
 * @param string|list<string> $message
 * @param array<string, string> $fields
 */
function keep_refusal(string $form, string|array $message, array $fields): void
{
    $_SESSION['refused'] = ['form' => $form, 'message' => $message, 'fields' => $fields];
}

/**
 * The refusal kept for `$form`, taken so that it shows once.
 *
 * @return array{form: string, message: string|list<string>, fields: array<string, string>}|null
 */
function take_refusal(string $form): ?array
{
    $refusal = $_SESSION['refused'] ?? null;
    unset($_SESSION['refused']);
    return is_array($refusal) && ($refusal['form'] ?? null) === $form ? $refusal : null;
}

/** @param mixed $data */
function send_json($data, int $status = 200): void
{
    http_response_code($status);
    header('Content-Type: application/json; charset=UTF-8');
    // A data preload's marked answer may be kept a minute: WebKit answers the element from it.
    $keep = $status === 200 ? FmWidgets::preloadCacheControl($_GET) : null;
    if ($keep !== null) {
        header("Cache-Control: $keep");
    }
    echo json_encode($data, JSON_VIEW_FLAGS);
}

/**
 * A CSRF token the reference host signed (it refuses a pair it did not sign, as CakePHP does),
 * asked for once per PHP request, and only by a call that changes something.
 */
function reference_csrf_token(): string
{
    static $token = null;
    if ($token !== null) {
        return $token;
    }
    $curl = curl_init(reference_url() . '/api/priorities/index');
    curl_setopt_array($curl, [
        CURLOPT_NOBODY => true,
        CURLOPT_HEADER => true,
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_TIMEOUT => 30,
    ]);
    $head = curl_exec($curl);
    if (!is_string($head) || !preg_match('/^set-cookie:\s*csrfToken=([^;\r\n]+)/mi', $head, $match)) {
        throw new RuntimeException('The reference host gave no CSRF token');
    }
    return $token = $match[1];
}

/**
 * One call to the reference host; a call that changes something carries the host's CSRF pair.
 *
 * @param string|array<string, string|CURLFile> $body
 * @return array{status: int, type: string, body: string}
 */
function reference_request(string $method, string $uri, string|array $body = '', string $contentType = ''): array
{
    $headers = ['Accept: application/json'];
    if ($method !== 'GET') {
        $token = reference_csrf_token();
        array_push($headers, "Cookie: csrfToken=$token", "X-CSRF-Token: $token");
    }
    if ($contentType !== '') {
        $headers[] = "Content-Type: $contentType";
    }
    $curl = curl_init(reference_url() . $uri);
    curl_setopt_array($curl, [
        CURLOPT_CUSTOMREQUEST => $method,
        CURLOPT_HTTPHEADER => $headers,
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_TIMEOUT => 30,
    ]);
    if ($method !== 'GET') {
        curl_setopt($curl, CURLOPT_POSTFIELDS, $body);
    }
    $answer = curl_exec($curl);
    if ($answer === false) {
        throw new RuntimeException('The reference host did not answer: ' . curl_error($curl));
    }
    return [
        'status' => curl_getinfo($curl, CURLINFO_RESPONSE_CODE),
        'type' => (string) curl_getinfo($curl, CURLINFO_CONTENT_TYPE),
        'body' => $answer,
    ];
}

/**
 * Every number as a string and every boolean as '0'/'1', as a legacy CakePHP model hands over
 * MySQL rows: the widgets must read what such a controller serialises.
 *
 * @param array<mixed> $data
 */
function legacy_row_values(array &$data): void
{
    array_walk_recursive($data, static function (&$value): void {
        if (is_int($value) || is_float($value)) {
            $value = (string) $value;
        } elseif (is_bool($value)) {
            $value = $value ? '1' : '0';
        }
    });
}

/**
 * A multipart post's fields and files as curl sends them on: PHP has parsed the body into $_POST
 * and $_FILES, so php://input is empty for it.
 *
 * @return array<string, string|CURLFile>
 */
function multipart_fields(): array
{
    $fields = array_filter($_POST, 'is_string');
    foreach ($_FILES as $name => $file) {
        if (is_string($file['tmp_name']) && $file['error'] === UPLOAD_ERR_OK) {
            $fields[$name] = new CURLFile($file['tmp_name'], $file['type'], $file['name']);
        }
    }
    return $fields;
}

/**
 * A JSON call answered as a CakePHP controller would: the data as PHP arrays with legacy row
 * values, encoded by PHP (so {} becomes [], a map keyed 0..n-1 a list). Anything that is not
 * JSON passes as it came (an expired session's HTML page).
 */
function forward_json_call(string $method, string $uri): void
{
    try {
        $answer = str_starts_with($_SERVER['CONTENT_TYPE'] ?? '', 'multipart/form-data')
            ? reference_request($method, $uri, multipart_fields())
            : reference_request($method, $uri, (string) file_get_contents('php://input'), $_SERVER['CONTENT_TYPE'] ?? '');
    } catch (RuntimeException $error) {
        send_json(['status' => 'error', 'message' => $error->getMessage()], 502);
        return;
    }
    $data = str_contains($answer['type'], 'json') ? json_decode($answer['body'], true) : null;
    if (!is_array($data)) {
        http_response_code($answer['status']);
        header('Content-Type: ' . ($answer['type'] ?: 'text/plain'));
        echo $answer['body'];
        return;
    }
    legacy_row_values($data);
    send_json($data, $answer['status']);
}

/**
 * What the reference host holds at a JSON path, as PHP arrays; null when it is not there.
 *
 * @return array<string, mixed>|null
 */
function reference_data(string $uri): ?array
{
    $answer = reference_request('GET', $uri);
    return $answer['status'] === 200 ? json_decode($answer['body'], true, 512, JSON_THROW_ON_ERROR) : null;
}

/**
 * Renders templates/$name.php inside the layout; `$tags` are the fm-* tags the page uses,
 * `$dataUrls` their first data calls, preloaded with the page.
 *
 * @param list<string> $dataUrls
 */
function render(string $name, string $title, array $tags, array $vars = [], int $status = 200, array $dataUrls = []): void
{
    $widgets = widgets();
    $h = static fn ($text): string => htmlspecialchars((string) $text, ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML5, 'UTF-8');
    extract($vars);
    ob_start();
    require __DIR__ . "/templates/$name.php";
    $content = ob_get_clean();
    $flash = take_flash();
    $head = $widgets->head(
        $flash && $flash['kind'] === 'danger' ? [...$tags, 'fm-flash'] : $tags,
        csrf_token(),
        PAGE_CONFIG,
        $dataUrls,
        csp_nonce(),
    );
    http_response_code($status);
    require __DIR__ . '/templates/layout.php';
}
