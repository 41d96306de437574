import { useEffect, useState } from 'react';

/** The attribute Bootstrap 5.3 switches colour modes with, on <html> or on any element. */
const MODE_ATTRIBUTE = 'data-bs-theme';

/**
 * A number that changes whenever the page's colour mode may have: a `data-bs-theme` set, changed
 * or removed anywhere in the document, or the device's preferred scheme changing. For what CSS
 * cannot restyle by itself, such as a canvas drawn in colours read from the tokens.
 */
export function useColourMode(): number {
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

/** A token's value (`--fm-…`) where `element` is, as its mode and its host make it; '' if unset. */
export function tokenValue(element: Element, token: `--${string}`): string {
  return getComputedStyle(element).getPropertyValue(token).trim();
}
