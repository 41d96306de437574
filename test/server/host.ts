import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as v from 'valibot';
import { expect } from 'vitest';
import { type AppOptions, createApp } from '../../demo/server/app';
import { createCsrfToken } from '../../demo/server/csrf';
import { type Db, openDatabase } from '../../demo/server/db';
import { seed } from '../../demo/server/seed';
import { errorResponse } from '../../src/core/contract';
import { decode } from '../../src/core/contract/decode';

// A fresh reference host for each test: an in-memory database seeded with the
// docs/reference-host.md fixtures (a copy of one seeded shortly before), a temporary uploads
// folder, and request helpers that carry the CSRF cookie and header like the widgets' HTTP
// client does.

export const SECRET = 'test-secret';
/** A CSRF token the test host signed, as its pages hand one to a browser. */
export const TOKEN = createCsrfToken(SECRET, 'a'.repeat(22));
const ORIGIN = 'http://127.0.0.1:8080';

type BodyKind = 'json' | 'form' | 'multipart';

export type Host = ReturnType<typeof createHost>;

/** How old the seeded copy may be: the fixtures' dates are seeded from the time they are made. */
const SEEDED_FRESH_MS = 20_000;
let seeded: { bytes: Buffer; at: number } | undefined;

/**
 * An in-memory database as seeding leaves it, copied from one seeded at most SEEDED_FRESH_MS ago
 * in this worker: seeding takes about 100 ms, a copy about one, and a test file makes a host
 * for each of its tests.
 */
function seededDatabase(): Db {
  if (!seeded || Date.now() - seeded.at > SEEDED_FRESH_MS) {
    const made = openDatabase(':memory:');
    seed(made);
    seeded = { bytes: made.serialize(), at: Date.now() };
    made.close();
  }
  return openDatabase(seeded.bytes);
}

export function createHost(options: Partial<AppOptions> = {}) {
  const db = seededDatabase();
  const uploadsDir = mkdtempSync(join(tmpdir(), 'fm-uploads-'));
  const app = createApp({ db, testMode: false, uploadsDir, secret: SECRET, ...options });

  const request = (path: string, init: RequestInit = {}) =>
    app.request(new Request(`${ORIGIN}${path}`, init));

  return {
    app,
    db,
    uploadsDir,
    get: (path: string, headers: Record<string, string> = {}) =>
      request(path, { headers: { cookie: `csrfToken=${TOKEN}`, ...headers } }),
    /**
     * A POST with the CSRF cookie and X-CSRF-Token header (unless `csrf: false`), and `headers`
     * of its own (a Referer, an Accept).
     */
    post: (
      path: string,
      body: unknown,
      {
        as = 'json',
        csrf = true,
        headers: more = {},
      }: { as?: BodyKind; csrf?: boolean; headers?: Record<string, string> } = {},
    ) => {
      const headers: Record<string, string> = { cookie: `csrfToken=${TOKEN}`, ...more };
      if (csrf) headers['X-CSRF-Token'] = TOKEN;
      let payload: BodyInit;
      if (as === 'json') {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      } else if (as === 'form') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload =
          body instanceof URLSearchParams
            ? body
            : new URLSearchParams(body as Record<string, string>);
      } else {
        payload = body as FormData;
      }
      return request(path, { method: 'POST', headers, body: payload });
    },
    request,
    /** Every row of every table, to show that a refused request changed nothing. */
    snapshot: () => snapshot(db),
    count: (table: string, where = '1', ...params: unknown[]) =>
      db
        .prepare(`SELECT COUNT(*) FROM ${table} WHERE ${where}`)
        .pluck()
        .get(...params) as number,
    row: <T = Record<string, unknown>>(sql: string, ...params: unknown[]) =>
      db.prepare(sql).get(...params) as T,
    close: () => {
      db.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

function snapshot(db: Db): string {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  return JSON.stringify(
    tables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()]),
  );
}

/** Asserts the status, then decodes the JSON body with the contract's schema. */
export async function decoded<S extends v.GenericSchema>(
  response: Response,
  schema: S,
  status = 200,
): Promise<v.InferOutput<S>> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return decode(schema, body, `${response.status} answer`);
}

/** Asserts an error answer with this status and returns its messages as one string. */
export async function errorOf(response: Response, status: number): Promise<string> {
  const body = await decoded(response, errorResponse, status);
  return Array.isArray(body.message) ? body.message.join('\n') : body.message;
}

/**
 * A native form post: `_csrfToken` in the body, as the widgets' forms send it; with `headers` of
 * the browser's (the page it was posted from, what it accepts).
 */
export function postForm(
  host: Host,
  path: string,
  fields: Record<string, string | string[]>,
  token = TOKEN,
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams({ _csrfToken: token });
  for (const [name, value] of Object.entries(fields)) {
    for (const item of [value].flat()) body.append(name, item);
  }
  return host.post(path, body, { as: 'form', csrf: false, headers });
}

/** The flash the redirect leaves, as the next page shows it. */
export async function flashAfter(host: Host, response: Response): Promise<string> {
  expect([302, 303]).toContain(response.status);
  const cookie = /flash=[^;]*/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const page = await host.request(response.headers.get('location') ?? '/', {
    headers: { cookie: `csrfToken=${TOKEN}; ${cookie}` },
  });
  const text = await page.text();
  return (
    /<fm-flash>([^<]*)<\/fm-flash>|role="status">([^<]*)<\/p>/.exec(text)?.slice(1).join('') ?? ''
  );
}
