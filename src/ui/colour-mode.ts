import { useCallback, useEffect, useState } from 'react';

/** The attribute Bootstrap 5.3 switches colour modes with, on <html> or on any element. */
const MODE_ATTRIBUTE = 'data-bs-theme';

/** A token's value (`--fm-…`) where `element` is, as its mode and its host make it; '' if unset. */
export type TokenReader = (element: Element, token: `--${string}`) => string;

/**
 * Reads the tokens for what CSS cannot restyle by itself, such as a canvas drawn in their colours.
 * The reader is a new function whenever the page's colour mode may have changed (a `data-bs-theme`
 * set, changed or removed anywhere in the document, or the device's preferred scheme), so an
 * effect that depends on it draws again.
 */
export function useTokens(): TokenReader {
  const mode = useColourMode();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reader for each mode is the point
  return useCallback<TokenReader>(
    (element, token) => getComputedStyle(element).getPropertyValue(token).trim(),
    [mode],
  );
}

/** A number that changes whenever the page's colour mode may have. */
function useColourMode(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const changed = () => setVersion((count) => count + 1);
    const observer = new MutationObserver(changed);
    observer.observe(document.documentElement, {
      attributes: true,
      subtree: true,
      attributeFilter: [MODE_ATTRIBUTE],
    });
    const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
    scheme?.addEventListener('change', changed);
    return () => {
      observer.disconnect();
      scheme?.removeEventListener('change', changed);
    };
  }, []);
  return version;
}
