import { useId, useState } from 'react';
import { formatDateTime } from '../../src/core/format';
import { Alert } from '../../src/ui/Alert';
import type { OutboxItem, Persistence } from '../../src/ui/outbox';
import type { QueuedAction } from './action-queue';
import { QUEUED_MESSAGE } from './queued-actions';
import { ACTION_LABELS } from './store';

/** Said when the browser would not promise to keep what waits on the device. */
export const NOT_PERSISTED =
  'This browser has not promised to keep what is saved on this device: it may delete it if the device runs short of space. Send it as soon as you have signal.';

const SENDING = 'sending…';

/** Said once Send now has tried and something still waits: the press did something. */
export const STILL_WAITING =
  'Not sent yet: could not reach the server. What waits is sent when connected.';

function actionText(entry: QueuedAction, sending: boolean): string {
  const what = `${ACTION_LABELS[entry.action]} at ${formatDateTime(new Date(entry.clientTime))}`;
  if (entry.refused) return `${what} was not accepted: ${entry.refused}`;
  return `${what}: ${sending ? SENDING : QUEUED_MESSAGE.toLowerCase()}`;
}

/** "Photo before (boiler.jpg) at 02/03/2026 09:20", "Site time 02/03/2026 09:15 – 11:40". */
function recordName(item: OutboxItem): string {
  const { record } = item;
  if (record.kind === 'siteTime') return `Site time ${record.summary}`;
  const at = formatDateTime(new Date(item.madeAt));
  return `Photo${record.stage ? ` ${record.stage}` : ''} (${record.name}) at ${at}`;
}

function itemText(item: OutboxItem): string {
  const what = recordName(item);
  switch (item.state) {
    case 'waiting':
      return `${what}: ${QUEUED_MESSAGE.toLowerCase()}`;
    case 'sending':
      return `${what}: ${SENDING}`;
    case 'sent':
      return `${what}: sent. ${item.sent ?? ''}`.trim();
    case 'refused':
      return `${what} was not accepted: ${item.refused ?? ''}`;
  }
}

interface Row {
  key: string;
  text: string;
  state: OutboxItem['state'];
  retry?: () => void;
  dismiss?: () => void;
}

export interface OnThisDeviceProps {
  entries: readonly QueuedAction[];
  /** The action entry this tab is sending. */
  sendingAction: string | null;
  items: readonly OutboxItem[];
  persistence: Persistence;
  /** Whether a send is under way: Retry and Send now wait for it. */
  busy: boolean;
  onRetryAction(key: string): void;
  onDismissAction(key: string): void;
  onRetry(key: string): void;
  onDismiss(key: string): void;
  onSendNow(): void;
}

function rowsOf(props: OnThisDeviceProps): Row[] {
  const actions = props.entries.map(
    (entry): Row => ({
      key: entry.key,
      text: actionText(entry, props.sendingAction === entry.key),
      state: entry.refused ? 'refused' : props.sendingAction === entry.key ? 'sending' : 'waiting',
      ...(entry.refused
        ? {
            retry: () => props.onRetryAction(entry.key),
            dismiss: () => props.onDismissAction(entry.key),
          }
        : {}),
    }),
  );
  const records = props.items.map(
    (item): Row => ({
      key: item.key,
      text: itemText(item),
      state: item.state,
      ...(item.state === 'refused' ? { retry: () => props.onRetry(item.key) } : {}),
      ...(item.state === 'refused' || item.state === 'sent'
        ? { dismiss: () => props.onDismiss(item.key) }
        : {}),
    }),
  );
  return [...actions, ...records];
}

/**
 * "On this device": the job's actions, photos and typed site times saved on the device, each with
 * its state (waiting, sending, sent, or refused with the host's reason), Retry and Dismiss; said
 * when the browser would not promise to keep them.
 */
export function QueueList(props: OnThisDeviceProps) {
  const id = useId();
  const [asked, setAsked] = useState(false);
  const rows = rowsOf(props);
  if (rows.length === 0) return null;
  const waiting = rows.some((row) => row.state === 'waiting');
  return (
    <div className="fm-engineer__device">
      <p className="fm-engineer__device-title" id={`${id}title`}>
        On this device
      </p>
      {/* What the browser may clear: once everything is sent, nothing of the engineer's is at risk. */}
      {props.persistence === 'refused' && rows.some((row) => row.state !== 'sent') && (
        <Alert kind="warning" messages={NOT_PERSISTED} />
      )}
      <ul className="fm-engineer__queue" aria-labelledby={`${id}title`}>
        {rows.map((row) => (
          <li key={row.key} className={`fm-engineer__queued fm-engineer__queued--${row.state}`}>
            <span id={`${id}${row.key}`}>{row.text}</span>
            {row.retry && (
              <button
                type="button"
                className="btn btn-outline-primary fm-engineer__button"
                disabled={props.busy}
                aria-describedby={`${id}${row.key}`}
                onClick={row.retry}
              >
                Retry
              </button>
            )}
            {row.dismiss && (
              <button
                type="button"
                className="btn btn-outline-secondary fm-engineer__button"
                aria-describedby={`${id}${row.key}`}
                onClick={row.dismiss}
              >
                Dismiss
              </button>
            )}
          </li>
        ))}
      </ul>
      {waiting && (
        <button
          type="button"
          className="btn btn-outline-primary fm-engineer__button"
          disabled={props.busy}
          onClick={() => {
            setAsked(true);
            props.onSendNow();
          }}
        >
          Send now
        </button>
      )}
      <p className="fm-engineer__still-waiting" role="status">
        {asked && waiting && !props.busy ? STILL_WAITING : ''}
      </p>
    </div>
  );
}
