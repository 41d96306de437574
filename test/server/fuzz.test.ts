import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createHost, TOKEN } from './host';

// A seeded, bounded fuzz run over every route of the reference host: odd path
// parameters, query strings, methods, bodies (JSON, form, multipart, malformed) and CSRF tokens.
// Whatever comes, the host answers below 500, and a request it refuses (4xx) changes nothing.

const host = createHost();
afterAll(() => host.close());

/** Rows inserted, updated or deleted on the host's connection so far (SQLite total_changes). */
const changes = () => host.db.prepare('SELECT total_changes()').pluck().get() as number;

/** Every route a handler answers, and the static files, as [method, pattern]. */
const ROUTES: (readonly [string, string])[] = [
  ...new Map(
    host.app.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => [`${route.method} ${route.path}`, [route.method, route.path] as const]),
  ).values(),
  ['GET', '/dist/*'],
  ['GET', '/demo-assets/*'],
  ['GET', '/uploads/*'],
];

/** Field names the contract and the host's forms use, so bodies reach past the first check. */
const FIELDS = [
  'id',
  'job_id',
  'site_id',
  'asset_id',
  'cost_id',
  'user_id',
  'geo',
  'action',
  'note',
  'client_time',
  'action_id',
  'approved',
  'assign',
  'assigned_id',
  'authoriser_id',
  'authorised_via',
  'status',
  'description',
  'contractor_id',
  'contractors',
  'priority_id',
  'rows',
  'model',
  'subject',
  'message',
  'type',
  'value',
  'invoice_number',
  'password',
  'Job[contractor_id]',
  'Job[client_reference_2]',
  'Cost[invoice_number]',
  'SiteTime[on_site]',
  'SiteTime[engineers]',
  'User[password]',
  'User[old_password]',
  'CostValidate[3]',
  'ids[]',
];
const QUERY_KEYS = [
  'page',
  'size',
  'sort',
  'query',
  'term',
  'type',
  'filters[site_id]',
  'filter[status]',
];

/** What goes where a path parameter or a query value goes. */
const piece = fc.oneof(
  fc.constantFrom('1001', '1004', '1', '3', '0', '-5', '1.5', '9007199254740993', 'null', ''),
  fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%2F..%2F..', '..', 'site_id:1', 'a%00b', '%F0%9F%92%A9'),
  fc.integer().map(String),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 6 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 6 }),
);

/** A concrete path for a route pattern (`/:jobId{[0-9]+}`, `/:siteId?`, `/*`). */
function pathFor(pattern: string, values: string[]): string {
  let next = 0;
  const filled = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':') && segment !== '*') return segment;
      const value = values[next++ % values.length] ?? '';
      return segment.endsWith('?') && value === '' ? null : value;
    })
    .filter((segment) => segment !== null)
    .join('/');
  return filled === '' ? '/' : filled;
}

const query = fc.option(
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })), piece), {
      maxLength: 3,
    })
    .map(
      (pairs) => `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&')}`,
    ),
  { nil: '' },
);

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  piece,
  fc.constant({ lat: 53.796, long: -1.547, accuracy: 5 }),
  fc.constantFrom('signon', 'signoff', 'complete', 'remotefix', 'Replaced the fan, tested.'),
);
const fields = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })),
  value,
  {
    maxKeys: 6,
  },
);

type Body = { type?: string; data: BodyInit | undefined };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ data: undefined }),
  fields.map((data) => ({ type: 'application/json', data: JSON.stringify(data) })),
  fc.jsonValue().map((data) => ({ type: 'application/json', data: JSON.stringify(data) })),
  fc.string({ maxLength: 40 }).map((data) => ({ type: 'application/json', data })),
  fields.map((data) => ({
    type: 'application/x-www-form-urlencoded',
    data: new URLSearchParams(
      Object.entries(data).map(([key, item]) => [
        key,
        typeof item === 'string' ? item : JSON.stringify(item),
      ]),
    ).toString(),
  })),
  fields.map((data) => {
    const form = new FormData();
    for (const [key, item] of Object.entries(data)) form.append(key, JSON.stringify(item));
    form.append('file', new File([new Uint8Array(8)], 'x.jpg', { type: 'image/jpeg' }));
    return { data: form };
  }),
);

const request = fc.record({
  route: fc.constantFrom(...ROUTES),
  method: fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
  ),
  values: fc.array(piece, { minLength: 1, maxLength: 3 }),
  query,
  body,
  csrf: fc.constantFrom('good', 'good', 'good', 'none', 'forged'),
});

describe('fuzz: every route, odd input (seeded, bounded)', () => {
  it('never answers 500, and a refused request changes nothing', async () => {
    expect(ROUTES.length).toBeGreaterThan(50);
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ route, method, values, query, body, csrf }) => {
        const verb = method ?? route[0];
        const path = `${pathFor(route[1], values)}${query}`;
        const token = csrf === 'good' ? TOKEN : csrf === 'forged' ? 'a'.repeat(64) : undefined;
        const headers: Record<string, string> = {};
        if (token) Object.assign(headers, { cookie: `csrfToken=${token}`, 'X-CSRF-Token': token });
        if (body.type) headers['content-type'] = body.type;
        const withBody = verb !== 'GET' && verb !== 'HEAD';
        const before = changes();
        const response = await host.request(path, {
          method: verb,
          headers,
          body: withBody ? body.data : undefined,
        });
        await response.arrayBuffer();
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        expect(response.status, `${verb} ${path}`).toBeLessThan(500);
        if (response.status >= 400) expect(changes(), `${verb} ${path} changed data`).toBe(before);
      }),
      { seed: 20_260_317, numRuns: 1000 },
    );
    // The run reached handlers, not only the guards: some requests succeeded, some were refused.
    expect(seen.get(200) ?? 0).toBeGreaterThan(20);
    expect(seen.get(400) ?? 0).toBeGreaterThan(20);
    console.info('fuzz: answers by status', Object.fromEntries([...seen].sort()));
  }, 60_000);
});
