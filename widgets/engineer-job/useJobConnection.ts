import { useEffect } from 'react';
import { actionQueue } from './action-queue';
import type { Effects, EngineerJobStore } from './store';

/** How often waiting actions are tried again while the page is open (onLine can be wrong). */
const RETRY_INTERVAL_MS = 30_000;

/**
 * While the element is connected: looks up whether the engineer is signed on, then sends what
 * waits on the device, again when the browser comes online and every RETRY_INTERVAL_MS; follows
 * the device queue as this tab or another changes it.
 */
export function useJobConnection(store: EngineerJobStore, signal: AbortSignal, effects: Effects) {
  useEffect(() => {
    const { lookUpSignOn, replay, syncEntries } = store.getState();
    const connection = new AbortController();
    const stop = () => connection.abort();
    signal.addEventListener('abort', stop);
    const sendWaiting = () => void replay(effects);
    void lookUpSignOn(connection.signal).then(sendWaiting);
    window.addEventListener('online', sendWaiting, { signal: connection.signal });
    actionQueue().subscribe(() => syncEntries(connection.signal), connection.signal);
    const timer = setInterval(() => {
      if (store.getState().entries.some((entry) => !entry.refused)) sendWaiting();
    }, RETRY_INTERVAL_MS);
    connection.signal.addEventListener('abort', () => clearInterval(timer));
    return () => {
      signal.removeEventListener('abort', stop);
      stop();
    };
  }, [store, signal, effects]);
}
