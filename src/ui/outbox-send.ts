import { photoUploadPath, photoUploadResponse, siteTimeAddResponse } from '../core/contract';
import { errorText } from '../core/error-text';
import { type Api, ApiError } from '../runtime/api';
import { CSRF_FIELD, csrfToken } from '../runtime/csrf';
import messages from './messages';
import type { OutboxItem, PhotoRecord, SendOutcome, SiteTimeRecord } from './outbox';

/** The photo as call 16 takes it, with its upload_id: the host records it once. */
function photoForm(item: OutboxItem, record: PhotoRecord, file: Blob): FormData {
  const form = new FormData();
  form.append(CSRF_FIELD, csrfToken());
  form.append('site_id', String(record.siteId));
  form.append('job_id', String(item.jobId));
  form.append('upload_id', item.key);
  if (record.stage) form.append('stage', record.stage);
  form.append('file', file, record.name);
  return form;
}

/** The site time as the form posts it, with its entry_id: the host records it once. */
function siteTimeForm(item: OutboxItem, record: SiteTimeRecord): URLSearchParams {
  const body = new URLSearchParams(record.fields);
  body.set(CSRF_FIELD, csrfToken());
  body.set('SiteTime[entry_id]', item.key);
  return body;
}

/** What the host said it recorded; the page it would go to next, for a site time. */
export interface SentAnswer {
  message: string;
  location?: string;
  photo?: { id: number; filename: string; url: string };
}

/** The words of the outbox (messages.json, docs/words.md). */
export type OutboxWords = (typeof messages)['outbox'];

async function sendRecord(
  api: Api,
  item: OutboxItem,
  signal: AbortSignal | undefined,
  words: OutboxWords,
): Promise<SentAnswer> {
  const { record } = item;
  if (record.kind === 'siteTime') {
    return api.postForm(record.action, siteTimeForm(item, record), siteTimeAddResponse, { signal });
  }
  if (!record.file) throw new ApiError('http', [words.photoGone()], 410);
  const form = photoForm(item, record, record.file);
  return api.postForm(photoUploadPath(), form, photoUploadResponse, { signal });
}

/** Said of a waiting photo whose file the browser no longer has (the default words'). */
export const PHOTO_GONE = /* @__PURE__ */ messages.outbox.photoGone();

/**
 * Sends one item of the outbox through the page's client: a refusal (4xx, an expired session, an
 * answer that cannot be read) is kept with its words; anything else (no answer, a timeout, a 5xx)
 * leaves the item waiting, to be sent again under the same id.
 */
export function outboxSender(
  api: Api,
  onSent: (item: OutboxItem, answer: SentAnswer) => void = () => {},
  signal?: AbortSignal,
  words: OutboxWords = messages.outbox,
) {
  return async (item: OutboxItem): Promise<SendOutcome> => {
    try {
      const answer = await sendRecord(api, item, signal, words);
      onSent(item, answer);
      return { kind: 'sent', message: answer.message };
    } catch (error) {
      const retried =
        !(error instanceof ApiError) ||
        error.kind === 'network' ||
        error.kind === 'timeout' ||
        error.kind === 'aborted' ||
        (error.kind === 'http' && (error.status ?? 0) >= 500);
      return retried ? { kind: 'unsent' } : { kind: 'refused', message: errorText(error) };
    }
  };
}
