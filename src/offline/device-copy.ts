import { PRELOAD_MARK, SERVED_FROM_DEVICE } from '../core/contract/paths';

// A page or data call kept on the device by the worker (docs/offline.md): stamped with when it was
// kept, marked when it is shown instead of the host's answer, and found again whatever mark a data
// preload's URL carried.

/**
 * The page's HTML with `<meta name="fm-served-from-device" content="{keptAt}">` first in its head
 * (or, without a head, after its `<html>` tag or the doctype), so the page's script can tell that
 * no host answered it and from when it is.
 */
export function markServedFromDevice(html: string, keptAt: string): string {
  const meta = `<meta name="${SERVED_FROM_DEVICE}" content="${keptAt.replace(/[^\w:.+-]/g, '')}">`;
  const after = [/<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i, /<!doctype[^>]*>/i]
    .map((tag) => tag.exec(html))
    .find((found) => found !== null);
  if (!after) return meta + html;
  const at = after.index + after[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}

/** When the page was kept, if the worker showed it from the device; null when the host answered. */
export function servedFromDevice(doc: Document): Date | null {
  const content = doc.querySelector(`meta[name="${SERVED_FROM_DEVICE}"]`)?.getAttribute('content');
  if (!content) return null;
  const keptAt = new Date(content);
  return Number.isNaN(keptAt.getTime()) ? null : keptAt;
}

/**
 * The URL a data call is kept under: without the preload mark (`?fm_preload=…`), which is new on
 * every page, so that the page shown from the device finds the answer its first visit kept.
 */
export function keptUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has(PRELOAD_MARK)) return url;
  parsed.searchParams.delete(PRELOAD_MARK);
  return parsed.href;
}
