import { useEffect, useMemo, useRef } from 'react';
import { refusalMessages } from '../core/contract/refusal';
import { useWords } from '../runtime/words';
import { Alert } from './Alert';
import uiMessages from './messages';

/**
 * The host's message about a native post it refused, at the top of the form it brought the user
 * back to (the form's `data-refusal`, decoded by refusalMessages): shown as text in the one
 * message display, and given the focus once, so that the user starts from it; that no reason
 * was given when the host gave none (`form.refusedWithoutReason`). Nothing without a refusal.
 */
export function RefusedPost({ refusal }: { refusal: string | undefined }) {
  const given = useMemo(() => refusalMessages(refusal), [refusal]);
  const withoutReason = useWords(uiMessages).form.refusedWithoutReason();
  const messages = given?.length === 0 ? [withoutReason] : given;
  const box = useRef<HTMLDivElement>(null);
  const shown = messages !== null;
  useEffect(() => {
    if (shown) box.current?.querySelector<HTMLElement>('.fm-alert')?.focus();
  }, [shown]);
  if (messages === null) return null;
  return (
    <div ref={box} className="fm-refused-post">
      <Alert kind="danger" messages={messages} focusable />
    </div>
  );
}
