import ky, { HTTPError, type KyInstance, type Options, TimeoutError } from 'ky';
import type { GenericSchema, InferOutput } from 'valibot';
import type { PageConfig } from './config';
import { ContractError, decode } from './decode';

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

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const UNREADABLE = 'The server sent a response that could not be read.';
export const TIMED_OUT = 'The server took too long to respond. Please try again.';
export const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';
export const CANCELLED = 'The request was cancelled.';

function failedWithStatus(status: number): string {
  return `The server could not complete the request (HTTP ${status}). Please try again.`;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

type SearchParams = Record<string, string | number | boolean>;

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

/** Retried only when it is worth it: a GET that met a network failure or a busy gateway. */
const RETRY_STATUSES = [502, 503, 504];
const RETRY_LIMIT = 2;

function csrfToken(): string | null {
  return document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? null;
}

function createKy(timeout: number): KyInstance {
  return ky.create({
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    timeout,
    retry: {
      limit: RETRY_LIMIT,
      methods: ['get'],
      shouldRetry: ({ error }) =>
        error instanceof HTTPError
          ? RETRY_STATUSES.includes(error.response.status)
          : error instanceof TypeError,
    },
    hooks: {
      beforeRequest: [
        (request) => {
          // Read now, not at start-up: the host may renew the token (CakePHP's csrfToken).
          const token = csrfToken();
          if (request.method !== 'GET' && token) request.headers.set('X-CSRF-Token', token);
        },
      ],
    },
  });
}

/**
 * `path` against `apiBase` (ky's prefixUrl refuses a leading slash, so we resolve it here), with
 * `searchParams` added to any query the path already has (ky's would replace it).
 */
function resolve(apiBase: string, path: string, searchParams: SearchParams = {}): URL {
  const base = new URL(apiBase || '/', location.href);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const url = new URL(path.replace(/^\/(?!\/)/, ''), base);
  for (const [name, value] of Object.entries(searchParams)) url.searchParams.set(name, `${value}`);
  return url;
}

/** A login page (CakePHP redirects an expired session to one) rather than the JSON asked for. */
function isHtml(response: Response, body: string): boolean {
  return (
    (response.headers.get('content-type') ?? '').includes('text/html') ||
    body.trimStart().startsWith('<')
  );
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
  if (signal?.aborted || (error as Error | null)?.name === 'AbortError') {
    return new ApiError('aborted', [CANCELLED], undefined, { cause: error });
  }
  if (error instanceof TimeoutError) {
    return new ApiError('timeout', [TIMED_OUT], undefined, { cause: error });
  }
  if (error instanceof HTTPError) {
    const { response } = error;
    const body = await response.text().catch(() => '');
    if (isHtml(response, body)) {
      return new ApiError('session', [SESSION_EXPIRED], response.status, { cause: error });
    }
    const messages = serverMessages(body) ?? [failedWithStatus(response.status)];
    return new ApiError('http', messages, response.status, { cause: error });
  }
  return new ApiError('network', [UNREACHABLE], undefined, { cause: error });
}

const clients = new Map<string, Api>();

/** The client for a configuration; elements with the same apiBase and timeout share one. */
export function apiFor(config: Pick<PageConfig, 'apiBase' | 'timeout'>): Api {
  const key = `${config.timeout} ${config.apiBase}`;
  let api = clients.get(key);
  if (!api) {
    api = createApi(config);
    clients.set(key, api);
  }
  return api;
}

export function createApi({ apiBase, timeout }: Pick<PageConfig, 'apiBase' | 'timeout'>): Api {
  const client = createKy(timeout);

  /** Sends the request; answers the body text, or throws ApiError. */
  async function send(
    method: 'get' | 'post',
    path: string,
    { searchParams, ...options }: Options & RequestOptions & { searchParams?: SearchParams },
  ): Promise<string> {
    const { signal } = options;
    try {
      const response = await client(resolve(apiBase, path, searchParams), { ...options, method });
      const body = await response.text();
      if (isHtml(response, body)) throw new ApiError('session', [SESSION_EXPIRED], response.status);
      return body;
    } catch (error) {
      throw await toApiError(error, signal);
    }
  }

  async function sendJson<S extends GenericSchema>(
    method: 'get' | 'post',
    path: string,
    schema: S,
    options: Options & RequestOptions & { searchParams?: SearchParams },
  ): Promise<InferOutput<S>> {
    const body = await send(method, path, options);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw new ApiError('malformed', [UNREADABLE], undefined, { cause: error });
    }
    try {
      return decode(schema, json, `${method.toUpperCase()} ${path}`);
    } catch (error) {
      if (!(error instanceof ContractError)) throw error;
      throw new ApiError('contract', [error.message], undefined, { cause: error });
    }
  }

  return {
    getJson: (path, schema, { searchParams, signal } = {}) =>
      sendJson('get', path, schema, { signal, searchParams }),
    postJson: (path, json, schema, { signal } = {}) =>
      sendJson('post', path, schema, { signal, json }),
    postForm: (path, body, schema, { signal } = {}) =>
      sendJson('post', path, schema, { signal, body }),
    getText: (path, { signal } = {}) =>
      send('get', path, { signal, headers: { Accept: 'text/plain, */*' } }),
  };
}
