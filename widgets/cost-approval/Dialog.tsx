import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { closeIcon, Icon } from '../../src/runtime/Icon';
import { useWords } from '../../src/runtime/words';
import messages from './messages';
import { type EscapeGuard, EscapeGuards } from './useUnsentGuard';

export interface DialogProps {
  /** The dialog's heading, which also labels it. */
  title: ReactNode;
  /** Called on Esc and on the close button; the owner unmounts the dialog. */
  onClose(): void;
  children?: ReactNode;
  /** Extra class on the dialog box, for its size. */
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

/**
 * A modal dialog on the WAI-ARIA dialog pattern: focus moves to its first control on opening,
 * Tab and Shift+Tab stay inside, Esc closes, and focus goes back to what opened it when it is
 * removed. Render it only while open. A panel holding unsent text keeps the first Esc from
 * closing it (useUnsentGuard).
 *
 * A control that goes away while focused (a panel an action closed) leaves focus on the page's
 * body: Esc is therefore heard on the document, not only inside the box, and the next Tab starts
 * in the dialog again.
 */
export function Dialog({ title, onClose, children, className }: DialogProps) {
  const titleId = useId();
  const words = useWords(messages).costApproval;
  const box = useRef<HTMLDivElement>(null);
  // Read on every keydown rather than captured, so a new handler from the owner is used.
  const close = useRef(onClose);
  close.current = onClose;
  // Esc closes unless a panel holds text not sent yet: the first Esc then keeps it (useUnsentGuard).
  const [guards] = useState(() => new Set<EscapeGuard>());
  const onEscape = useRef(() => {
    for (const held of guards) if (held()) return;
    close.current();
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const root = box.current;
    // Without scrolling: the box is in view, and in a frame taller than the screen a scroll to it
    // computed from where the box was a moment ago (the portal just scrolled) would jump the portal.
    if (root) (focusableIn(root)[0] ?? root).focus({ preventScroll: true });
    const lost = () => root && !root.contains(document.activeElement);
    const keys = new AbortController();
    document.addEventListener(
      'keydown',
      (event) => {
        if (!root || !lost()) return;
        if (event.key === 'Escape') {
          event.preventDefault();
          onEscape.current();
        } else if (event.key === 'Tab') {
          event.preventDefault();
          const focusable = focusableIn(root);
          (event.shiftKey ? focusable[focusable.length - 1] : focusable[0])?.focus();
        }
      },
      { signal: keys.signal },
    );
    // Focus that leaves for the page behind (a click on the backdrop, a script) comes back.
    document.addEventListener(
      'focusin',
      (event) => {
        if (root && event.target instanceof Node && !root.contains(event.target)) root.focus();
      },
      { signal: keys.signal },
    );
    return () => {
      keys.abort();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function trapKeys(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape.current();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const focusable = focusableIn(box.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === box.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="fm-dialog-backdrop">
      <div
        ref={box}
        className={className ? `fm-dialog ${className}` : 'fm-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapKeys}
      >
        <div className="fm-dialog__header">
          <h2 className="fm-dialog__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="fm-dialog__close" onClick={() => close.current()}>
            <Icon icon={closeIcon} label={words.close()} />
          </button>
        </div>
        <div className="fm-dialog__body">
          <EscapeGuards.Provider value={guards}>{children}</EscapeGuards.Provider>
        </div>
      </div>
    </div>
  );
}
