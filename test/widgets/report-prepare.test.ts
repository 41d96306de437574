import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../src/core/error-text';
import { createApi, SESSION_EXPIRED } from '../../src/runtime/api';
import { describeFailure, userWords } from '../../widgets/report/errors';
import messages from '../../widgets/report/messages';
import { prepareConfiguration, prepareFilters } from '../../widgets/report/prepare';
import {
  fetchToken,
  parseExpiry,
  refreshAheadMs,
  refreshDelay,
  refusalText,
  TokenRefreshError,
} from '../../widgets/report/token';

const words = messages.report;

/** What the element says of a token request that failed. */
async function refusalSaid(request: Promise<unknown>): Promise<string> {
  const error = await request.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TokenRefreshError);
  return refusalText((error as TokenRefreshError).refusal, words, errorText);
}

const embedUrl = 'https://app.powerbi.com/reportEmbed?reportId=r1';
const config = JSON.stringify({ accessToken: 't', id: 'r1', embedUrl });
const filter = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Store', column: 'Region' },
  filterType: 1,
  operator: 'In',
  values: ['North'],
};

describe('the element attributes become a configuration, or every error (docs/requirements.md §5)', () => {
  it('lays the separate attributes over data-config, names accepted for enumerations', () => {
    const prepared = prepareConfiguration({
      embedType: 'report',
      config,
      accessToken: 'attribute-token',
      viewMode: 'Edit',
      tokenType: '0',
      permissions: 'ReadWrite',
    });
    expect(prepared).toEqual({
      ok: true,
      embedType: 'report',
      config: {
        accessToken: 'attribute-token',
        id: 'r1',
        embedUrl,
        viewMode: 1,
        tokenType: 0,
        permissions: 1,
      },
    });
  });

  it('reports missing attributes, bad JSON and bad names together', () => {
    expect(prepareConfiguration({})).toEqual({
      ok: false,
      errors: ['data-embed-type is required', 'data-config is required'],
    });
    expect(
      prepareConfiguration({
        embedType: 'movie',
        config: '{nope',
        viewMode: 'Watch',
        filters: '[1]',
      }),
    ).toEqual({
      ok: false,
      errors: [
        'data-embed-type must be one of report, paginated-report, dashboard, tile, qna, create, quick-create (got "movie")',
        expect.stringMatching(/^data-config must be valid JSON: /),
        'filters[0] must be an object',
        'data-view-mode must be one of View, Edit or their numbers',
      ],
    });
    expect(
      prepareConfiguration({ embedType: 'tile', config, filters: JSON.stringify([filter]) }),
    ).toEqual({
      ok: false,
      errors: ['data-filters applies only to reports', 'dashboardId is required'],
    });
    expect(prepareConfiguration({ embedType: 'report', config: '[1]' })).toEqual({
      ok: false,
      errors: ['data-config must be a JSON object'],
    });
  });

  it('puts the initial filters, page and bookmark of a report into its load configuration', () => {
    const prepared = prepareConfiguration({
      embedType: 'report',
      config,
      filters: JSON.stringify([filter]),
      pageName: 'Page2',
      bookmark: 'Mine',
    });
    expect(prepared).toMatchObject({
      ok: true,
      config: { filters: [filter], pageName: 'Page2', bookmark: { name: 'Mine' } },
    });
  });

  it('needs an https embedUrl of the analytics service, which powerbi-client insists on', () => {
    const at = (url: unknown) =>
      prepareConfiguration({
        embedType: 'dashboard',
        config: JSON.stringify({ accessToken: 't', id: 'd', embedUrl: url }),
      });
    expect(at(undefined)).toEqual({ ok: false, errors: ['embedUrl is required'] });
    expect(at('http://app.powerbi.com/x')).toEqual({
      ok: false,
      errors: [
        'embedUrl must be an https address of the analytics service (such as app.powerbi.com)',
      ],
    });
    expect(at('https://evil.example/x')).toMatchObject({ ok: false });
    expect(at('not a url')).toEqual({
      ok: false,
      errors: ['embedUrl must be an absolute https address of the analytics service'],
    });
    expect(at(5)).toEqual({ ok: false, errors: ['embedUrl must be a string'] });
    expect(at('https://app.powerbi.com/dashboardEmbed')).toMatchObject({ ok: true });
  });

  it('data-filters: absent or blank sets none; otherwise every filter is checked', () => {
    expect(prepareFilters(undefined)).toEqual({ ok: true, filters: undefined });
    expect(prepareFilters(' ')).toEqual({ ok: true, filters: undefined });
    expect(prepareFilters('[]')).toEqual({ ok: true, filters: [] });
    expect(prepareFilters('{}')).toEqual({
      ok: false,
      errors: ['filters must be an array of filters'],
    });
    expect(prepareFilters(JSON.stringify([filter, { ...filter, operator: 1 }]))).toEqual({
      ok: false,
      errors: ['filters[1].operator must be a string'],
    });
  });
});

