import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useWords } from '../runtime/words';
import messages from './messages';

export interface SubmitButtonProps {
  children: ReactNode;
  /** Disabled until the form may be sent (e.g. the password rules all pass). */
  disabled?: boolean;
  className?: string;
  /** Why the button is disabled, read out with it (the id of a visible explanation). */
  describedBy?: string;
  /** A form that sends by itself (not natively) says Saving... while its request runs. */
  busy?: boolean;
}

/**
 * docs/requirements.md §4: "Submit buttons show Saving... when clicked." (`form.saving`, the
 * default words'; an element shows its own).
 */
export const SAVING_LABEL = /* @__PURE__ */ messages.form.saving();

/**
 * The submit button of a form that posts natively to the host. Once the form is really sent
 * (its submit event not cancelled by validation), it shows 'Saving...' and the form cannot be
 * sent a second time (a double click or Enter again) until the page is left. Coming back to the
 * page through the history restores it.
 */
export function SubmitButton({
  children,
  disabled,
  className,
  describedBy,
  busy = false,
}: SubmitButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [saving, setSaving] = useState(false);
  const words = useWords(messages).form;

  // A layout effect: the guard is on the form as soon as the button can be pressed.
  useLayoutEffect(() => {
    const form = button.current?.form;
    if (!form) return;
    const controller = new AbortController();
    let sent = false;
    form.addEventListener(
      'submit',
      (event) => {
        if (sent) {
          event.preventDefault();
          event.stopImmediatePropagation();
          return;
        }
        // Other listeners (the widget's own validation) run after this one: decide once they have.
        setTimeout(() => {
          if (event.defaultPrevented || controller.signal.aborted) return;
          sent = true;
          setSaving(true);
        });
      },
      { capture: true, signal: controller.signal },
    );
    window.addEventListener(
      'pageshow',
      (event) => {
        if (!event.persisted) return;
        sent = false;
        setSaving(false);
      },
      { signal: controller.signal },
    );
    return () => controller.abort();
  }, []);

  return (
    <button
      ref={button}
      type="submit"
      className={className ?? 'btn btn-primary fm-submit'}
      disabled={disabled || saving || busy}
      aria-describedby={describedBy}
    >
      {saving || busy ? words.saving() : children}
    </button>
  );
}
