import ky, { HTTPError, TimeoutError } from 'ky';
import type { GenericSchema, InferOutput } from 'valibot';
import type { CoreConfig } from '../core/config';
import { ContractError, decode } from '../core/contract/decode';
import { PRELOAD_MARK, SERVED_FROM_DEVICE } from '../core/contract/paths';
import { csrfToken } from './csrf';
import messages from './messages';

/*
 * The HTTP client of every widget (docs/architecture.md): base URL from the page configuration,
 * same-origin credentials, the page's CSRF token as X-CSRF-Token on every non-GET, a timeout,
 * retries for GET only, answers decoded against the contract, and one error type whose message is
 * fit to show. ky sends (one instance per configuration: its hooks, timeout and retries); this
 * module adds only what is ours: paths under apiBase, the login-page check and the messages.
 */

export type ApiErrorKind =
  | 'http'
  | 'network'
  | 'timeout'
  | 'session'
  | 'malformed'
  | 'contract'
  | 'aborted';

/** Every way a call can fail, with a `message` fit to show to the user. */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The server's messages when it sent a list, otherwise `[message]`. */
  readonly messages: string[];
  /** Worded by us, not the host (see {@link ourFailure}): an element's words may change it. */
  declare ours?: true;

  constructor(
    readonly kind: ApiErrorKind,
    messages: string[],
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(messages.join(' '), options);
    this.messages = messages;
  }
}

/** The ways a call fails that we word ourselves: each the key `failure.<kind>` of messages.json. */
export type FailureKind = keyof typeof messages.failure;

/** The words of a failure we word ourselves, in `words` (an element's, which a page may change). */
export function failureText(
  kind: FailureKind,
  status: number | undefined,
  words: typeof messages.failure,
): string {
  return words[kind](status as number);
}

/** The default words of the failures (the tests and browser suites compare against them). */
export const SESSION_EXPIRED = /* @__PURE__ */ messages.failure.session();
export const UNREADABLE = /* @__PURE__ */ messages.failure.malformed();
export const TIMED_OUT = /* @__PURE__ */ messages.failure.timeout();
export const UNREACHABLE = /* @__PURE__ */ messages.failure.network();
export const CANCELLED = /* @__PURE__ */ messages.failure.aborted();

/**
 * A failure we word ourselves, not the host (an HTTP failure without the host's message), in
 * `words`.
 */
