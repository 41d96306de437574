import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { type AppEnv, errorBody, validate } from './http';

/**
 * Test-mode fault switch. Only when the server runs with `--test-mode` (createApp `testMode: true`);
 * otherwise every /__test URL answers 404. These URLs need no CSRF token.
 *
 *   POST   /__test/faults   JSON { path, fault, times? }   → { status: 'success', faults: [...] }
 *     path   a path prefix: every request whose path starts with it is affected,
 *            e.g. '/dashboards/fetch/2' or '/api/costs'
 *     fault  '500'        answer HTTP 500 with { status: 'error', message }
 *            'timeout'    stall for 60 s (past any client timeout), then 504; a stalled request
 *                         does not keep the process alive on shutdown
 *            'malformed'  answer 200 application/json with a truncated body: {"title": "Jobs
 *            'login'      answer 200 text/html with a sign-in page, as an expired session does
 *            'drop'       let the handler run (and commit), then drop the connection before any
 *                         answer is written, as a lost signal does; with no connection to drop
 *                         (app.request in unit tests) the answer stalls as 'timeout' does
 *     times  how many requests to affect (a positive whole number); unlimited when absent
 *   GET    /__test/faults   → { status: 'success', faults: [...] } (what is still armed)
 *   DELETE /__test/faults   clears every fault → { status: 'success', faults: [] }
 *   POST   /__test/reset    reseeds the database (faults stay armed) → { status: 'success' }
 *
 * A later fault for the same path replaces the earlier one. The first armed fault whose path is
 * a prefix of the request path wins.
 */

export const FAULT_KINDS = ['500', 'timeout', 'malformed', 'login', 'drop'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export type Fault = { path: string; fault: FaultKind; times: number | null };

/** How long a 'timeout' fault holds the request. */
export const STALL_MS = 60_000;

export const MALFORMED_JSON = '{"title": "Jobs';

const LOGIN_PAGE = `<!DOCTYPE html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>Sign in</title></head>
<body><main><h1>Sign in</h1>
<form method="post" action="/users/login">
<label>Username <input name="username" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button>
</form></main></body>
</html>
`;

export const faultRequest = v.object({
  path: v.pipe(v.string(), v.startsWith('/', 'must start with /')),
  fault: v.picklist(FAULT_KINDS, `must be one of ${FAULT_KINDS.join(', ')}`),
  times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1, 'must be at least 1'))),
});

/** The armed faults of one app instance. */
export class FaultSwitch {
  #faults: Fault[] = [];

  arm(input: unknown): Fault[] {
    const { path, fault, times } = validate(faultRequest, input);
    this.#faults = [
      ...this.#faults.filter((f) => f.path !== path),
      { path, fault, times: times ?? null },
    ];
    return this.list();
  }

  clear(): void {
    this.#faults = [];
  }

  list(): Fault[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  /** The fault for this path, counting it against `times`. */
  take(path: string): FaultKind | undefined {
    const fault = this.#faults.find((f) => path.startsWith(f.path));
    if (!fault) return undefined;
    if (fault.times !== null) {
      fault.times -= 1;
      if (fault.times === 0) this.#faults = this.#faults.filter((f) => f !== fault);
    }
    return fault.fault;
  }

  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      const kind = c.req.path.startsWith('/__test/') ? undefined : this.take(c.req.path);
      if (!kind) return next();
      if (kind === 'drop') return dropAnswer(c, next);
      return answerWithFault(c, kind);
    };
  }
}

/** The handler commits; the client never hears of it. */
async function dropAnswer(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
  await next();
  const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;
  if (socket) {
    socket.destroy();
    return;
  }
  await stall(c.req.raw.signal);
  // Replaces the handler's answer: a middleware's own answer after next() goes through c.res.
  c.res = c.json(errorBody('Gateway Timeout (injected fault)'), 504);
}

async function answerWithFault(
  c: Context<AppEnv>,
  kind: Exclude<FaultKind, 'drop'>,
): Promise<Response> {
  switch (kind) {
    case '500':
      return c.json(errorBody('Internal Server Error (injected fault)'), 500);
    case 'malformed':
      return c.body(MALFORMED_JSON, 200, { 'Content-Type': 'application/json; charset=utf-8' });
    case 'login':
      return c.html(LOGIN_PAGE, 200);
    case 'timeout':
      await stall(c.req.raw.signal);
      return c.json(errorBody('Gateway Timeout (injected fault)'), 504);
  }
}

/** Waits STALL_MS or until the client goes away; the unref'd timer never holds the process open. */
function stall(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, STALL_MS);
    timer.unref();
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
