import type { ReactNode } from 'react';
import { useWords } from '../runtime/words';
import { Alert } from './Alert';
import messages from './messages';

/** What a save says it did: the rows it changed, not every row it posted. */
export function changesSaved(count: number, words = messages.form): string {
  return words.changesSaved(count);
}

export interface SaveBarProps {
  /** Unsaved edits exist: Save is enabled and the bar says so. */
  dirty: boolean;
  saving: boolean;
  loading: boolean;
  /** Why the last save failed. */
  error?: string | null;
  /** What the last save did, shown until the next edit: its words, or the rows it changed. */
  saved?: string | number | null;
  onSave(): void;
  /** Controls before Save (a search box, an Add button). */
  children?: ReactNode;
}

/**
 * The bar over an editable table: Save (enabled with unsaved edits, 'Saving...' while it
 * saves), a status that announces 'Unsaved changes' or what the save did, and the save error.
 */
export function SaveBar({ dirty, saving, loading, error, saved, onSave, children }: SaveBarProps) {
  const words = useWords(messages);
  const done = typeof saved === 'number' ? changesSaved(saved, words.form) : saved;
  const status = loading ? words.table.loading() : dirty ? words.form.unsaved() : (done ?? '');
  // Amber while edits wait, green once they are stored: a saved table reads as done, not as a warning.
  const tone = loading
    ? ''
    : dirty
      ? ' fm-save-bar__status--unsaved'
      : done
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
          {saving ? words.form.saving() : words.form.save()}
        </button>
        <span className={`fm-save-bar__status${tone}`} role="status">
          {status}
        </span>
      </div>
      {error && <Alert kind="danger" box="fm-table__error fm-save-bar__error" messages={error} />}
    </>
  );
}
