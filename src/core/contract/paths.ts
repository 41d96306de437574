// Path segments, apart from the schemas so a chunk that builds a path needs no valibot.
/** A value as one path segment. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/**
 * The query parameter a host may add to the URL of a `<link rel="preload" as="fetch">`: a mark of
 * its own for each page it renders, on which it lets the browser keep that one answer a minute
 * (README "Preloading a page's widgets"). WebKit hands an `as="fetch"` preload to no script
 * request; it answers the element's request from its HTTP cache instead. A reload has a new mark,
 * so it never sees an old answer. The element asks for the marked URL once, then for the call.
 */
export const PRELOAD_MARK = 'fm_preload';

/**
 * The `<meta>` the offline worker writes into a page it shows from the device, its `content` when
 * the page was kept (docs/offline.md): no page the host answers has it.
 */
export const SERVED_FROM_DEVICE = 'fm-served-from-device';

/** The header the offline worker stamps on what it keeps: when it was kept, ISO 8601. */
export const KEPT_AT_HEADER = 'X-Fm-Kept-At';
