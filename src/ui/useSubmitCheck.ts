import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { focusFieldAtFault } from './Field';

/** The props a form that posts natively to the host takes from its check. */
export interface SubmitCheck {
  ref: RefObject<HTMLFormElement | null>;
  /** Our check instead of the browser's (no bubbles, the same messages in every browser). */
  noValidate: true;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/**
 * The one submit check of a form that posts natively to the host (with SubmitButton): on submit,
 * `holdBack` shows in the fields what stops the form and says whether anything does. When
 * something does, the post is held back and, once the errors show, the focus goes to the first
 * field at fault in the order of the form. Spread the result on the `<form>`.
 */
export function useSubmitCheck(
  holdBack: () => boolean,
  /** Called when nothing holds the form back: a form that sends by itself takes the send over. */
  passed?: (event: FormEvent<HTMLFormElement>) => void,
): SubmitCheck {
  const ref = useRef<HTMLFormElement>(null);
  /** How often a send was held back: each time, the errors render first, then the focus moves. */
  const [heldBack, setHeldBack] = useState(0);
  useEffect(() => {
    if (heldBack > 0 && ref.current) focusFieldAtFault(ref.current);
  }, [heldBack]);
  return {
    ref,
    noValidate: true,
    onSubmit(event) {
      if (!holdBack()) return passed?.(event);
      event.preventDefault();
      setHeldBack((count) => count + 1);
    },
  };
}
