/**
 * The linking table reloads the page once the host has stored its rows (docs/requirements.md §7):
 * how many rows the save changed is kept in sessionStorage, per page and table, for the reloaded
 * table to say in its words.
 */
const KEY_PREFIX = 'fm-linking-saved:';

const keyFor = (sourceUrl: string) => `${KEY_PREFIX}${location.pathname} ${sourceUrl}`;

/** Keeps `changed` (rows) for the table of `sourceUrl` on this page after it reloads. */
export function keepSavedNote(sourceUrl: string, changed: number | null): void {
  if (changed === null) return;
  try {
    sessionStorage.setItem(keyFor(sourceUrl), String(changed));
  } catch {
    // Storage refused (a private window's quota): the reloaded page just says nothing.
  }
}

/** The count kept before the reload, once: it is gone after this. */
export function takeSavedNote(sourceUrl: string): number | null {
  try {
    const key = keyFor(sourceUrl);
    const note = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    const changed = Number(note);
    return note !== null && Number.isSafeInteger(changed) && changed >= 0 ? changed : null;
  } catch {
    return null;
  }
}