describe('analytics errors (docs/requirements.md §8)', () => {
  it.each(Object.entries(userWords))('%s is recognised by errorCode or by message', (code, key) => {
    expect(describeFailure({ errorCode: code, message: 'x' }, words)).toEqual({
      code,
      message: words[key](),
    });
    expect(describeFailure([{ message: code }], words)).toMatchObject({ code });
  });

  it('tell the user the words of docs/requirements.md §8', () => {
    expect(describeFailure({ errorCode: 'PowerBINotAuthorizedException' }, words).message).toBe(
      'You do not have permission to view this report.',
    );
    expect(describeFailure({ message: 'Invalid parameters' }, words).message).toBe(
      'The analytics service did not accept this report’s settings. Please contact your administrator.',
    );
  });

  it('anything else gets a general message and keeps its own code', () => {
    expect(describeFailure({ message: 'SomethingElse' }, words)).toEqual({
      code: 'SomethingElse',
      message: 'The report could not be shown. Please try again later.',
    });
    expect(describeFailure(new Error('Embed Url is required'), words)).toMatchObject({
      code: 'Embed Url is required',
    });
    expect(describeFailure(undefined, words)).toMatchObject({ code: 'Unknown' });
  });
});

describe('token refresh', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads expiries as ISO date-times, epoch milliseconds or seconds', () => {
    expect(parseExpiry('2030-01-01T00:00:00Z')).toBe(Date.UTC(2030, 0, 1));
    expect(parseExpiry(1_900_000_000_000)).toBe(1_900_000_000_000);
    expect(parseExpiry('1900000000')).toBe(1_900_000_000_000);
    expect(parseExpiry('soon')).toBeUndefined();
    expect(parseExpiry(undefined)).toBeUndefined();
  });

  it('asks ahead of the expiry, at once when that is already past', () => {
    expect(refreshDelay(10_000_000, 0)).toBe(10_000_000 - refreshAheadMs);
    expect(refreshDelay(1000, 0)).toBe(0);
    // Beyond what setTimeout can wait, it waits as long as it can (and checks again).
    expect(refreshDelay(Date.UTC(2099, 0, 1), 0)).toBe(2 ** 31 - 1);
  });

  it('GETs the token address through the API client and reads { accessToken, expiry }; failures never show the token', async () => {
    const api = createApi({ apiBase: '', timeout: 10_000 });
    const fetchMock = vi.fn(async (_request: Request) =>
      Response.json({ accessToken: 'secret-token', expiry: '2030-01-01T00:00:00Z' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const signal = new AbortController().signal;
    await expect(fetchToken(api, '/token', signal)).resolves.toEqual({
      accessToken: 'secret-token',
      expiresAt: Date.UTC(2030, 0, 1),
    });
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.url).toBe(`${location.origin}/token`);
    expect(request?.credentials).toBe('same-origin');

    vi.stubGlobal('fetch', async () => new Response('no', { status: 403 }));
    expect(await refusalSaid(fetchToken(api, '/token', signal))).toBe(
      'A new access token was refused (HTTP 403).',
    );
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response('<!DOCTYPE html><form></form>', { headers: { 'content-type': 'text/html' } }),
    );
    expect(await refusalSaid(fetchToken(api, '/token', signal))).toBe(
      `A new access token was refused: ${SESSION_EXPIRED}`,
    );
    vi.stubGlobal('fetch', async () => Response.json({ token: 'secret-token' }));
    expect(await refusalSaid(fetchToken(api, '/token', signal))).toBe(
      'The token address answered without an accessToken.',
    );
    vi.useFakeTimers();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = refusalSaid(fetchToken(api, '/token', signal));
    // A GET is retried twice before it fails.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await offline).toBe('A new access token could not be requested (network error).');
  });
});
