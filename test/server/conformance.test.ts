import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../demo/server/app';
import { createCsrfToken } from '../../demo/server/csrf';
import { openDatabase } from '../../demo/server/db';
import { seed } from '../../demo/server/seed';
import { parseCommandLine } from '../../kit/conformance/cli';
import { formatReport } from '../../kit/conformance/report';
import { type CallResult, type Report, runConformance } from '../../kit/conformance/run';
import type { Fetch } from '../../kit/conformance/session';
import { READ_ARGS, WRITE_ARGS } from './conformance-targets';
import { createHost, type Host } from './host';

// The conformance tool (kit/conformance) against the reference host in this process, and
// against test doubles of it: one that breaks one field of one answer, one that answers as PHP's
// json_encode does, one that answers a login page, one that is slow, one without a CSRF check.

/** The reference host's origin as the tool sees it; requests go to the app in this process. */
const BASE = 'http://127.0.0.1:8080';

type Rewrite = (request: Request, response: Response) => Promise<Response>;
type App = Pick<Host, 'app' | 'db' | 'close'>;

/** The seeded database as bytes: a copy for each run costs far less than seeding again. */
let seeded: Buffer;
beforeAll(() => {
  const db = openDatabase(':memory:');
  seed(db);
  seeded = db.serialize();
  db.close();
});

/** A reference host on a fresh copy of the seeded database. */
/** The test hosts' CSRF secret, so a test can sign the token an integrator would pass. */
const SECRET = 'conformance-test-secret';

