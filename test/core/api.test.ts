import { HTTPError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardTileResponse, successMessageResponse } from '../../src/core/contract';
import {
  ApiError,
  apiFor,
  CANCELLED,
  createApi,
  isAbort,
  RETRY_DELAY_MS,
  retryAfterMs,
  SESSION_EXPIRED,
  TIMED_OUT,
  UNREACHABLE,
  UNREADABLE,
} from '../../src/runtime/api';
import { namedField, refusedFields } from '../../src/ui/refused-fields';

const config = { apiBase: '', timeout: 10_000 };
let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function text(body: string, status = 200, contentType = 'text/plain'): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

/** A fetch that never answers, and rejects as browsers do once its request is aborted. */
function hang(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
}

/** Request bodies as sent (read from a clone, as the client may have consumed the original). */
let bodies: string[];

function answer(...responses: (Response | Error)[]) {
  for (const response of responses) {
    fetchMock.mockImplementationOnce(async (request) => {
      bodies.push(await request.clone().text());
      if (response instanceof Error) throw response;
      return response;
    });
  }
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function requestAt(index: number): Request {
  const request = fetchMock.mock.calls[index]?.[0];
  if (!request) throw new Error(`no request #${index}`);
  return request;
}

/** A `<link rel="preload" as="fetch">` in the page's head. */
function preloadInPage(href: string) {
  // Given its `as` once in the page: happy-dom would fetch the preload (with no server there).
  document.head.insertAdjacentHTML('beforeend', `<link rel="preload" href="${href}" crossorigin>`);
  document.head.querySelector('link[rel="preload"]')?.setAttribute('as', 'fetch');
}

beforeEach(() => {
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  bodies = [];
  vi.stubGlobal('fetch', fetchMock);
  document.head.innerHTML = '<meta name="csrf-token" content="token-1">';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('GETs JSON from the same origin and decodes it against the contract', async () => {
    answer(json({ title: 'Open jobs', count: '12' }));
    const tile = await createApi(config).getJson('/dashboards/fetch/3', dashboardTileResponse);
    expect(tile).toEqual({ title: 'Open jobs', count: 12 });

    const request = requestAt(0);
    expect(request.method).toBe('GET');
    expect(request.url).toBe(`${location.origin}/dashboards/fetch/3`);
    expect(request.headers.get('accept')).toBe('application/json');
    expect(request.headers.get('x-csrf-token')).toBeNull();
    expect(request.credentials).toBe('same-origin');
  });

  it('asks for a preloaded call as the preload did, without headers of its own', async () => {
    preloadInPage('/dashboards/fetch/3');
    answer(json({ title: 'Open jobs', count: 12 }), json({ title: 'Open jobs', count: 12 }));
    const api = createApi(config);
    await api.getJson('/dashboards/fetch/3', dashboardTileResponse);
    await api.getJson('/dashboards/fetch/4', dashboardTileResponse);

    const preloaded = requestAt(0);
    expect([...preloaded.headers.keys()]).toEqual([]);
    expect(preloaded.mode).toBe('cors');
    expect(preloaded.credentials).toBe('same-origin');
    expect(requestAt(1).headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(requestAt(1).headers.get('accept')).toBe('application/json');
  });

  it("asks for a host's marked preload once, by its marked URL; then for the call itself", async () => {
    preloadInPage('/dashboards/fetch/3?fm_preload=k2x9');
    answer(json({ title: 'Open jobs', count: 12 }), json({ title: 'Open jobs', count: 11 }));
    const api = createApi(config);
    expect(await api.getJson('/dashboards/fetch/3', dashboardTileResponse)).toEqual({
      title: 'Open jobs',
      count: 12,
    });
    // A refresh asks again, unmarked, with the widgets' headers: the browser's copy is not used.
    await api.getJson('/dashboards/fetch/3', dashboardTileResponse);

    expect(requestAt(0).url).toBe(`${location.origin}/dashboards/fetch/3?fm_preload=k2x9`);
    expect([...requestAt(0).headers.keys()]).toEqual([]);
    expect(requestAt(1).url).toBe(`${location.origin}/dashboards/fetch/3`);
    expect(requestAt(1).headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it("takes no preload of another call, nor a mark that is not the page's", async () => {
    preloadInPage('/dashboards/fetch/31?fm_preload=k2x9');
    answer(json({ title: 'Open jobs', count: 12 }), json({ title: 'Open jobs', count: 12 }));
    const api = createApi(config);
    await api.getJson('/dashboards/fetch/3', dashboardTileResponse);
    await api.getJson('/dashboards/fetch/31', dashboardTileResponse, {
      searchParams: { fm_preload: 'other' },
    });
    expect(requestAt(0).url).toBe(`${location.origin}/dashboards/fetch/3`);
    expect(requestAt(0).headers.get('accept')).toBe('application/json');
    expect(requestAt(1).url).toBe(`${location.origin}/dashboards/fetch/31?fm_preload=other`);
    expect(requestAt(1).headers.get('accept')).toBe('application/json');
  });

  it('resolves paths against apiBase, leading slash or not, and adds search params', async () => {
    const api = createApi({ ...config, apiBase: '/portal' });
    answer(json({ title: 'a', count: 1 }), json({ title: 'a', count: 1 }));
    await api.getJson('/dashboards/fetch/3', dashboardTileResponse);
    await api.getJson('api/users/search?term=ab', dashboardTileResponse, {
      searchParams: { type: 3, capex_approver: 1 },
    });
    expect(requestAt(0).url).toBe(`${location.origin}/portal/dashboards/fetch/3`);
    expect(requestAt(1).url).toBe(
      `${location.origin}/portal/api/users/search?term=ab&type=3&capex_approver=1`,
    );

    answer(json({ title: 'a', count: 1 }));
    await createApi({ ...config, apiBase: 'https://api.example.com/v1/' }).getJson(
      '/dashboards/fetch/3',
      dashboardTileResponse,
    );
    expect(requestAt(2).url).toBe('https://api.example.com/v1/dashboards/fetch/3');
  });

  it('POSTs JSON with the CSRF token read at request time', async () => {
    const api = createApi(config);
    answer(json({ status: 'success', message: 'Sent' }), json({ status: 'success', message: 'x' }));
    const result = await api.postJson('/api/mailer/send', { job_id: 1 }, successMessageResponse);
    expect(result).toEqual({ status: 'success', message: 'Sent' });

    const request = requestAt(0);
    expect(request.method).toBe('POST');
    expect(request.headers.get('x-csrf-token')).toBe('token-1');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(bodies[0]).toBe('{"job_id":1}');

    document.head.innerHTML = '<meta name="csrf-token" content="token-2">';
    await api.postJson('/api/mailer/send', {}, successMessageResponse);
    expect(requestAt(1).headers.get('x-csrf-token')).toBe('token-2');
  });

  it('POSTs a form with the CSRF token', async () => {
    answer(json({ status: 'success', message: 'Saved' }));
    const form = new URLSearchParams({ cost_id: '4', 'CostValidate[1]': '2' });
    await createApi(config).postForm('/costs_cost_validates/edit', form, successMessageResponse);
    const request = requestAt(0);
    expect(request.headers.get('x-csrf-token')).toBe('token-1');
    expect(request.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(bodies[0]).toBe('cost_id=4&CostValidate%5B1%5D=2');
  });

  describe('on a page the offline worker showed from the device', () => {
    const SHOWN_FROM_DEVICE =
      '<meta name="fm-served-from-device" content="2026-03-02T08:14:00.000Z">' +
      '<meta name="csrf-token" content="kept-token">';
    /** The page as the host prints it now: a new session's token. */
    const pageNow = () =>
      text(
        '<html><head><meta name="csrf-token" content="new-token"></head></html>',
        200,
        'text/html',
      );
    /** The next call of fetch with a URL (the page's own, asked for again): answered by `reply`. */
    function pageAskedAgain(reply: () => Response | Error) {
      fetchMock.mockImplementationOnce(async (request) => {
        expect(String(request)).toBe(document.location.href);
        const response = reply();
        if (response instanceof Error) throw response;
        return response;
      });
    }

    beforeEach(() => {
      document.head.innerHTML = SHOWN_FROM_DEVICE;
    });

    it('asks the host for the page once, and sends the token it prints now', async () => {
      const api = createApi(config);
      pageAskedAgain(pageNow);
      answer(
        json({ status: 'success', message: 'Sent' }),
        json({ status: 'success', message: 'x' }),
      );
      await api.postJson('/api/mailer/send', {}, successMessageResponse);
      expect(requestAt(1).headers.get('x-csrf-token')).toBe('new-token');
      expect(document.querySelector('meta[name="csrf-token"]')?.getAttribute('content')).toBe(
        'new-token',
      );
      // Once for the page: the next request sends the renewed token without asking again.
      await api.postJson('/api/mailer/send', {}, successMessageResponse);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(requestAt(2).headers.get('x-csrf-token')).toBe('new-token');
    });

    it('keeps its token when the page cannot be had, and asks again before the next request', async () => {
      const api = createApi(config);
      pageAskedAgain(() => new TypeError('Failed to fetch'));
      answer(json({ status: 'success', message: 'Sent' }));
      await api.postJson('/api/mailer/send', {}, successMessageResponse);
      expect(requestAt(1).headers.get('x-csrf-token')).toBe('kept-token');

      // The worker's kept copy of the page (no host answered) renews nothing, nor a sign-in
      // page (no token); the host's page does.
      pageAskedAgain(() => {
        const kept = pageNow();
        kept.headers.set('X-Fm-Kept-At', '2026-03-02T08:14:00.000Z');
        return kept;
      });
      answer(json({ status: 'success', message: 'Sent' }));
      await api.postJson('/api/mailer/send', {}, successMessageResponse);
      expect(requestAt(3).headers.get('x-csrf-token')).toBe('kept-token');
      pageAskedAgain(() => text('<html><body>Sign in</body></html>', 200, 'text/html'));
      answer(json({ status: 'success', message: 'Sent' }));
      await api.postJson('/api/mailer/send', {}, successMessageResponse);
      expect(requestAt(5).headers.get('x-csrf-token')).toBe('kept-token');
      pageAskedAgain(pageNow);
      answer(json({ status: 'success', message: 'Sent' }));
      await api.postJson('/api/mailer/send', {}, successMessageResponse);
      expect(requestAt(7).headers.get('x-csrf-token')).toBe('new-token');
    });

    it('asks again once when the host refuses a request with the renewed token, and sends it again', async () => {
      const api = createApi(config);
      pageAskedAgain(pageNow);
      const refused = json({ status: 'error', message: 'Missing or incorrect CSRF token' }, 403);
      answer(refused);
      pageAskedAgain(() =>
        text(
          '<html><head><meta name="csrf-token" content="cookie-token"></head></html>',
          200,
          'text/html',
        ),
      );
      answer(json({ status: 'success', message: 'Sent' }));
      const form = new URLSearchParams({ note: 'Boiler checked' });
      expect(await api.postForm('/api/notes/add', form, successMessageResponse)).toEqual({
        status: 'success',
        message: 'Sent',
      });
      expect(requestAt(3).headers.get('x-csrf-token')).toBe('cookie-token');
      expect(bodies).toEqual(['note=Boiler+checked', 'note=Boiler+checked']);

      // A refusal that is not the token's: asked once more, then the host's words, no third try.
      answer(json({ status: 'error', message: 'Not your job' }, 403));
      pageAskedAgain(pageNow);
      answer(json({ status: 'error', message: 'Not your job' }, 403));
      const error = await failure(api.postForm('/api/notes/add', form, successMessageResponse));
      expect(error.message).toBe('Not your job');
      expect(fetchMock).toHaveBeenCalledTimes(7);
    });

    it('asks for nothing before a GET', async () => {
      answer(json({ title: 'Open jobs', count: 1 }));
      await createApi(config).getJson('/dashboards/fetch/3', dashboardTileResponse);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });

  it('GETs text', async () => {
    answer(text('true'));
    expect(await createApi(config).getText('/api/costs/has_duplicate_invoice/INV-1/6')).toBe(
      'true',
    );
  });

  it('shares one client per apiBase and timeout', () => {
    expect(apiFor(config)).toBe(apiFor({ ...config }));
    expect(apiFor(config)).not.toBe(apiFor({ ...config, apiBase: '/other' }));
  });
});

describe('errors', () => {
  it("shows the server's message on a 4xx", async () => {
    answer(json({ status: 'error', message: 'Order Number is a required field.' }, 400));
    const error = await failure(createApi(config).postJson('/x', {}, successMessageResponse));
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'Order Number is a required field.',
      messages: ['Order Number is a required field.'],
    });
  });

  it("keeps the server's list of messages and joins them for display", async () => {
    answer(json({ status: 'error', message: ['Contractor is required.', 'Bad priority.'] }, 422));
    const error = await failure(createApi(config).postJson('/x', {}, successMessageResponse));
    expect(error.messages).toEqual(['Contractor is required.', 'Bad priority.']);
    expect(error.message).toBe('Contractor is required. Bad priority.');
  });

  it('explains a 500 without a message, and does not retry it', async () => {
    answer(text('Internal Server Error', 500));
    const error = await failure(createApi(config).getJson('/x', dashboardTileResponse));
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    expect(error.message).toBe(
      'The server could not complete the request (HTTP 500). Please try again.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a GET once, 300 ms later, on 502/503/504, and not on a 4xx', async () => {
    vi.useFakeTimers();
    answer(text('', 503), json({ title: 'Back', count: 1 }));
    const result = createApi(config).getJson('/x', dashboardTileResponse);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ title: 'Back', count: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    answer(json({ status: 'error', message: 'Not found' }, 404));
    const error = await failure(createApi(config).getJson('/x', dashboardTileResponse));
    expect(error.message).toBe('Not found');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('says a GET failed after two requests in all, 300 ms apart', async () => {
    vi.useFakeTimers();
    for (const status of [502, 503, 504]) {
      fetchMock.mockReset();
      answer(text('', status), text('', status), json({ title: 'Too late', count: 1 }));
      const pending = failure(createApi(config).getJson('/x', dashboardTileResponse));
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
      expect(await pending).toMatchObject({ kind: 'http', status });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    }
  });

  it("waits for the host's Retry-After up to 2 s, and does not ask again when it wants longer", async () => {
    vi.useFakeTimers();
    answer(
      new Response('', { status: 503, headers: { 'retry-after': '2' } }),
      json({ title: 'Back', count: 1 }),
    );
    const result = createApi(config).getJson('/x', dashboardTileResponse);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ title: 'Back', count: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // An hour, in seconds or as a date: the failure is said at once, after one request.
    const inAnHour = new Date(Date.now() + 3_600_000).toUTCString();
    for (const wait of ['3600', inAnHour]) {
      fetchMock.mockReset();
      answer(
        new Response(JSON.stringify({ status: 'error', message: 'Down for maintenance' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': wait },
        }),
        json({ title: 'Too soon', count: 1 }),
      );
      const error = await failure(createApi(config).getJson('/x', dashboardTileResponse));
      expect(error.message).toBe('Down for maintenance');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const refused = (value: string) =>
      new HTTPError(
        new Response('', { status: 503, headers: { 'retry-after': value } }),
        new Request('http://host/x'),
        {} as never,
      );
    const now = Date.parse('2026-03-02T10:00:00Z');
    expect(retryAfterMs(refused('1.5'), now)).toBe(1500);
    expect(retryAfterMs(refused('Mon, 02 Mar 2026 10:00:03 GMT'), now)).toBe(3000);
    expect(retryAfterMs(refused('Mon, 02 Mar 2026 09:00:00 GMT'), now)).toBe(0);
    expect(retryAfterMs(refused('soon'), now)).toBeNull();
    expect(retryAfterMs(new Error('no answer'), now)).toBeNull();
  });

  it('tells the user to check the connection on a network failure, after retrying a GET once', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const pending = failure(createApi(config).getJson('/x', dashboardTileResponse));
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(await pending).toMatchObject({ kind: 'network', message: UNREACHABLE });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("reads the field a host's message begins by naming", () => {
    expect(namedField('Job.priority_id: priority 9 cannot be used to release a job')).toBe(
      'Job.priority_id',
    );
    expect(namedField('Cost.authorised_via is required for a quote')).toBe('Cost.authorised_via');
    expect(namedField('budget_code_id: there is no budget code 9')).toBe('budget_code_id');
    expect(namedField('CostValidate[3]: there is no such item')).toBe('CostValidate.3');
    expect(namedField('Cost[invoice_number] is taken')).toBe('Cost.invoice_number');
    // Words, not paths: no field.
    for (const message of [
      'Order Number is a required field, please update the original job then try again.',
      'Password must be at least 8 characters',
      'Job 1001 has already been rejected',
      'i.e. nothing',
      'Approvals are disabled',
    ]) {
      expect(namedField(message)).toBeNull();
    }
  });

  it("finds the fields in a host's refusal, or in what a widget made of it; none in our own words", () => {
    const refused = new ApiError('http', [
      'Job.contractor_id: no',
      'A note',
      'Job.priority_id: no',
    ]);
    expect(refusedFields(refused)).toEqual(['Job.contractor_id', 'Job.priority_id']);
    expect(refusedFields(new Error(`Error: ${refused.message}`, { cause: refused }))).toEqual([
      'Job.contractor_id',
      'Job.priority_id',
    ]);
    expect(
      refusedFields(new ApiError('contract', ['costs[0].Cost.id: expected a number'])),
    ).toEqual([]);
    expect(refusedFields(new Error('Job.priority_id: no'))).toEqual([]);
  });

  it('never retries a POST', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(createApi(config).postJson('/x', {}, successMessageResponse));
    expect(error.kind).toBe('network');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockReset();
    answer(text('', 503));
    await failure(createApi(config).postJson('/x', {}, successMessageResponse));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after the configured timeout', async () => {
    fetchMock.mockImplementation(hang);
    const error = await failure(
      createApi({ ...config, timeout: 20 }).getJson('/x', dashboardTileResponse),
    );
    expect(error).toMatchObject({ kind: 'timeout', message: TIMED_OUT });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports malformed JSON', async () => {
    answer(
      json({ title: 'x', count: 1 }),
      text('{"title": "x", "count": ', 200, 'application/json'),
    );
    await createApi(config).getJson('/x', dashboardTileResponse);
    const error = await failure(createApi(config).getJson('/x', dashboardTileResponse));
    expect(error).toMatchObject({ kind: 'malformed', message: UNREADABLE });
  });

  it('recognises a login page as an expired session', async () => {
    const api = createApi(config);
    const loginPage =
      '<!DOCTYPE html><html><body><form action="/users/login"></form></body></html>';
    answer(
      text(loginPage, 200, 'text/html; charset=UTF-8'),
      text(loginPage, 200, 'application/octet-stream'),
      text(loginPage, 403, 'text/html'),
      text(loginPage, 200, 'text/html'),
    );
    for (let call = 0; call < 3; call++) {
      const error = await failure(api.postJson('/x', {}, successMessageResponse));
      expect(error).toMatchObject({ kind: 'session', message: SESSION_EXPIRED });
    }
    expect((await failure(api.getText('/x'))).kind).toBe('session');
  });

  it("words a failing server's or proxy's HTML error page as a server failure, not a sign-in", async () => {
    const api = createApi(config);
    const errorPage = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>';
    answer(text(errorPage, 500, 'text/html'), text(errorPage, 404, 'text/html'));
    expect(await failure(api.postJson('/x', {}, successMessageResponse))).toMatchObject({
      kind: 'http',
      message: 'The server could not complete the request (HTTP 500). Please try again.',
    });
    expect(await failure(api.postJson('/x', {}, successMessageResponse))).toMatchObject({
      kind: 'http',
      message: 'The server could not complete the request (HTTP 404). Please try again.',
    });
  });

  it('names what does not match the contract', async () => {
    answer(json({ title: 'Open jobs', count: 'many' }));
    const error = await failure(
      createApi(config).getJson('/dashboards/fetch/3', dashboardTileResponse),
    );
    expect(error.kind).toBe('contract');
    expect(error.message).toContain('GET /dashboards/fetch/3');
    expect(error.message).toContain('count');
  });

  it('reports an aborted request as aborted', async () => {
    fetchMock.mockImplementation(hang);
    const controller = new AbortController();
    const pending = failure(
      createApi(config).getJson('/x', dashboardTileResponse, { signal: controller.signal }),
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted', message: CANCELLED });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('what a widget makes of a failure', () => {
  it('tells an abort (nobody left to tell) from every other failure', () => {
    expect(isAbort(new ApiError('aborted', [CANCELLED]))).toBe(true);
    expect(isAbort(new ApiError('network', [UNREACHABLE]))).toBe(false);
    expect(isAbort(new DOMException('The operation was aborted.', 'AbortError'))).toBe(false);
  });
});
