import { useEffect, useRef } from 'react';

const FIELDS =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Space kept above a panel brought into view, so its border shows under the dialog's header. */
const GAP_PX = 8;

/**
 * Scrolls the dialog's body, and only it, as little as brings the whole panel into view, its
 * top first when it is taller than the body. (scrollIntoView would scroll the backdrop too and
 * take the dialog's title and × off a phone's screen.)
 */
function bringIntoView(panel: HTMLElement) {
  const body = panel.closest<HTMLElement>('.fm-dialog__body');
  if (!body) return;
  const room = body.getBoundingClientRect();
  const box = panel.getBoundingClientRect();
  const above = box.top - room.top - GAP_PX;
  const below = box.bottom - room.bottom;
  if (above < 0) body.scrollTop += above;
  else if (below > 0) body.scrollTop += Math.min(below, above);
}

/**
 * A job-action panel's focus. Once its form shows, the panel is brought into view and its first
 * field takes the focus (on a phone the panel opens below the fold, and a focus left on the
 * button says nothing happened), unless the user has gone elsewhere meanwhile. (After a failed
 * check or a refusal, ActionOutcome moves the focus.)
 */
export function usePanelFocus(ready: boolean) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = panel.current;
    if (!root) return;
    bringIntoView(root);
    if (!ready) return;
    const active = document.activeElement;
    const opener = active?.getAttribute('aria-controls') === root.id;
    if (active && active !== document.body && !opener && !root.contains(active)) return;
    root.querySelector<HTMLElement>(FIELDS)?.focus({ preventScroll: true });
  }, [ready]);
  return panel;
}
