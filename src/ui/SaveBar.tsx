import type { ReactNode } from 'react';
import { formatCount } from '../core/format';
import { Alert } from './Alert';
import { SAVING_LABEL } from './SubmitButton';

/** What a save says it did: the rows it changed, not every row it posted. */
export function changesSaved(count: number): string {
  if (count === 0) return 'Saved. Nothing had changed.';
  return count === 1 ? '1 change saved' : `${formatCount(count)} changes saved`;
}

export interface SaveBarProps {
  /** Unsaved edits exist: Save is enabled and the bar says so. */
  dirty: boolean;
  saving: boolean;
  loading: boolean;
  /** Why the last save failed. */
  error?: string | null;
  /** What the last save did, shown until the next edit. */
  saved?: string | null;
  onSave(): void;
  /** Controls before Save (a search box, an Add button). */
  children?: ReactNode;
}

/**
 * The bar over an editable table: Save (enabled with unsaved edits, 'Saving...' while it
 * saves), a status that announces 'Unsaved changes' or what the save did, and the save error.
 */
export function SaveBar({ dirty, saving, loading, error, saved, onSave, children }: SaveBarProps) {
  const status = loading ? 'Loading…' : dirty ? 'Unsaved changes' : (saved ?? '');
  // Amber while edits wait, green once they are stored: a saved table reads as done, not as a warning.
  const tone = loading
    ? ''
    : dirty
      ? ' fm-save-bar__status--unsaved'
      : saved
        ? ' fm-save-bar__status--saved'
        : '';
  return (
    <>
      <div className="fm-save-bar">
        {children}
        <button
          type="button"
          className="btn btn-primary fm-save-bar__save"
          disabled={!dirty || saving}
          aria-busy={saving}
          onClick={onSave}
        >
          {saving ? SAVING_LABEL : 'Save'}
        </button>
        <span className={`fm-save-bar__status${tone}`} role="status">
          {status}
        </span>
      </div>
      {error && <Alert kind="danger" box="fm-table__error fm-save-bar__error" messages={error} />}
    </>
  );
}
