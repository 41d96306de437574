import { useState } from 'react';
import { originalText } from '../../src/core/light-dom';
import { useHost } from '../../src/runtime/define';
import { Alert } from '../../src/ui/Alert';

export interface FlashProps {
  /** The message; without it, the text the host wrote inside the element. */
  message?: string;
}

/** docs/requirements.md §8: "A flash message is shown as a dismissible danger alert." */
export function Flash({ message }: FlashProps) {
  const { element, emit } = useHost();
  // Read during the first render, before React replaces the host's text.
  const [hostText] = useState(() => originalText(element));
  const [dismissed, setDismissed] = useState(false);
  const text = message ?? hostText;
  if (dismissed || text === '') return null;
  return (
    <Alert
      kind="danger"
      box="fm-flash alert alert-danger alert-dismissible"
      messages={text}
      onDismiss={() => {
        setDismissed(true);
        emit('fm-flash-dismissed', { message: text });
      }}
    />
  );
}
