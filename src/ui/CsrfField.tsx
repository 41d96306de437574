import { CSRF_FIELD, csrfToken } from '../runtime/csrf';

/** The hidden `_csrfToken` field every natively posted form carries. */
export function CsrfField() {
  return <input type="hidden" name={CSRF_FIELD} value={csrfToken()} />;
}
