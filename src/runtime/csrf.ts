/** CakePHP's form field for the CSRF token (CsrfProtectionMiddleware reads `_csrfToken`). */
export const CSRF_FIELD = '_csrfToken';

/**
 * The page's CSRF token, from `<meta name="csrf-token">` as the host's layout prints it ('' when
 * there is none). Read at each use, not at start-up: the host may renew it.
 */
export function csrfToken(doc: Document = document): string {
  return doc.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
}
