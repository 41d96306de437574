import { formatDateTime } from '../../src/core/format';
import type { QueuedAction } from './action-queue';
import { QUEUED_MESSAGE } from './queued-actions';
import { ACTION_LABELS } from './store';

function entryText(entry: QueuedAction): string {
  const at = formatDateTime(new Date(entry.clientTime));
  const label = ACTION_LABELS[entry.action];
  return entry.refused
    ? `${label} at ${at} was not accepted: ${entry.refused}`
    : `${label} at ${at}: ${QUEUED_MESSAGE.toLowerCase()}`;
}

/** This job's actions saved on the device: waiting to be sent, or refused (with Dismiss). */
export function QueueList({
  entries,
  onDismiss,
}: {
  entries: readonly QueuedAction[];
  onDismiss(key: string): void;
}) {
  if (entries.length === 0) return null;
  return (
    <ul className="fm-engineer__queue" aria-label="Actions saved on this device">
      {entries.map((entry) => (
        <li
          key={entry.key}
          className={`fm-engineer__queued${entry.refused ? ' fm-engineer__queued--refused' : ''}`}
        >
          <span>{entryText(entry)}</span>
          {entry.refused && (
            <button
              type="button"
              className="btn btn-outline-secondary fm-engineer__button"
              onClick={() => onDismiss(entry.key)}
            >
              Dismiss
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
