import { KEPT_AT_HEADER, SERVED_FROM_DEVICE } from '../core/contract/paths';
import { csrfToken } from './csrf';

// The CSRF token of a page the offline worker showed from the device (docs/offline.md): the one it
// was kept with, and the session may be another since (a phone's browser restarted with no signal
// keeps no session cookie). Before its first state-changing request the page asks the host for
// itself once more and takes the token printed now. A file of its own: only such pages load it.

/** Each page shown from the device (its mark), renewing its token or done. */
const renewals = new WeakMap<Element, Promise<boolean>>();

/**
 * Renews the page's token once (a failed attempt, no signal yet or a sign-in page, is made again
 * next time); `again` after the host refused a request with it (a 403), whatever was done.
 * `askAgain` fetches the page's own address. Answers whether the token is the host's of now.
 */
export function renewToken(
  doc: Document,
  again: boolean,
  askAgain: (url: string) => Promise<Response>,
): Promise<boolean> {
  const mark = doc.querySelector(`meta[name="${SERVED_FROM_DEVICE}"]`);
  if (!mark) return Promise.resolve(false);
  let renewal = again ? undefined : renewals.get(mark);
  if (!renewal) {
    renewal = tokenOfNow(doc, askAgain)
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
 * Copies the CSRF token the host prints now into this page's `<meta name="csrf-token">`: the
 * answer's Set-Cookie gives the browser the cookie that token goes with. False when the host did
 * not answer with one: no signal (the worker's kept copy, stamped, is not the host's answer), an
 * error, or a redirect to the sign-in page. The page then keeps its own token.
 */
async function tokenOfNow(
  doc: Document,
  askAgain: (url: string) => Promise<Response>,
): Promise<boolean> {
  const response = await askAgain(doc.location.href);
  if (!response.ok || response.redirected || response.headers.has(KEPT_AT_HEADER)) return false;
  const token = csrfToken(new DOMParser().parseFromString(await response.text(), 'text/html'));
  const meta = doc.querySelector('meta[name="csrf-token"]');
  if (!token || !meta) return false;
  meta.setAttribute('content', token);
  return true;
}
