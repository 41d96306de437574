import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetPages,
  ownScript,
  pageUrls,
  readOptions,
  startOffline,
} from '../../src/offline/register';
import { SESSION_MESSAGE } from '../../src/offline/session-message';

const MODULE = 'http://localhost:3000/dist/fm-offline.js';

function script(attributes: Record<string, string>): HTMLScriptElement {
  const element = document.createElement('script');
  // Not a module here: happy-dom would try to load it.
  element.type = 'text/x-test';
  element.src = '/dist/fm-offline.js';
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.head.append(element);
  return element;
}

/** A CacheStorage of names only. */
function cacheStorage(names: string[]): CacheStorage {
  const kept = new Set(names);
  return {
    keys: async () => [...kept],
    delete: async (name: string) => kept.delete(name),
  } as unknown as CacheStorage;
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("the script's options", () => {
  it('are read from its own <script>', () => {
    const own = script({ 'data-scope': '/engineer/', 'data-session': 'abc-1' });
    script({ 'data-session': 'other' }).src = '/dist/other.js';
    expect(ownScript(document, MODULE)).toBe(own);
    expect(readOptions(own)).toEqual({ scope: '/engineer/', session: 'abc-1' });
  });

  it('say what is wrong, in words for the integrator', () => {
    expect(() => readOptions(null)).toThrow('data-session is missing');
    expect(() => readOptions(script({ 'data-scope': '/e/', 'data-session': 'a b' }))).toThrow(
      'data-session must be 1 to 128 letters, digits, - or _ (got "a b")',
    );
    expect(() => readOptions(script({ 'data-session': 'abc' }))).toThrow(
      'data-scope must be a path such as /engineer/ (got "")',
    );
  });

  it('need no scope to forget, on the sign-in page', () => {
    expect(readOptions(script({ 'data-session': '' }))).toEqual({ scope: '', session: '' });
  });
});

describe('the URLs a page asks the worker to keep', () => {
  it("are the page's and its data calls' of its origin", () => {
    const entries = [
      { name: 'https://host/api/site_times/index/1004?fm_preload=Ab', initiatorType: 'link' },
      { name: 'https://host/demo-assets/host.css?v=1', initiatorType: 'link' },
      { name: 'https://host/api/jobs/1004', initiatorType: 'fetch' },
      { name: 'https://host/api/old', initiatorType: 'xmlhttprequest' },
      { name: 'https://host/dist/fm-widgets.js', initiatorType: 'script' },
      { name: 'https://elsewhere/api/jobs/1004', initiatorType: 'fetch' },
      { name: 'https://host/api/jobs/1004', initiatorType: 'fetch' },
    ];
    expect(pageUrls('https://host/engineer/jobs/1004#top', entries)).toEqual([
      'https://host/engineer/jobs/1004',
      'https://host/api/site_times/index/1004?fm_preload=Ab',
      'https://host/api/jobs/1004',
      'https://host/api/old',
    ]);
  });
});

describe('the page the engineer came from', () => {
  it('is kept too when it is of the scope and the origin (My jobs, left before the worker heard of it)', () => {
    const page = 'https://host/engineer/jobs/1004';
    expect(pageUrls(page, [], 'https://host/engineer/jobs#list', '/engineer/')).toEqual([
      page,
      'https://host/engineer/jobs',
    ]);
    for (const referrer of ['https://host/dashboard', 'https://elsewhere/engineer/jobs', '']) {
      expect(pageUrls(page, [], referrer, '/engineer/'), referrer).toEqual([page]);
    }
    // The page itself, come from itself (a reload), once.
    expect(pageUrls(page, [], page, '/engineer/')).toEqual([page]);
  });
});

describe('forgetting the pages', () => {
  it("deletes every session's pages and keeps the bundle and the host's files", async () => {
    const storage = cacheStorage([
      'fm-offline-pages-a',
      'fm-offline-pages-b',
      'fm-offline-bundle',
      'fm-offline-assets',
      'workbox-precache-v2-x',
    ]);
    await forgetPages(storage);
    expect(await storage.keys()).toEqual([
      'fm-offline-bundle',
      'fm-offline-assets',
      'workbox-precache-v2-x',
    ]);
  });
});

describe('on a page', () => {
  const postMessage = vi.fn();
  const register = vi.fn();
  // The page's life: its notice follows the signal until the test ends (the unit files of a
  // worker share one window, and another file's page must not hear this one's).
  let page = new AbortController();
  beforeEach(() => {
    page = new AbortController();
    postMessage.mockReset();
    register.mockReset().mockResolvedValue({ active: { postMessage } });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: null, register, getRegistration: vi.fn() },
    });
  });
  afterEach(() => {
    page.abort();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers the worker beside it over the scope, and tells it the session', async () => {
    script({ 'data-scope': '/engineer/', 'data-session': 'abc' });
    await startOffline(document, MODULE, page.signal);
    expect(register).toHaveBeenCalledWith(new URL('http://localhost:3000/dist/fm-sw.js'), {
      scope: '/engineer/',
    });
    expect(postMessage).toHaveBeenCalledWith({
      type: SESSION_MESSAGE,
      session: 'abc',
      urls: [expect.stringMatching(/^http:\/\/localhost:3000\//)],
      controlled: false,
    });
    expect(document.querySelector('.fm-offline-notice')).toBeNull();
  });

  it('says when the page was shown from the device', async () => {
    document.head.innerHTML =
      '<meta name="fm-served-from-device" content="2026-03-02T08:14:00.000Z">';
    document.body.innerHTML = '<main></main>';
    script({ 'data-scope': '/engineer/', 'data-session': 'abc' });
    await startOffline(document, MODULE, page.signal);
    expect(document.querySelector('main > .fm-offline-notice')?.textContent).toMatch(
      /^No signal: showing this page as of \d{2}:\d{2}( on 02\/03\/2026)?\./,
    );
  });

  it('registers nothing where no one is signed in', async () => {
    script({ 'data-session': '' });
    await startOffline(document, MODULE, page.signal);
    expect(register).not.toHaveBeenCalled();
  });
});
