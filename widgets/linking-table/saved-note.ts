/**
 * The linking table reloads the page once the host has stored its rows (docs/requirements.md §7):
 * what the save changed is kept in sessionStorage, per page and table, for the reloaded table to
 * say.
 */
const KEY_PREFIX = 'fm-linking-saved:';

const keyFor = (sourceUrl: string) => `${KEY_PREFIX}${location.pathname} ${sourceUrl}`;

/** Keeps `note` for the table of `sourceUrl` on this page after it reloads. */
export function keepSavedNote(sourceUrl: string, note: string): void {
  try {
    sessionStorage.setItem(keyFor(sourceUrl), note);
  } catch {
    // Storage refused (a private window's quota): the reloaded page just says nothing.
  }
}

/** The note kept before the reload, once: it is gone after this. */
export function takeSavedNote(sourceUrl: string): string | null {
  try {
    const key = keyFor(sourceUrl);
    const note = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return note;
  } catch {
    return null;
  }
}
