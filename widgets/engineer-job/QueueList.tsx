import { useId, useState } from 'react';
import { formatDateTime } from '../../src/core/format';
import { useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import type { OutboxItem, Persistence } from '../../src/ui/outbox';
import type { QueuedAction } from './action-queue';
import messages from './messages';
import { actionLabel } from './store';

type Words = (typeof messages)['engineerJob'];

function actionText(entry: QueuedAction, sending: boolean, words: Words): string {
  const what = words.actionAt({
    action: actionLabel(entry.action, words),
    time: formatDateTime(new Date(entry.clientTime)),
  });
  if (entry.refused) return words.itemRefused({ what, reason: entry.refused });
  return sending ? words.itemSending(what) : words.itemQueued(what);
}

const PHOTO_WORDS = { before: 'photoBefore', after: 'photoAfter' } as const;

/** "Photo before (boiler.jpg) at 02/03/2026 09:20", "Site time 02/03/2026 09:15 – 11:40". */
function recordName(item: OutboxItem, words: Words): string {
  const { record } = item;
  if (record.kind === 'siteTime') return words.siteTime(record.summary);
  const photo = { name: record.name, time: formatDateTime(new Date(item.madeAt)) };
  return record.stage ? words[PHOTO_WORDS[record.stage]](photo) : words.photo(photo);
}

function itemText(item: OutboxItem, words: Words): string {
  const what = recordName(item, words);
  switch (item.state) {
    case 'waiting':
      return words.itemQueued(what);
    case 'sending':
      return words.itemSending(what);
    case 'sent':
      return item.sent ? words.itemSentAnswer({ what, answer: item.sent }) : words.itemSent(what);
    case 'refused':
      return words.itemRefused({ what, reason: item.refused ?? '' });
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

function rowsOf(props: OnThisDeviceProps, words: Words): Row[] {
  const actions = props.entries.map(
    (entry): Row => ({
      key: entry.key,
      text: actionText(entry, props.sendingAction === entry.key, words),
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
      text: itemText(item, words),
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
  const words = useWords(messages).engineerJob;
  const id = useId();
  const [asked, setAsked] = useState(false);
  const rows = rowsOf(props, words);
  if (rows.length === 0) return null;
  const waiting = rows.some((row) => row.state === 'waiting');
  return (
    <div className="fm-engineer__device">
      <p className="fm-engineer__device-title" id={`${id}title`}>
        {words.onThisDevice()}
      </p>
      {/* What the browser may clear: once everything is sent, nothing of the engineer's is at risk. */}
      {props.persistence === 'refused' && rows.some((row) => row.state !== 'sent') && (
        <Alert kind="warning" messages={words.notPersisted()} />
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
                {words.retry()}
              </button>
            )}
            {row.dismiss && (
              <button
                type="button"
                className="btn btn-outline-secondary fm-engineer__button"
                aria-describedby={`${id}${row.key}`}
                onClick={row.dismiss}
              >
                {words.dismiss()}
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
          {words.sendNow()}
        </button>
      )}
      <p className="fm-engineer__still-waiting" role="status">
        {/* Once Send now has tried and something still waits: the press did something. */}
        {asked && waiting && !props.busy ? words.stillWaiting() : ''}
      </p>
    </div>
  );
}
