/*
 * A browser's side of a session with the backend: the cookies it keeps, and the CSRF token a page
 * gives it. The token is read as the widgets read it (the page's <meta name="csrf-token">), with
 * CakePHP's csrfToken cookie as the fallback, so the check does not depend on the token's format.
 */

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** CakePHP's CsrfProtectionMiddleware cookie. */
const CSRF_COOKIE = 'csrfToken';
const MAX_REDIRECTS = 5;

export interface SessionOptions {
  base: string;
  fetch: Fetch;
  /** `name=value; name2=value2`, as a browser's Cookie header. */
  cookie?: string | undefined;
  /** The token to send; without it, read from the page `open` is given. */
  csrf?: string | undefined;
}

export class Session {
  readonly base: string;
  private readonly jar = new Map<string, string>();
  private readonly fetcher: Fetch;
  token = '';
  /** Where the token came from, for the report's heading. */
  tokenSource = 'none';

  constructor(options: SessionOptions) {
    this.base = options.base.replace(/\/+$/, '');
    this.fetcher = options.fetch;
    for (const pair of (options.cookie ?? '').split(';')) {
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    if (options.csrf) {
      this.token = options.csrf;
      this.tokenSource = '--csrf';
    }
  }

  url(path: string): string {
    return `${this.base}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  /** Sends with the session's cookies and keeps the ones the answer sets. */
  async send(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size > 0) {
      headers.set('cookie', [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await this.fetcher(this.url(path), { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }

  /**
   * Opens `page` as a browser would (following redirects, keeping cookies) and takes its token,
   * unless one was given. Answers a problem to report, or null.
   */
  async open(page: string, signal: AbortSignal): Promise<string | null> {
    let path = page;
    let html = '';
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await this.send(path, { redirect: 'manual', signal });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        path = new URL(location, this.url(path)).pathname;
        await response.body?.cancel();
        continue;
      }
      html = await response.text();
      break;
    }
    if (this.token) return null;
    const meta = metaToken(html);
    if (meta) {
      this.token = meta;
      this.tokenSource = `<meta name="csrf-token"> of ${path}`;
      return null;
    }
    const cookie = this.jar.get(CSRF_COOKIE);
    if (cookie) {
      this.token = decodeURIComponent(cookie);
      this.tokenSource = `the ${CSRF_COOKIE} cookie`;
      return null;
    }
    return `no CSRF token: ${path} has no <meta name="csrf-token"> and no ${CSRF_COOKIE} cookie was set (give --csrf)`;
  }
}

/** The `content` of `<meta name="csrf-token">`, attributes in either order. */
function metaToken(html: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/\bname\s*=\s*["']csrf-token["']/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    if (content) return content;
  }
  return null;
}
