import { useCallback, useEffect, useState } from 'react';
import type { Api } from '../../src/runtime/api';
import { useWords } from '../../src/runtime/words';
import uiMessages from '../../src/ui/messages';
import { askToPersist, type OutboxItem, outbox, type Persistence } from '../../src/ui/outbox';
import { outboxSender } from '../../src/ui/outbox-send';
import { actionQueue } from './action-queue';
import { actionBefore, recordsWait } from './record-order';

/** How often waiting records are tried again while the page is open (onLine can be wrong). */
const RETRY_INTERVAL_MS = 30_000;

export interface DeviceRecords {
  /** This job's photos and typed site times on the device, oldest first. */
  items: OutboxItem[];
  persistence: Persistence;
  /** Whether this tab is sending them now (Send now is then disabled). */
  sending: boolean;
  sendNow(): Promise<void>;
  retry(key: string): Promise<void>;
  dismiss(key: string): Promise<void>;
}

/**
 * The photos and typed site times of this job that wait on the device (src/ui/outbox.ts), as the
 * element lists them: sent on connect, when the browser comes online, when an action leaves the
 * queue and every RETRY_INTERVAL_MS while one waits, each after the actions made before it;
 * followed as this tab or another changes them. `onSent` tells the host page.
 */
export function useDeviceRecords(
  api: Api,
  jobId: number,
  signal: AbortSignal,
  onSent: () => void,
  /** Whether the screen's own actions wait on the device too. */
  actionsKept: boolean,
): DeviceRecords {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [persistence, setPersistence] = useState<Persistence>('unknown');
  const [sending, setSending] = useState(false);
  const words = useWords(uiMessages).outbox;

  const read = useCallback(async () => {
    const all = await outbox().list();
    if (!signal.aborted) setItems(all.filter((item) => item.jobId === jobId));
  }, [jobId, signal]);

  const sendNow = useCallback(async () => {
    setSending(true);
    let sent = false;
    try {
      await outbox().send(outboxSender(api, () => (sent = true), signal, words));
    } finally {
      if (!signal.aborted) setSending(false);
    }
    // Told once the outbox has marked them sent: an action recorded after them can go now (told
    // while the record still counted as sending, it waited for the next retry, 30 s).
    if (sent && !signal.aborted) onSent();
  }, [api, onSent, signal, words]);

  useEffect(() => {
    const connection = new AbortController();
    const stop = () => connection.abort();
    signal.addEventListener('abort', stop);
    outbox().subscribe(() => void read(), connection.signal);
    // What was recorded after an action that waits goes after it, whoever asks for the send (the
    // photos' drop zone, the site time form).
    outbox().hold(actionBefore, connection.signal);
    void read().then(() => sendNow());
    window.addEventListener('online', () => void sendNow(), { signal: connection.signal });
    // An action sent (or dismissed): what was recorded after it may go now (record-order.ts).
    actionQueue().subscribe(
      () =>
        void recordsWait().then((any) => {
          if (any && !connection.signal.aborted) void sendNow();
        }),
      connection.signal,
    );
    const timer = setInterval(() => {
      void outbox()
        .list()
        .then((all) => {
          if (all.some((item) => item.state === 'waiting')) void sendNow();
        });
    }, RETRY_INTERVAL_MS);
    connection.signal.addEventListener('abort', () => clearInterval(timer));
    return () => {
      signal.removeEventListener('abort', stop);
      stop();
    };
  }, [read, sendNow, signal]);

  // Asked once something waits: a browser asked with nothing to keep may say no for good.
  const waiting = items.length > 0 || actionsKept;
  useEffect(() => {
    if (waiting) void askToPersist().then(setPersistence);
  }, [waiting]);

  return {
    items,
    persistence,
    sending,
    sendNow,
    retry: async (key) => {
      await outbox().retry(key);
      await sendNow();
    },
    dismiss: (key) => outbox().dismiss(key),
  };
}