function freshHost(): App {
  const db = new Database(seeded);
  db.pragma('foreign_keys = ON');
  const uploadsDir = mkdtempSync(join(tmpdir(), 'fm-uploads-'));
  return {
    app: createApp({ db, testMode: false, uploadsDir, secret: SECRET }),
    db,
    close: () => {
      db.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** The host's app as `fetch`, each answer passed through `rewrite`. */
function fetchOf(host: App, rewrite?: Rewrite): Fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const response = await host.app.request(request.clone());
    return rewrite ? rewrite(request, response) : response;
  };
}

async function run(fetch: Fetch, args: string[]): Promise<Report> {
  const command = parseCommandLine(['--base', BASE, ...args]);
  if (!command) throw new Error('no command');
  return runConformance({ ...command.options, fetch });
}

const failed = (report: Report) => report.results.filter((result) => result.outcome === 'fail');
const named = (report: Report, call: string) =>
  report.results.find((result) => result.call === call) as CallResult;

/** A JSON answer with its body replaced by `change(body)`, headers kept. */
async function withJson(response: Response, change: (body: unknown) => unknown) {
  const body = change(await response.json());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/** Sets (or, with undefined, removes) the field at `path`, written as the report names fields. */
function setAt(body: unknown, path: string, value: unknown): unknown {
  const keys = path.match(/[^.[\]]+/g) ?? [];
  const last = keys.pop() as string;
  let target = body as Record<string, unknown>;
  for (const key of keys) target = target[key] as Record<string, unknown>;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return body;
}

const READ_CALLS = [
  'contractors of a site and asset',
  'contractors of a site',
  'contractors of an asset',
  'budget codes',
  'costs awaiting approval',
  'asset history',
  'job with contractors',
  'authoriser search',
  'capex authoriser search',
  'purchase order',
  'duplicate invoice check',
  'dashboard tile',
  'dashboard tile refreshed',
  'autocomplete /api/sites/autocomplete',
  'autocomplete /api/assets/autocomplete',
  'asset categories',
  'priorities',
  'linking rows of a site',
  'linking rows of an asset',
  'asset-category links',
  'table rows /api/jobs/table',
  'signed on?',
];
const WRITE_CALLS = [
  'linking save (rows saved back as read)',
  'asset-category save (links saved back as read)',
  'assign engineer',
  'unassign engineer',
  'mail the helpdesk',
  'photo upload',
  'sign on',
  'sign off',
  'capex validation save',
  'cost decision (decline)',
  'quote request',
  'forward',
  'release',
  'reject',
];

describe('a conformance run against the reference host', () => {
  it('passes every call of docs/requirements.md §7, read and write, and saves back what it can', async () => {
    const host = createHost();
    const links = () => host.db.prepare('SELECT * FROM linkings ORDER BY id').all();
    const categoryLinks = () =>
      host.db.prepare('SELECT * FROM asset_category_links ORDER BY rowid').all();
    const [linksBefore, categoryLinksBefore] = [links(), categoryLinks()];
    const assignments = host.count('job_engineers');

    const report = await run(fetchOf(host), [...READ_ARGS, ...WRITE_ARGS]);

    expect(failed(report)).toEqual([]);
    expect(report.results.map((result) => [result.call, result.outcome])).toEqual(
      [...READ_CALLS, ...WRITE_CALLS].map((call) => [call, 'pass']),
    );
    expect(report.csrf).toBe('from <meta name="csrf-token"> of /');
    expect(links()).toEqual(linksBefore);
    expect(categoryLinks()).toEqual(categoryLinksBefore);
    expect(host.count('job_engineers')).toBe(assignments);
    // What cannot be undone was done, on the disposable ids only.
    expect(host.row('SELECT status_id, cancelled FROM jobs WHERE id = 1001')).toEqual({
      status_id: 3,
      cancelled: 0,
    });
    expect(host.row('SELECT status_id, cancelled FROM jobs WHERE id = 1011')).toEqual({
      status_id: 12,
      cancelled: 1,
    });
    expect(host.row('SELECT status_id FROM jobs WHERE id = 1004')).toEqual({ status_id: 3 });
    expect(host.row('SELECT approved FROM costs WHERE id = 3')).toEqual({ approved: 0 });
    host.close();
  });

  it('changes nothing without --write, and skips the calls whose ids were not given', {
    timeout: 20_000,
  }, async () => {
    const host = createHost();
    const before = host.snapshot();
    const report = await run(fetchOf(host), ['--site', '1']);
    expect(host.snapshot()).toBe(before);
    expect(failed(report)).toEqual([]);
    expect(named(report, 'costs awaiting approval')).toMatchObject({
      outcome: 'skipped',
      reason: 'needs --job',
    });
    expect(named(report, 'contractors of a site').outcome).toBe('pass');
    expect(report.results.some((result) => result.method === 'POST')).toBe(false);
    host.close();
  });
});

describe("a conformance run's CSRF token", () => {
  it('falls back to the csrfToken cookie when the page prints no token, and takes --csrf as given', async () => {
    const host = freshHost();
    const fromCookie = await run(fetchOf(host), [
      '--page',
      '/api/priorities/index',
      '--write',
      '--write-job',
      '1001',
    ]);
    expect(fromCookie.csrf).toBe('from the csrfToken cookie');
    expect(failed(fromCookie)).toEqual([]);

    const token = createCsrfToken(SECRET);
    const given = await run(fetchOf(host), [
      '--csrf',
      token,
      '--cookie',
      `csrfToken=${token}`,
      '--write',
      '--write-site',
      '2',
    ]);
    expect(given.csrf).toBe('from --csrf');
    expect(failed(given)).toEqual([]);
    expect(named(given, 'linking save (rows saved back as read)').outcome).toBe('pass');
    host.close();
  });

  it('says where no token was found, on each write that then fails', async () => {
    const host = freshHost();
    // A backend whose pages print no token and set no cookie.
    const report = await run(
      fetchOf(host, async (request, response) => {
        if (new URL(request.url).pathname !== '/') return response;
        return new Response('<!DOCTYPE html><title>Portal</title>', {
          headers: { 'content-type': 'text/html' },
        });
      }),
      ['--write', '--write-site', '2'],
    );
    host.close();
    const problem =
      'no CSRF token: / has no <meta name="csrf-token"> and no csrfToken cookie was set (give --csrf)';
    expect(report.csrf).toBe(problem);
    expect(named(report, 'linking save (rows saved back as read)').problems).toEqual([
      { flag: 'setup', message: problem },
      { flag: 'http', message: 'HTTP 403', received: expect.stringContaining('CSRF') },
    ]);
  });
});

/**
 * For each call, a field of its answer made wrong, and what the report then says. `nth` picks
 * the answer when one URL answers two calls (assign, then unassign). A call whose answer cannot
 * be read leaves the call that needs it unsent, which `unsent` names.
 */
const BROKEN_FIELDS: {
  call: string;
  field: string;
  value: unknown;
  message: string;
  nth?: number;
  unsent?: string;
}[] = [
  {
    call: 'contractors of a site and asset',
    field: '[0].user_id',
    value: 'abc',
    message: 'expected a number, got "abc"',
  },
  {
    call: 'contractors of a site',
    field: '[0].primary',
    value: 2,
    message: 'expected true or false, got 2',
  },
  { call: 'contractors of an asset', field: '[0].name', value: undefined, message: 'is required' },
  {
    call: 'budget codes',
    field: '[0].budget_code_id',
    value: 0,
    message: 'expected a positive id, got 0',
  },
  {
    call: 'costs awaiting approval',
    field: 'costs[0].Cost.approval_stage',
    value: 3,
    message: 'expected one of 1 | 2, got 3',
  },
  {
    call: 'asset history',
    field: 'jobs[0].created',
    value: '2026-02-31 10:00:00',
    message: 'expected a date-time (YYYY-MM-DD HH:mm:ss), got "2026-02-31 10:00:00"',
  },
  {
    call: 'job with contractors',
    field: 'job.Job.site_id',
    value: '',
    message: 'expected a number, got ""',
  },
  {
    call: 'authoriser search',
    field: '[0].label',
    value: {},
    message: 'expected text, got an object',
  },
  {
    call: 'capex authoriser search',
    field: '[0].id',
    value: -1,
    message: 'expected a positive id, got -1',
  },
  {
    call: 'purchase order',
    field: 'results.Table1',
    value: {},
    message: 'expected a list, got an object',
  },
  {
    call: 'dashboard tile',
    field: 'count',
    value: '12abc',
    message: 'expected a number, got "12abc"',
  },
  {
    call: 'dashboard tile refreshed',
    field: 'title',
    value: null,
    message: 'expected text, got null',
  },
  {
    call: 'autocomplete /api/sites/autocomplete',
    field: '[0].id',
    value: 'x',
    message: 'expected a number, got "x"',
  },
  {
    call: 'autocomplete /api/assets/autocomplete',
    field: '[0].value',
    value: false,
    message: 'expected text, got false',
  },
  {
    call: 'asset categories',
    field: 'data[0].primary',
    value: 'yes',
    message: 'expected true or false, got "yes"',
  },
  { call: 'priorities', field: '[1]', value: [], message: 'expected text, got a list' },
  {
    call: 'linking rows of a site',
    field: 'data[0].not_to_exceed',
    value: -5,
    message: 'expected zero or more, got -5',
  },
  {
    call: 'linking rows of an asset',
    field: 'data[0].include_non_working',
    value: 'maybe',
    message: 'expected true or false, got "maybe"',
  },
  {
    call: 'asset-category links',
    field: 'data[0].asset_category_id',
    value: 0,
    message: 'expected a positive id, got 0',
  },
  {
    call: 'table rows /api/jobs/table',
    field: 'last_page',
    value: 1.5,
    message: 'expected a whole number, got 1.5',
  },
  {
    call: 'signed on?',
    field: 'status',
    value: 'ok',
    message: 'expected one of "success" | "error", got "ok"',
  },
  {
    call: 'linking save (rows saved back as read)',
    field: 'message',
    value: null,
    message: 'expected text, got null',
  },
  {
    call: 'asset-category save (links saved back as read)',
    field: 'status',
    value: 'saved',
    message: 'expected "success", got "saved"',
  },
  {
    call: 'assign engineer',
    field: 'assigned_id',
    value: 'abc',
    message: 'expected a number, got "abc"',
    unsent: 'unassign engineer',
  },
  {
    call: 'unassign engineer',
    field: 'assigned_id',
    value: 0,
    message: 'expected a positive id, got 0',
    nth: 2,
  },
  { call: 'mail the helpdesk', field: 'message', value: undefined, message: 'is required' },
  { call: 'photo upload', field: 'photo.url', value: null, message: 'expected text, got null' },
  {
    call: 'sign on',
    field: 'data.on_site',
    value: 'yesterday',
    message: 'expected a date-time (YYYY-MM-DD HH:mm:ss), got "yesterday"',
    unsent: 'sign off',
  },
  {
    call: 'sign off',
    field: 'action',
    value: 'signout',
    message: 'expected one of "signon" | "signoff" | "complete" | "remotefix", got "signout"',
    nth: 2,
  },
  {
    call: 'capex validation save',
    field: 'status',
    value: 'error',
    message: 'expected "success", got "error"',
  },
  {
    call: 'cost decision (decline)',
    field: 'message',
    value: [],
    message: 'expected text, got a list',
  },
  { call: 'quote request', field: 'job_id', value: 'new', message: 'expected a number, got "new"' },
  { call: 'forward', field: 'status', value: 'error', message: 'expected "success", got "error"' },
  {
    call: 'release',
    field: 'job_id',
    value: null,
    message: 'expected a number, got null',
    nth: 2,
  },
  { call: 'reject', field: 'message', value: {}, message: 'expected text, got an object' },
];

describe('a conformance run against a double that breaks one field of one answer', () => {
  let clean: Report;
  beforeAll(async () => {
    const host = freshHost();
    clean = await run(fetchOf(host), [...READ_ARGS, ...WRITE_ARGS]);
    host.close();
  });

  it('has a broken field for every call', () => {
    expect(BROKEN_FIELDS.map(({ call }) => call).sort()).toEqual(
      [...READ_CALLS, ...WRITE_CALLS].filter((call) => call !== 'duplicate invoice check').sort(),
    );
  });

  it.each(BROKEN_FIELDS)('fails $call alone, at $field', async (broken) => {
    const { url, method } = named(clean, broken.call);
    const isWrite = method === 'POST';
    const host = freshHost();
    let seen = 0;
    const report = await run(
      fetchOf(host, async (request, response) => {
        if (request.url !== url || request.method !== method || !response.ok) return response;
        seen++;
        return seen === (broken.nth ?? 1)
          ? withJson(response, (body) => setAt(body, broken.field, broken.value))
          : response;
      }),
      isWrite ? [...READ_ARGS, ...WRITE_ARGS] : READ_ARGS,
    );
    host.close();

    expect(failed(report).map((result) => result.call)).toEqual(
      [broken.call, broken.unsent].filter(Boolean),
    );
    expect(named(report, broken.call)).toMatchObject({
      url,
      problems: [{ flag: 'shape', field: broken.field, message: broken.message }],
    });
    if (broken.unsent) {
      expect(named(report, broken.unsent).problems).toEqual([
        { flag: 'setup', message: expect.stringMatching(/^not sent: /) },
      ]);
    }
  });

  it('fails the duplicate invoice check when it answers what fm-cost-form cannot read', async () => {
    const host = freshHost();
    const report = await run(
      fetchOf(host, async (request, response) =>
        request.url.includes('/has_duplicate_invoice/')
          ? Response.json({ duplicate: false })
          : response,
      ),
      READ_ARGS,
    );
    host.close();
    expect(failed(report)).toEqual([
      expect.objectContaining({
        call: 'duplicate invoice check',
        problems: [
          {
            flag: 'shape',
            message: "expected the text true or false (or PHP's 1, 0 or nothing)",
            received: '{"duplicate":false}',
          },
        ],
      }),
    ]);
  });
});

/** What PHP's json_encode changed in the answers of a run, by kind. */
const phpChanges = { numbers: 0, booleans: 0, emptyMaps: 0 };

/**
 * A value as a legacy CakePHP controller hands it to json_encode (demo/php/host/app.php does the
 * same): numbers as strings, booleans as '1'/'0', and PHP arrays, so an empty map is `[]`.
 */
function phpEncoded(value: unknown): unknown {
  if (typeof value === 'number') {
    phpChanges.numbers++;
    return String(value);
  }
  if (typeof value === 'boolean') {
    phpChanges.booleans++;
    return value ? '1' : '0';
  }
  if (Array.isArray(value)) return value.map(phpEncoded);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  if (entries.length === 0) phpChanges.emptyMaps++;
  // A PHP array keyed 0…n-1 is a list, whatever it was before.
  if (entries.every(([key], index) => key === String(index))) {
    return entries.map(([, item]) => phpEncoded(item));
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, phpEncoded(item)]));
}

