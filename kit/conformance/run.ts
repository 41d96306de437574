import type * as v from 'valibot';
import { type Answer, type Body, type Exchange, exchange, json, type Problem } from './check';
import { readCalls, type Targets } from './reads';
import { type Fetch, Session } from './session';
import { WRITE_STEPS, type WriteContext } from './writes';

/*
 * A conformance run: every GET of docs/requirements.md §7 against the backend, then with `write`
 * the state-changing calls on the disposable ids, each answer judged by the widgets' decoders.
 */

export type Outcome = 'pass' | 'fail' | 'skipped';

export interface CallResult {
  call: string;
  method: 'GET' | 'POST';
  outcome: Outcome;
  /** Absent when the call was skipped before its URL could be built. */
  url?: string;
  status?: number;
  ms?: number;
  /** Why it was skipped. */
  reason?: string;
  problems: Problem[];
}

export interface Report {
  base: string;
  write: boolean;
  csrf: string;
  results: CallResult[];
  counts: Record<Outcome, number>;
}

export interface RunOptions {
  base: string;
  targets: Targets;
  write: boolean;
  /** Per request, in ms: a slower answer is a failure, as the widgets give it up. */
  timeout: number;
  cookie?: string | undefined;
  csrf?: string | undefined;
  /** The page a browser would open first (cookies, the CSRF token). */
  page: string;
  fetch?: Fetch;
}

function skipped(call: string, method: 'GET' | 'POST', reason: string): CallResult {
  return { call, method, outcome: 'skipped', reason, problems: [] };
}

function resultOf(
  call: string,
  method: 'GET' | 'POST',
  answer: Exchange,
  problems = answer.problems,
): CallResult {
  return {
    call,
    method,
    outcome: problems.length ? 'fail' : 'pass',
    url: answer.url,
    ...(answer.status === undefined ? {} : { status: answer.status }),
    ms: answer.ms,
    problems,
  };
}

const missing = (needs: readonly string[]) =>
  `needs ${needs.map((name) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(', ')}`;

export async function runConformance(options: RunOptions): Promise<Report> {
  const session = new Session({
    base: options.base,
    fetch: options.fetch ?? fetch,
    cookie: options.cookie,
    csrf: options.csrf,
  });
  const results: CallResult[] = [];
  const record = (result: CallResult) => results.push(result);

  const tokenProblem = await session
    .open(options.page, AbortSignal.timeout(options.timeout))
    .catch((error: Error) => `could not open ${options.page}: ${error.message}`);

  for (const call of readCalls(options.targets)) {
    if (call.path === null) {
      record(skipped(call.name, 'GET', `needs ${call.needs.join(', ')}`));
      continue;
    }
    const answer = await exchange(
      session,
      { method: 'GET', path: call.path },
      call.answer,
      options.timeout,
    );
    record(resultOf(call.name, 'GET', answer));
  }

  if (options.write) {
    for (const result of await runWrites(session, options, tokenProblem)) record(result);
  }

  const counts: Record<Outcome, number> = { pass: 0, fail: 0, skipped: 0 };
  for (const result of results) counts[result.outcome]++;
  return {
    base: session.base,
    write: options.write,
    csrf: tokenProblem ?? `from ${session.tokenSource}`,
    results,
    counts,
  };
}

async function runWrites(
  session: Session,
  options: RunOptions,
  tokenProblem: string | null,
): Promise<CallResult[]> {
  const results: CallResult[] = [];
  const { targets, timeout } = options;

  const post = async (name: string, path: string, body: Body, answer: Answer) => {
    const withoutToken = await exchange(
      session,
      { method: 'POST', path, body, token: null },
      answer,
      timeout,
    );
    const sent = await exchange(
      session,
      { method: 'POST', path, body, token: session.token },
      answer,
      timeout,
    );
    const problems: Problem[] = [];
    // Accepted: a success the widgets would read. A refusal may be any status the backend
    // chooses, and a sign-in page (a redirect followed) is no acceptance either.
    if (withoutToken.problems.length === 0) {
      problems.push({
        flag: 'csrf',
        message: `accepted without the CSRF token (HTTP ${withoutToken.status}); it must be refused`,
      });
    }
    if (sent.problems.length > 0 && tokenProblem) {
      problems.push({ flag: 'setup', message: tokenProblem });
    }
    problems.push(...sent.problems);
    results.push(resultOf(name, 'POST', sent, problems));
    return sent.problems.length === 0 ? sent.value : null;
  };

  const context: WriteContext = {
    targets,
    async read<S extends v.GenericSchema>(path: string, schema: S) {
      const answer = await exchange(session, { method: 'GET', path }, json(schema), timeout);
      const [problem] = answer.problems;
      if (problem) {
        const at = problem.field ? ` at ${problem.field}` : '';
        throw new Error(`GET ${path}${at}: ${problem.message}`);
      }
      return answer.value as v.InferOutput<S>;
    },
    post: <S extends v.GenericSchema>(name: string, path: string, body: Body, schema: S) =>
      post(name, path, body, json(schema)) as Promise<v.InferOutput<S> | null>,
    skip: (name, reason) => results.push(skipped(name, 'POST', reason)),
  };

  for (const step of WRITE_STEPS) {
    const absent = step.needs.filter((name) => targets[name] === undefined);
    if (absent.length > 0) {
      for (const call of step.calls) results.push(skipped(call, 'POST', missing(absent)));
      continue;
    }
    try {
      await step.run(context, targets as Required<Targets>);
    } catch (error) {
      // The calls not yet made could not be: say why, as a failure of each.
      const made = new Set(results.map((result) => result.call));
      for (const call of step.calls.filter((name) => !made.has(name))) {
        results.push({
          call,
          method: 'POST',
          outcome: 'fail',
          problems: [{ flag: 'setup', message: `not sent: ${(error as Error).message}` }],
        });
      }
    }
  }
  return results;
}
