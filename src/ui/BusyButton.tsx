import { type ButtonHTMLAttributes, useRef, useState } from 'react';

export interface BusyButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> {
  /** Runs on click; the button stays disabled and busy until it settles. */
  onAction(): unknown;
  /** Shown while the action runs (default 'Please wait…'). */
  busyLabel?: string;
}

/**
 * A button that runs an async action once: a second click while it runs does nothing, even
 * before React has re-rendered, and the button shows `busyLabel`, `aria-busy` and is disabled
 * until the action settles.
 */
export function BusyButton({
  onAction,
  busyLabel = 'Please wait…',
  children,
  disabled,
  ...rest
}: BusyButtonProps) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  async function run() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await onAction();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <button
      {...rest}
      type="button"
      disabled={disabled || busy}
      aria-busy={busy}
      onClick={() => void run()}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
