import { newRecordId } from '../../src/core/record-id';
import type { Api } from '../../src/runtime/api';
import { CSRF_FIELD } from '../../src/runtime/csrf';
import type { SentAnswer } from '../../src/ui/outbox-send';
import type messages from './messages';

/*
 * The form on a page kept on the device (`data-offline`, the engineer's pages): its entry is kept
 * in the device's outbox first, with an entry_id of its own, then sent at once; with no signal it
 * waits there, listed under "On this device", and is sent later under the same id. The outbox's
 * code (IndexedDB) is a chunk this module loads on those pages only.
 */

/** What became of an entry saved with `data-offline`. */
export type KeptOutcome =
  | { kind: 'sent'; message: string; location: string }
  | { kind: 'refused'; messages: string[] }
  | { kind: 'kept' };

export type SiteTimeFormWords = (typeof messages)['siteTimeForm'];

/**
 * "02/03/2026 09:15 – 11:40, 2 engineers" (with ", remote fix"), as the list names it, in `words`:
 * the entry keeps it, so it stays in the words it was made in.
 */
export function entrySummary(
  values: { onSite: string; offSite: string; engineers: string; remoteFix: boolean },
  words: SiteTimeFormWords,
): string {
  const { onSite, offSite } = values;
  const span = offSite === '' ? onSite : words.entrySpan({ onSite, offSite });
  const engineers = Number(values.engineers);
  return values.remoteFix
    ? words.entryRemoteFix({ span, engineers })
    : words.entry({ span, engineers });
}

/** Keeps the form's entry on the device and tries to send it at once. */
export async function keepAndSend(
  api: Api,
  form: HTMLFormElement,
  jobId: number,
  summary: string,
): Promise<KeptOutcome> {
  const [{ outbox }, { outboxSender }] = await Promise.all([
    import('../../src/ui/outbox'),
    import('../../src/ui/outbox-send'),
  ]);
  // The token is read when it is sent: the page's may be renewed meanwhile.
  const fields = [...new FormData(form)].flatMap(([name, value]): [string, string][] =>
    name === CSRF_FIELD || typeof value !== 'string' ? [] : [[name, value]],
  );
  const key = newRecordId();
  await outbox().add({
    key,
    jobId,
    madeAt: new Date().toISOString(),
    record: { kind: 'siteTime', action: new URL(form.action, location.href).href, fields, summary },
  });
  let answer: SentAnswer | null = null;
  const onSent = (item: { key: string }, sent: SentAnswer) => {
    if (item.key === key) answer = sent;
  };
  await outbox().send(outboxSender(api, onSent));
  const item = (await outbox().list()).find((each) => each.key === key);
  if (item?.state === 'refused') {
    // Refused as it was made: said in the form, with the fields kept, as a native post's refusal.
    await outbox().dismiss(key);
    return { kind: 'refused', messages: [item.refused ?? ''] };
  }
  const sent = answer as SentAnswer | null;
  if (item?.state === 'sent' && sent) {
    // Sent as it was made: the form says so; the list keeps what was sent later.
    await outbox().dismiss(key);
    return { kind: 'sent', message: sent.message, location: sent.location ?? '' };
  }
  return { kind: 'kept' };
}
