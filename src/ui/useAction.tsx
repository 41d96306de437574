import { type ButtonHTMLAttributes, useCallback, useRef, useState } from 'react';
import { errorLines } from '../core/error-text';
import { isAbort } from '../runtime/api';
import { useHost } from '../runtime/define';
import { Alert } from './Alert';

/** What came of an action: shown, and read out, under its button. */
export interface Outcome {
  ok: boolean;
  messages: readonly string[];
}

/**
 * The action's work, given the element's signal (aborted when the element leaves the page).
 * It returns the success message(s), or nothing when it stopped early (e.g. a field is
 * invalid: it shows that itself). A throw becomes a failed outcome with the error's messages.
 */
export type ActionTask = (signal: AbortSignal) => Promise<string | readonly string[] | undefined>;

export interface Action {
  /** True from `run()` until the task settles. */
  busy: boolean;
  outcome: Outcome | null;
  /** Runs the task, unless it is already running (no double submits). */
  run(): Promise<void>;
  /** Forgets the outcome (e.g. when the form is edited again). */
  reset(): void;
}

/**
 * The busy → outcome cycle of a button that sends something: one run at a time, the task
 * aborted with the element (an aborted run shows nothing), failures turned into messages fit
 * to show. Pair it with ActionButton and ActionOutcome. A part with a shorter life than the
 * element (a dialog's panel) passes its own `signal`.
 */
export function useAction(task: ActionTask, own?: AbortSignal): Action {
  const host = useHost();
  const signal = own ?? host.signal;
  const latestTask = useRef(task);
  latestTask.current = task;
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setOutcome(null);
    try {
      const done = await latestTask.current(signal);
      if (done !== undefined && !signal.aborted) {
        setOutcome({ ok: true, messages: typeof done === 'string' ? [done] : done });
      }
    } catch (failure) {
      if (!isAbort(failure) && !signal.aborted) {
        setOutcome({ ok: false, messages: errorLines(failure) });
      }
    } finally {
      running.current = false;
      if (!signal.aborted) setBusy(false);
    }
  }, [signal]);

  const reset = useCallback(() => setOutcome(null), []);
  return { busy, outcome, run, reset };
}

export interface ActionButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> {
  action: Action;
  /** Shown while the action runs (default 'Please wait…'). */
  busyLabel?: string;
}

/** The button that runs an action: disabled and `aria-busy` until it settles. */
export function ActionButton({
  action,
  busyLabel = 'Please wait…',
  children,
  disabled,
  className = 'btn btn-primary',
  ...rest
}: ActionButtonProps) {
  return (
    <button
      {...rest}
      type="button"
      className={className}
      disabled={disabled || action.busy}
      aria-busy={action.busy}
      onClick={() => void action.run()}
    >
      {action.busy ? busyLabel : children}
    </button>
  );
}

/**
 * The action's outcome inside live regions that are on the page before any outcome arrives, so
 * screen readers announce it when it does: a success politely, a failure at once.
 */
export function ActionOutcome({ action }: { action: Action }) {
  const { outcome } = action;
  return (
    <div className="fm-action-outcome">
      <div role="status">
        {outcome?.ok && <Alert kind="success" messages={outcome.messages} live={false} />}
      </div>
      <div role="alert">
        {outcome && !outcome.ok && <Alert kind="danger" messages={outcome.messages} live={false} />}
      </div>
    </div>
  );
}
