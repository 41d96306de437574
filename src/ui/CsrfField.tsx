/** CakePHP's form field for the CSRF token (CsrfProtectionMiddleware reads `_csrfToken`). */
export const CSRF_FIELD = '_csrfToken';

/** The page's token, from `<meta name="csrf-token">` as the host's layout prints it. */
export function pageCsrfToken(doc: Document = document): string {
  return doc.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
}

/** The hidden `_csrfToken` field every natively posted form carries. */
export function CsrfField() {
  return <input type="hidden" name={CSRF_FIELD} value={pageCsrfToken()} />;
}
