import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { errorLines } from '../core/error-text';
import { useHost } from '../runtime/define';
import { remoteLoad } from '../runtime/remote-load';

/** Remote data in a component: loading, on hand, or why it could not be had. */
export type RemoteState<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'error'; messages: string[] };

export type Remote<T> = RemoteState<T> & {
  /** Loads again (the Retry button). */
  retry(): void;
};

/**
 * remoteLoad (the one way to load remote data, which the stores hold) as a hook, for a widget
 * without a store of its own: `request` runs once per change of `deps` and per retry; only the
 * latest answer counts, and nothing is told once the element (or `own` signal) is aborted.
 */
export function useRemote<T>(
  request: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  own?: AbortSignal,
): Remote<T> {
  const host = useHost();
  const signal = own ?? host.signal;
  const [load] = useState(remoteLoad);
  const latestRequest = useRef(request);
  latestRequest.current = request;
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` name everything `request` reads; `attempt` asks again
  useEffect(() => {
    setState({ status: 'loading' });
    void load(() => latestRequest.current(signal), signal).then((done) => {
      if (!done) return;
      setState(
        done.ok
          ? { status: 'ready', value: done.value }
          : { status: 'error', messages: errorLines(done.error) },
      );
    });
  }, [...deps, load, signal, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