export function ourFailure(
  kind: FailureKind,
  status?: number,
  options?: ErrorOptions,
  words: FailureWords = messages.failure,
): ApiError {
  const error = new ApiError(kind, [failureText(kind, status, words)], status, options);
  error.ours = true;
  return error;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

type SearchParams = Record<string, string | number | boolean>;
type Method = 'GET' | 'POST';

interface SendOptions extends RequestOptions {
  searchParams?: SearchParams;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (a form). */
  body?: FormData | URLSearchParams;
  accept?: string;
}

export interface Api {
  getJson<S extends GenericSchema>(
    path: string,
    schema: S,
    options?: RequestOptions & { searchParams?: SearchParams },
  ): Promise<InferOutput<S>>;
  postJson<S extends GenericSchema>(
    path: string,
    body: unknown,
    schema: S,
    options?: RequestOptions,
  ): Promise<InferOutput<S>>;
  postForm<S extends GenericSchema>(
    path: string,
    body: FormData | URLSearchParams,
    schema: S,
    options?: RequestOptions,
  ): Promise<InferOutput<S>>;
  /** A plain-text answer, such as the duplicate-invoice check's 'true' or 'false'. */
  getText(path: string, options?: RequestOptions): Promise<string>;
}

/** How long a GET waits before it is sent again, unless the host's Retry-After says otherwise. */
export const RETRY_DELAY_MS = 300;
/** The longest Retry-After waited for: a host that asks for longer is not asked again. */
export const RETRY_AFTER_CAP_MS = 2000;
/** What may be passing: a lost connection, a busy or restarting gateway. */
const PASSING_STATUSES = [502, 503, 504];

/** The wait a refusal's Retry-After asks for (seconds or an HTTP date), in ms; null without one. */
export function retryAfterMs(error: unknown, now = Date.now()): number | null {
  const header = error instanceof HTTPError ? error.response.headers.get('Retry-After') : null;
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Retried only when it is worth it, and quickly (docs/architecture.md: retries for GET only): a GET
 * that met a network failure or a busy gateway is sent once more, after 300 ms or after the host's
 * Retry-After when that is at most 2 s. A host that asks for longer (a legacy host in maintenance
 * may ask for an hour) is not asked again: the user reads the failure at once, and the widget's
 * own Retry is there. A timeout is not retried either: the user has waited long enough. A POST
 * never is: the host may have done it.
 */
const retry = {
  limit: 1,
  methods: ['get'],
  statusCodes: PASSING_STATUSES,
  afterStatusCodes: PASSING_STATUSES,
  maxRetryAfter: RETRY_AFTER_CAP_MS,
  delay: () => RETRY_DELAY_MS,
  shouldRetry: ({ error }: { error: Error }) =>
    (retryAfterMs(error) ?? 0) > RETRY_AFTER_CAP_MS ? false : undefined,
};

/** An abort means the element has left the page or the dialog closed: nobody is there to tell. */
export function isAbort(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'aborted';
}

/**
 * `path` against `apiBase` (a leading slash stays under the base), with `searchParams` added to
 * any query the path already has. Not ky's `prefixUrl` and `searchParams`: the first refuses a
 * leading slash and prefixes absolute URLs, the second replaces the path's own query.
 */
function resolve(apiBase: string, path: string, searchParams: SearchParams = {}): URL {
  const base = new URL(apiBase || '/', location.href);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const url = new URL(path.replace(/^\/(?!\/)/, ''), base);
  for (const [name, value] of Object.entries(searchParams)) url.searchParams.set(name, `${value}`);
  return url;
}

/** The preloads already taken over: each answers one request, the element's first. */
const takenPreloads = new WeakSet<HTMLLinkElement>();

/**
 * The URL the page preloads for `url` with `<link rel="preload" as="fetch">`, marked or not, the
 * first time it is asked for; null otherwise. Firefox and WebKit hand a preloaded answer only to
 * a request made as the preload was: same mode and credentials, and no header of its own.
 */
function takePreload(url: URL): URL | null {
  for (const link of document.querySelectorAll<HTMLLinkElement>(
    'link[rel="preload"][as="fetch"]',
  )) {
    if (takenPreloads.has(link)) continue;
    const preloaded = new URL(link.href);
    preloaded.searchParams.delete(PRELOAD_MARK);
    if (preloaded.href !== url.href) continue;
    takenPreloads.add(link);
    return new URL(link.href);
  }
  return null;
}

/** A login page (CakePHP redirects an expired session to one) rather than the JSON asked for. */
export function isHtml(contentType: string | null, body: string): boolean {
  return (contentType ?? '').includes('text/html') || body.trimStart().startsWith('<');
}

/** The host's `message` (a string or a list), if the body carries one. */
function serverMessages(body: string): string[] | null {
  try {
    const message = (JSON.parse(body) as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message !== '') return [message];
    if (Array.isArray(message) && message.length > 0) return message.map(String);
  } catch {
    // Not JSON: the caller falls back to a message of its own.
  }
  return null;
}

async function toApiError(error: unknown, signal: AbortSignal | undefined): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof TimeoutError) return ourFailure('timeout');
  if (signal?.aborted || (error as Error | null)?.name === 'AbortError') {
    return ourFailure('aborted', undefined, { cause: error });
  }
  if (error instanceof HTTPError) {
    const { response } = error;
    const body = await response.text().catch(() => '');
    return refusal(response.status, response.headers.get('content-type'), body);
  }
  return ourFailure('network', undefined, { cause: error });
}

/**
 * The error for an answer outside 2xx: a login page (HTML refused with 401 or 403, as an expired
 * session or token is), the host's message, or ours. An HTML error page of a failing server or
 * proxy (a 500, a 502) is a failure of the server: signing in again would not help.
 */
export function refusal(status: number, contentType: string | null, body: string): ApiError {
  const signIn = status === 401 || status === 403;
  if (signIn && isHtml(contentType, body)) return ourFailure('session', status);
  const host = serverMessages(body);
  return host ? new ApiError('http', host, status) : ourFailure('http', status);
}

/**
 * A 2xx answer's body read as JSON and decoded against `schema`, or the ApiError to show: a login
 * page is an expired session, what is not JSON is unreadable.
 */
export function readAnswer<S extends GenericSchema>(
  schema: S,
  contentType: string | null,
  body: string,
  what: string,
): InferOutput<S> {
  if (isHtml(contentType, body)) throw ourFailure('session');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw ourFailure('malformed', undefined, { cause: error });
  }
  try {
    return decode(schema, json, what);
  } catch (error) {
    if (!(error instanceof ContractError)) throw error;
    throw new ApiError('contract', [error.message], undefined, { cause: error });
  }
}

