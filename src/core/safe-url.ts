/**
 * URLs from an attribute, the page configuration or the server that become a link or a form's
 * action: only schemes that load a page, so a `javascript:` (or `data:`, `vbscript:`) URL never
 * becomes something a click runs.
 */
import { AttributeError } from './attributes';

const PAGE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** `url` when following it loads a page (relative, http(s), mailto, tel); otherwise null. */
export function safeHref(url: string): string | null {
  try {
    // The URL parser drops the tabs, newlines and leading spaces a browser would drop too.
    return PAGE_PROTOCOLS.has(new URL(url, location.href).protocol) ? url : null;
  } catch {
    return null;
  }
}

/** A form's `data-action`, or `fallback` without one; an action no page answers is refused. */
export function formAction(action: string | undefined, fallback: string): string {
  if (action === undefined) return fallback;
  if (safeHref(action) === null) {
    throw new AttributeError(
      'data-action',
      'data-action must be a page of this site or an http(s) address',
    );
  }
  return action;
}