describe("a conformance run against answers as PHP's json_encode writes them", () => {
  it('passes every call: the decoders read numbers as strings, "0"/"1" and [] for a map', async () => {
    const host = freshHost();
    // Asset 1 left with no budget code, so job 1001's budget_codes map is empty.
    host.db
      .prepare(
        `UPDATE budget_codes SET asset_category_id = (SELECT id FROM asset_categories
           WHERE id <> (SELECT asset_category_id FROM assets WHERE id = 1) LIMIT 1)`,
      )
      .run();
    const report = await run(
      fetchOf(host, async (_request, response) =>
        (response.headers.get('content-type') ?? '').includes('json')
          ? withJson(response, phpEncoded)
          : response,
      ),
      [...READ_ARGS, ...WRITE_ARGS],
    );
    host.close();
    expect(failed(report)).toEqual([]);
    expect(report.counts).toEqual({ pass: 36, fail: 0, skipped: 0 });
    expect(phpChanges.numbers).toBeGreaterThan(100);
    expect(phpChanges.booleans).toBeGreaterThan(10);
    expect(phpChanges.emptyMaps).toBeGreaterThan(0);
  });
});

describe('a conformance run against answers that are not what the widgets read', () => {
  it('flags a login page, a slow answer and a POST taken without the CSRF token', async () => {
    const host = freshHost();
    let slowAnswer: Promise<unknown> = Promise.resolve();
    const report = await run(
      async (input, init) => {
        const request = new Request(input, init);
        const path = new URL(request.url).pathname;
        if (path === '/api/priorities/index') {
          return new Response('<!DOCTYPE html><form action="/users/login">', {
            headers: { 'content-type': 'text/html' },
          });
        }
        if (path === '/dashboards/fetch/1') {
          const answer = new Promise((done) => setTimeout(done, 300)).then(() =>
            host.app.request(request),
          );
          slowAnswer = answer;
          return answer;
        }
        // A backend without a CSRF check: the token the cookie holds is taken as sent.
        const cookieToken = /csrfToken=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
        if (path === '/api/mailer/send' && cookieToken) {
          request.headers.set('X-CSRF-Token', cookieToken);
        }
        return host.app.request(request);
      },
      [...READ_ARGS, ...WRITE_ARGS, '--timeout', '200'],
    );
    await slowAnswer;
    host.close();

    expect(failed(report).map(({ call, problems }) => [call, problems])).toEqual([
      ['dashboard tile', [{ flag: 'slow', message: 'no answer within 200 ms' }]],
      [
        'priorities',
        [{ flag: 'html', message: 'answered an HTML page (HTTP 200): a login page?' }],
      ],
      [
        'mail the helpdesk',
        [
          {
            flag: 'csrf',
            message: 'accepted without the CSRF token (HTTP 200); it must be refused',
          },
        ],
      ],
    ]);
    expect(formatReport(report)).toContain(
      'FAIL  GET  priorities                                      http://127.0.0.1:8080/api/priorities/index',
    );
  });
});
