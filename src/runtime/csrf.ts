import { KEPT_AT_HEADER, SERVED_FROM_DEVICE } from '../core/contract/paths';

/** CakePHP's form field for the CSRF token (CsrfProtectionMiddleware reads `_csrfToken`). */
export const CSRF_FIELD = '_csrfToken';

/**
 * The page's CSRF token, from `<meta name="csrf-token">` as the host's layout prints it ('' when
 * there is none). Read at each use, not at start-up: the host may renew it.
 */
export function csrfToken(doc: Document = document): string {
  return doc.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
}

/** Each page shown from the device (its mark), renewing its token or done. */
const renewals = new WeakMap<Element, Promise<boolean>>();

/**
 * Before a state-changing request from a page the offline worker showed from the device: its token
 * is the one it was kept with, and the session may be another since (a phone's browser restarted
 * with no signal keeps no session cookie). The page asks the host for itself once more and takes
 * the token printed now. Once done, it holds for the page; a failed attempt (no signal yet, a
 * sign-in page) is made again before the next request. `again`: the host refused a request (a
 * 403): ask once more, whatever was done.
 */
export function renewKeptToken(doc: Document = document, again = false): Promise<boolean> {
  const mark = doc.querySelector(`meta[name="${SERVED_FROM_DEVICE}"]`);
  if (!mark) return Promise.resolve(false);
  let renewal = again ? undefined : renewals.get(mark);
  if (!renewal) {
    renewal = renewToken(doc)
      .catch(() => false)
      .then((done) => {
        if (!done) renewals.delete(mark);
        return done;
      });
    renewals.set(mark, renewal);
  }
  return renewal;
}

/**
 * Asks the host for the page again (same origin, its cookies, past the browser's cache) and copies
 * the CSRF token it prints into this page's `<meta name="csrf-token">`: the answer's Set-Cookie
 * gives the browser the cookie that token goes with. False when the host did not answer with one:
 * no signal (the offline worker's kept copy, stamped, is not the host's answer), an error, or a
 * redirect to the sign-in page. The page then keeps its own token.
 */
async function renewToken(doc: Document): Promise<boolean> {
  const response = await fetch(doc.location.href, {
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { Accept: 'text/html' },
  });
  if (!response.ok || response.redirected || response.headers.has(KEPT_AT_HEADER)) return false;
  const token = csrfToken(new DOMParser().parseFromString(await response.text(), 'text/html'));
  const meta = doc.querySelector('meta[name="csrf-token"]');
  if (!token || !meta) return false;
  meta.setAttribute('content', token);
  return true;
}
