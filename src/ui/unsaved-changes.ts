import { useEffect } from 'react';

/**
 * While `isDirty()` is true, leaving the page asks first (the browser's own beforeunload prompt).
 * The listener is tied to the element's connection `signal`, so it goes when the element does.
 */
export function useUnsavedChangesGuard(isDirty: () => boolean, signal: AbortSignal): void {
  useEffect(() => {
    window.addEventListener(
      'beforeunload',
      (event) => {
        if (!isDirty()) return;
        event.preventDefault();
        event.returnValue = '';
      },
      { signal },
    );
  }, [isDirty, signal]);
}
