import type { CoreConfig } from '../core/config';
import { type Portal, portalOf } from '../core/portal';

/** What the framing portal receives for each link followed inside the frame. */
export interface NavigateMessage {
  type: 'fm:navigate';
  path: string;
  portal: Portal | null;
}

/**
 * The link bridge (docs/architecture.md, docs/requirements.md §2): inside an iframe, a primary,
 * unmodified click on a link posts its path and the page's portal to the parent window, to the
 * configured parent origin only (the page's own origin when none is configured; never '*'). Outside
 * an iframe it does nothing. Links to '#…' and non-http(s) links (`javascript:`, `mailto:`) are not
 * navigation and are not posted, nor are clicks another handler has cancelled (such as a declined
 * confirm link). Returns the uninstall function.
 */
export function installLinkBridge(
  win: Window,
  config: Pick<CoreConfig, 'parentOrigin'>,
): () => void {
  if (win.parent === win) return () => {};
  const targetOrigin = config.parentOrigin || win.location.origin;

  const postNavigation = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    const href = link?.getAttribute('href') ?? '#';
    if (href.startsWith('#')) return;
    const url = new URL(href, win.location.href);
    if (!/^https?:$/.test(url.protocol)) return;
    const message: NavigateMessage = {
      type: 'fm:navigate',
      path: url.pathname + url.search + url.hash,
      portal: portalOf(win.location.pathname),
    };
    win.parent.postMessage(message, targetOrigin);
  };

  // Capture phase, so no handler inside the page (React's included) can keep it from the parent.
  win.document.addEventListener('click', postNavigation, true);
  return () => win.document.removeEventListener('click', postNavigation, true);
}
