import * as v from 'valibot';
import { describeBuiltIn, pathOf } from '../../src/core/contract/decode';
import { isHtml } from '../../src/runtime/api';
import type { Session } from './session';

/*
 * One exchange with the backend and what is wrong with its answer, judged as the widgets' HTTP
 * client judges it (src/runtime/api.ts): an HTML page is a lost session, a status over 399 a failure,
 * and the JSON must pass the contract's decoder.
 */

export type Flag = 'shape' | 'html' | 'not-json' | 'slow' | 'http' | 'network' | 'csrf' | 'setup';

export interface Problem {
  flag: Flag;
  /** The field the decoder refused, as the widgets' messages name it (`costs[0].Cost.id`). */
  field?: string;
  message: string;
  /** What came, as JSON, cut short. */
  received?: string;
}

/** How an answer is checked: by a decoder, or (a text answer) by a function naming what is wrong. */
export type Answer =
  | { kind: 'json'; schema: v.GenericSchema }
  | { kind: 'text'; expected: string; accepts: (body: string) => boolean };

export const json = (schema: v.GenericSchema): Answer => ({ kind: 'json', schema });

export type Body =
  | { json: unknown }
  | { form: URLSearchParams }
  | { multipart: () => FormData }
  | undefined;

export interface Exchange {
  url: string;
  ms: number;
  status?: number;
  /** The decoded answer when nothing is wrong. */
  value?: unknown;
  problems: Problem[];
}

const MAX_SHOWN = 80;

function cut(text: string, max = MAX_SHOWN): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function shown(value: unknown): string {
  return value === undefined ? 'nothing' : cut(JSON.stringify(value) ?? String(value));
}

/** The decoded answer, or the decoder's issues, each naming its field. */
function decodeAnswer(
  schema: v.GenericSchema,
  input: unknown,
): { value: unknown; problems: [] } | { problems: Problem[] } {
  const result = v.safeParse(schema, input, { message: describeBuiltIn });
  if (result.success) return { value: result.output, problems: [] };
  const problems = result.issues.map((issue): Problem => {
    const field = pathOf(issue);
    return {
      flag: 'shape',
      field: field === '' ? '(the answer)' : field,
      message: issue.input === undefined && field !== '' ? 'is required' : issue.message,
      received: shown(issue.input),
    };
  });
  return { problems };
}

function requestInit(method: string, body: Body, token: string | null): RequestInit {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  if (token) headers.set('X-CSRF-Token', token);
  if (body === undefined) return { method, headers };
  if ('json' in body) {
    headers.set('Content-Type', 'application/json');
    return { method, headers, body: JSON.stringify(body.json) };
  }
  return { method, headers, body: 'form' in body ? body.form : body.multipart() };
}

function judge(answer: Answer, response: Response, text: string): Omit<Exchange, 'url' | 'ms'> {
  const status = response.status;
  if (isHtml(response.headers.get('content-type'), text)) {
    return {
      status,
      problems: [
        { flag: 'html', message: `answered an HTML page (HTTP ${status}): a login page?` },
      ],
    };
  }
  if (!response.ok) {
    return {
      status,
      problems: [{ flag: 'http', message: `HTTP ${status}`, received: cut(text) }],
    };
  }
  if (answer.kind === 'text') {
    return answer.accepts(text)
      ? { status, value: text, problems: [] }
      : {
          status,
          problems: [
            { flag: 'shape', message: `expected ${answer.expected}`, received: cut(text) },
          ],
        };
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return { status, problems: [{ flag: 'not-json', message: 'not JSON', received: cut(text) }] };
  }
  return { status, ...decodeAnswer(answer.schema, input) };
}

/**
 * Sends one request (GETs without a token, POSTs with `token` unless it is null) and judges the
 * answer. An answer slower than `timeout` ms is given up, as the widgets give it up.
 */
export async function exchange(
  session: Session,
  request: { method: 'GET' | 'POST'; path: string; body?: Body; token?: string | null },
  answer: Answer,
  timeout: number,
): Promise<Exchange> {
  const url = session.url(request.path);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(timeout);
  // Raced as well as passed on: a fetch that ignores its signal is given up all the same.
  const timedOut = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  timedOut.catch(() => undefined);
  try {
    const response = await Promise.race([
      session.send(request.path, {
        ...requestInit(request.method, request.body, request.token ?? null),
        signal,
      }),
      timedOut,
    ]);
    const text = await Promise.race([response.text(), timedOut]);
    return { url, ms: elapsed(), ...judge(answer, response, text) };
  } catch (error) {
    const name = (error as Error | null)?.name;
    const slow = name === 'TimeoutError' || name === 'AbortError';
    return {
      url,
      ms: elapsed(),
      problems: [
        slow
          ? { flag: 'slow', message: `no answer within ${timeout} ms` }
          : { flag: 'network', message: `no answer: ${(error as Error).message}` },
      ],
    };
  }
}