/**
 * On a page the offline worker showed from the device, the CSRF token is renewed before a
 * state-changing request (kept-page.ts, a file only such pages load); `again` after a 403.
 * Answers whether it was. The page is asked for by fetch here, the one place that sends requests.
 */
async function renewKeptToken(again = false): Promise<boolean> {
  if (!document.querySelector(`meta[name="${SERVED_FROM_DEVICE}"]`)) return false;
  // A file the browser could not load (no signal, not kept) renews nothing; the request still goes.
  const kept = await import('./kept-page').catch(() => null);
  return (
    kept?.renewToken(document, again, (url) =>
      fetch(url, { cache: 'no-store', headers: { Accept: 'text/html' } }),
    ) ?? false
  );
}

/** The words a client gives the failures it words itself: an element's `failure.*`. */
export type FailureWords = typeof messages.failure;

const clients = new WeakMap<FailureWords, Map<string, Api>>();

/**
 * The client for a configuration, wording the failures it words itself in `words` (useApi: the
 * element's); elements with the same apiBase, timeout and words share one.
 */
export function apiFor(
  config: Pick<CoreConfig, 'apiBase' | 'timeout'>,
  words: FailureWords = messages.failure,
): Api {
  // The words are one object per configuration that gives them (word-overrides.ts).
  const key = `${config.timeout} ${config.apiBase}`;
  let byConfig = clients.get(words);
  if (!byConfig) {
    byConfig = new Map();
    clients.set(words, byConfig);
  }
  let api = byConfig.get(key);
  if (!api) {
    api = createApi(config, words);
    byConfig.set(key, api);
  }
  return api;
}

export function createApi(
  { apiBase, timeout }: Pick<CoreConfig, 'apiBase' | 'timeout'>,
  words: FailureWords = messages.failure,
): Api {
  // Credentials are fetch's default, same-origin: the cookie of the host's session, never another's.
  const http = ky.create({
    timeout,
    retry,
    hooks: {
      beforeRequest: [
        async (request) => {
          if (request.method === 'GET') return;
          await renewKeptToken();
          const token = csrfToken();
          if (token) request.headers.set('X-CSRF-Token', token);
        },
      ],
    },
  });

  /** Sends through ky (which times out and retries); answers the body text, or throws ApiError. */
  async function send(
    method: Method,
    path: string,
    options: SendOptions,
    tokenRenewed = false,
  ): Promise<string> {
    const { signal, searchParams, json, body, accept = 'application/json' } = options;
    try {
      const url = resolve(apiBase, path, searchParams);
      // A preloaded call is sent as the preload was, without our headers, or it is made twice.
      const preloaded = method === 'GET' ? takePreload(url) : null;
      const headers = preloaded ? {} : { Accept: accept, 'X-Requested-With': 'XMLHttpRequest' };
      const response = await http(preloaded ?? url, { method, json, body, signal, headers });
      const text = await response.text();
      if (isHtml(response.headers.get('content-type'), text)) {
        throw ourFailure('session', response.status);
      }
      return text;
    } catch (error) {
      // A page shown from the device whose token was renewed before its first request may still
      // hold another session's: a request without a cookie made meanwhile has been given a new one.
      const refused = error instanceof HTTPError && error.response.status === 403;
      if (refused && method !== 'GET' && !tokenRenewed && (await renewKeptToken(true))) {
        return send(method, path, options, true);
      }
      throw await toApiError(error, signal);
    }
  }

  /** A failure we word ourselves, said again in this client's words. */
  const reworded = (error: unknown) =>
    error instanceof ApiError && error.ours
      ? ourFailure(error.kind as FailureKind, error.status, { cause: error.cause }, words)
      : error;

  async function sendJson<S extends GenericSchema>(
    method: Method,
    path: string,
    schema: S,
    options: SendOptions,
  ): Promise<InferOutput<S>> {
    try {
      return readAnswer(schema, null, await send(method, path, options), `${method} ${path}`);
    } catch (error) {
      throw reworded(error);
    }
  }

  return {
    getJson: (path, schema, { searchParams, signal } = {}) =>
      sendJson('GET', path, schema, { signal, searchParams }),
    postJson: (path, json, schema, { signal } = {}) =>
      sendJson('POST', path, schema, { signal, json }),
    postForm: (path, body, schema, { signal } = {}) =>
      sendJson('POST', path, schema, { signal, body }),
    getText: (path, { signal } = {}) =>
      send('GET', path, { signal, accept: 'text/plain, */*' }).catch((error: unknown) => {
        throw reworded(error);
      }),
  };
}
