import { useEffect, useState } from 'react';

/**
 * A signal aborted when the calling component unmounts (the dialog closes) or the element leaves
 * the page, so no request outlives what shows its answer.
 */
export function useCallSignal(hostSignal: AbortSignal): AbortSignal {
  const [controller] = useState(() => new AbortController());
  useEffect(() => {
    const abort = () => controller.abort();
    if (hostSignal.aborted) abort();
    hostSignal.addEventListener('abort', abort);
    return () => {
      hostSignal.removeEventListener('abort', abort);
      abort();
    };
  }, [controller, hostSignal]);
  return controller.signal;
}
