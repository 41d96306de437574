import { type FormEvent, useState } from 'react';
import { useHost } from '../../src/runtime/define';
import { useApi } from '../../src/runtime/use-api';
import { type KeptOutcome, keepAndSend, type SiteTimeFormWords } from './keep-on-device';

/** What the form says of its last entry sent by itself: the host's words, or that it waits. */
export type KeptNotice = { kind: 'success' | 'info' | 'danger'; messages: string[] } | null;

/**
 * The form's send on a page kept on the device (`data-offline`): instead of the native post, the
 * entry is kept on the device and sent at once (keep-on-device.ts). Sent, the host's message shows
 * and the host page reads itself again (`fm-site-time-saved`), or the browser goes where the host
 * says (My jobs after a remote fix); refused, the host's words show with the fields kept (and
 * `fm-site-time-refused`, for the page to read itself again); with no
 * signal, it waits on the device and the form is cleared for the next entry.
 */
export function useKeptEntry(
  jobId: number,
  offline: boolean,
  summary: () => string,
  words: SiteTimeFormWords,
) {
  const { emit } = useHost();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<KeptNotice>(null);

  function settle(outcome: KeptOutcome, clear: () => void) {
    if (outcome.kind === 'refused') {
      setNotice({ kind: 'danger', messages: outcome.messages });
      // The job may have moved on (On Site, finished): the host page reads itself again.
      emit('fm-site-time-refused', { jobId, message: outcome.messages.join(' ') });
      return;
    }
    clear();
    if (outcome.kind === 'kept') {
      setNotice({ kind: 'info', messages: [words.kept()] });
      return;
    }
    const next = new URL(outcome.location || location.href, location.href);
    if (next.pathname !== location.pathname) return location.assign(next.href);
    setNotice({ kind: 'success', messages: [outcome.message] });
    emit('fm-site-time-saved', { jobId, message: outcome.message });
  }

  return {
    busy,
    notice,
    /** After the form's own check: takes the send over when the page keeps entries on the device. */
    onChecked(event: FormEvent<HTMLFormElement>, clear: () => void) {
      if (!offline || event.defaultPrevented) return;
      event.preventDefault();
      if (busy) return;
      setBusy(true);
      setNotice(null);
      const form = event.currentTarget;
      void keepAndSend(api, form, jobId, summary())
        .then((outcome) => settle(outcome, clear))
        .finally(() => setBusy(false));
    },
  };
}
