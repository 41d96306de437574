import type { CoreConfig } from '../core/config';
import { type Portal, portalOf } from '../core/portal';

/** What the framing portal receives for each link followed inside the frame. */
export interface NavigateMessage {
  type: 'fm:navigate';
  path: string;
  portal: Portal | null;
}

/** What the framing portal receives when the framed page's content height changes (CSS px). */
export interface HeightMessage {
  type: 'fm:height';
  height: number;
}

/**
 * What the framing portal tells the frame: the part of the frame's viewport on the user's screen,
 * in the frame's CSS px from the top of its viewport (docs/portal.md).
 */
export interface ViewportMessage {
  type: 'fm:viewport';
  top: number;
  height: number;
}

/** The visible part, as custom properties on <html> that a dialog's CSS reads. */
export const VISIBLE_TOP = '--fm-visible-top';
export const VISIBLE_HEIGHT = '--fm-visible-height';

/** Larger than any frame; a bound that keeps a hostile number out of the page's CSS. */
const MAX_LENGTH = 1e6;

const isLength = (value: unknown): value is number =>
  typeof value === 'number' && value >= 0 && value <= MAX_LENGTH;

/** `data` as a viewport message, or null unless its type, top and height are exactly so. */
export function decodeViewport(data: unknown): ViewportMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, top, height } = data as Record<string, unknown>;
  if (type !== 'fm:viewport' || !isLength(top) || !isLength(height) || height === 0) return null;
  return { type, top, height };
}

type BridgeWindow = Window & Pick<typeof globalThis, 'ResizeObserver'>;

/**
 * The link bridge (docs/architecture.md, docs/requirements.md §2), inside an iframe only; outside
 * one it does nothing. Every message goes to the configured parent origin only (the page's own
 * origin when none is configured; never '*'), and only that origin's messages are heard:
 *
 * - a primary, unmodified click on a link posts its path and the page's portal (`fm:navigate`).
 *   Links to '#…' and non-http(s) links (`javascript:`, `mailto:`) are not navigation and are not
 *   posted, nor are clicks another handler has cancelled (such as a declined confirm link);
 * - the page's content height is posted at once and whenever it changes (`fm:height`), so that
 *   the portal can size its frame to it;
 * - the part of the frame the portal says is on screen (`fm:viewport`) is set on <html> as
 *   `--fm-visible-top` and `--fm-visible-height`, which the dialogs fit themselves into.
 *
 * Returns the uninstall function.
 */
export function installLinkBridge(
  win: BridgeWindow,
  config: Pick<CoreConfig, 'parentOrigin'>,
): () => void {
  if (win.parent === win) return () => {};
  const targetOrigin = config.parentOrigin || win.location.origin;
  const post = (message: NavigateMessage | HeightMessage) =>
    win.parent.postMessage(message, targetOrigin);
  const stopLinks = bridgeLinks(win, post);
  const stopSizing = bridgeSizing(win, targetOrigin, post);
  return () => {
    stopLinks();
    stopSizing();
  };
}

function bridgeLinks(win: Window, post: (message: NavigateMessage) => void): () => void {
  const postNavigation = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    const href = link?.getAttribute('href') ?? '#';
    if (href.startsWith('#')) return;
    const url = new URL(href, win.location.href);
    if (!/^https?:$/.test(url.protocol)) return;
    post({
      type: 'fm:navigate',
      path: url.pathname + url.search + url.hash,
      portal: portalOf(win.location.pathname),
    });
  };

  // Capture phase, so no handler inside the page (React's included) can keep it from the parent.
  win.document.addEventListener('click', postNavigation, true);
  return () => win.document.removeEventListener('click', postNavigation, true);
}

/**
 * Posts the content height (<html>'s box) when it changes, and sets the visible part the parent
 * tells. The first `fm:viewport` heard also has the height posted again: a parent whose script
 * ran after the first post has missed it.
 */
function bridgeSizing(
  win: BridgeWindow,
  parentOrigin: string,
  post: (message: HeightMessage) => void,
): () => void {
  const root = win.document.documentElement;
  let posted = -1;
  let heard = false;
  const postHeight = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height !== posted) post({ type: 'fm:height', height });
    posted = height;
  };
  const setVisiblePart = (event: MessageEvent) => {
    if (event.origin !== parentOrigin || event.source !== win.parent) return;
    const visible = decodeViewport(event.data);
    if (!visible) return;
    root.style.setProperty(VISIBLE_TOP, `${visible.top}px`);
    root.style.setProperty(VISIBLE_HEIGHT, `${visible.height}px`);
    if (heard) return;
    heard = true;
    posted = -1;
    postHeight();
  };
  const observer = new win.ResizeObserver(postHeight);
  observer.observe(root);
  postHeight();
  win.addEventListener('message', setVisiblePart);
  return () => {
    observer.disconnect();
    win.removeEventListener('message', setVisiblePart);
    root.style.removeProperty(VISIBLE_TOP);
    root.style.removeProperty(VISIBLE_HEIGHT);
  };
}
