import { type ButtonHTMLAttributes, useCallback, useEffect, useRef, useState } from 'react';
import { errorLines } from '../core/error-text';
import { isAbort } from '../runtime/api';
import { useHost } from '../runtime/define';
import { useWords } from '../runtime/words';
import { Alert } from './Alert';
import { focusFieldAtFault } from './Field';
import messages from './messages';
import { refusedFields } from './refused-fields';

/** What came of an action: shown, and read out, under its button. */
export interface Outcome {
  ok: boolean;
  messages: readonly string[];
  /** The request fields a failure's host names (`Job.priority_id`), in its order. */
  fields: readonly string[];
}

/**
 * What a task returns when its own check stopped it before sending: its fields show why, and the
 * focus goes to the first of them at fault.
 */
export const HELD_BACK = Symbol('held back');

/**
 * The action's work, given the element's signal (aborted when the element leaves the page).
 * It returns the success message(s); HELD_BACK when its own check stopped it; or nothing when
 * there is nothing to say here (the success is told elsewhere). A throw becomes a failed outcome
 * with the error's messages.
 */
export type ActionTask = (
  signal: AbortSignal,
) => Promise<string | readonly string[] | typeof HELD_BACK | undefined>;

export interface Action {
  /** True from `run()` until the task settles. */
  busy: boolean;
  outcome: Outcome | null;
  /** How many runs the task's own check has held back: each sends the focus to a field at fault. */
  heldBack: number;
  /**
   * Whether the focus is still where it was when the last run started (or on nothing, its button
   * disabled under it): the user has not gone elsewhere meanwhile.
   */
  focusStayed(): boolean;
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
  const startedFrom = useRef<Element | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [heldBack, setHeldBack] = useState(0);

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    startedFrom.current = document.activeElement;
    setBusy(true);
    setOutcome(null);
    try {
      const done = await latestTask.current(signal);
      if (signal.aborted || done === undefined) return;
      if (done === HELD_BACK) setHeldBack((count) => count + 1);
      else setOutcome({ ok: true, messages: typeof done === 'string' ? [done] : done, fields: [] });
    } catch (failure) {
      if (!isAbort(failure) && !signal.aborted) {
        setOutcome({ ok: false, messages: errorLines(failure), fields: refusedFields(failure) });
      }
    } finally {
      running.current = false;
      if (!signal.aborted) setBusy(false);
    }
  }, [signal]);

  const focusStayed = useCallback(() => {
    const active = document.activeElement;
    return !active || active === document.body || active === startedFrom.current;
  }, []);
  const reset = useCallback(() => setOutcome(null), []);
  return { busy, outcome, heldBack, focusStayed, run, reset };
}

export interface ActionButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> {
  action: Action;
  /** Shown while the action runs (default `form.pleaseWait`, 'Please wait…'). */
  busyLabel?: string;
  /** The action saves: 'Saving...' (`form.saving`) while it runs, as every save says. */
  saves?: boolean;
}

/** The button that runs an action: disabled and `aria-busy` until it settles. */
export function ActionButton({
  action,
  busyLabel,
  saves = false,
  children,
  disabled,
  className = 'btn btn-primary',
  ...rest
}: ActionButtonProps) {
  const words = useWords(messages).form;
  return (
    <button
      {...rest}
      type="button"
      className={className}
      disabled={disabled || action.busy}
      aria-busy={action.busy}
      onClick={() => void action.run()}
    >
      {action.busy ? (busyLabel ?? (saves ? words.saving() : words.pleaseWait())) : children}
    </button>
  );
}

/** The part of the page an outcome's fields are in: its form or fieldset, else its card or section. */
const FIELDS_AROUND = 'form, fieldset, article, section';

/**
 * The action's outcome inside live regions that are on the page before any outcome arrives, so
 * screen readers announce it when it does: a success politely, a failure at once. The focus
 * moves too, not left on the button as if nothing had happened: after a check that held the
 * action back, to the first field at fault; after a failure, to the first field the host's
 * refusal names, else to the message itself. Unless the user has gone elsewhere meanwhile.
 */
export function ActionOutcome({ action }: { action: Action }) {
  const { outcome, heldBack, focusStayed } = action;
  const { element } = useHost();
  const box = useRef<HTMLDivElement>(null);
  /** The outcome's fields, unless the user has gone elsewhere since the action started. */
  const fieldsToFocus = useCallback(() => {
    const fields = box.current?.closest(FIELDS_AROUND) ?? element;
    const active = document.activeElement;
    return focusStayed() || (active !== null && fields.contains(active)) ? fields : null;
  }, [element, focusStayed]);

  useEffect(() => {
    const fields = heldBack > 0 ? fieldsToFocus() : null;
    if (fields) focusFieldAtFault(fields);
  }, [heldBack, fieldsToFocus]);

  useEffect(() => {
    const fields = outcome && !outcome.ok ? fieldsToFocus() : null;
    if (!fields || !outcome) return;
    if (focusFieldAtFault(fields, outcome.fields)) return;
    box.current?.querySelector<HTMLElement>('.fm-alert--danger')?.focus();
  }, [outcome, fieldsToFocus]);

  return (
    <div className="fm-action-outcome" ref={box}>
      <Alert kind="success" messages={outcome?.ok ? outcome.messages : []} standing />
      <Alert
        kind="danger"
        messages={outcome && !outcome.ok ? outcome.messages : []}
        standing
        focusable
      />
    </div>
  );
}
