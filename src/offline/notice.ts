import { HOST_ANSWERED_EVENTS } from '../core/engineer-events';
import { formatDate, formatTime } from '../core/format/dates';

// What a page shown from the device says (docs/offline.md): that there is no signal, from when the
// page is, and what waits for the signal.

/** What cannot be done until the signal is back, on a page shown from the device with a form. */
export const UNTIL_SIGNAL_WITH_FORMS =
  'Until the signal is back, this page is not updated, its forms cannot be sent, and pages not opened before cannot be opened.';

/**
 * The same on a page with no form (My jobs), and on a page with the engineer's screen, whose forms
 * keep what is typed (ACTIONS_WAIT): saying that its forms cannot be sent would contradict it.
 */
export const UNTIL_SIGNAL =
  'Until the signal is back, this page is not updated, and pages not opened before cannot be opened.';

/**
 * What still works on a page with the engineer's screen: its actions, and the site times and
 * photos of the forms that keep theirs (`data-offline`), wait on the device.
 */
export const ACTIONS_WAIT =
  'Sign On, Sign Off, Sign Off Complete, Remote Fix, site times and photos are saved on this device and sent when connected.';

/** When the page was kept: `08:14`, or `08:14 on 02/03/2026` when that was another day. */
function keptWhen(keptAt: Date, now: Date): string {
  const sameDay = formatDate(keptAt) === formatDate(now);
  return sameDay ? formatTime(keptAt) : `${formatTime(keptAt)} on ${formatDate(keptAt)}`;
}

/** `No signal: showing this page as of 08:14.`, with the date when it was kept another day. */
export function noSignalText(keptAt: Date, now: Date): string {
  return `No signal: showing this page as of ${keptWhen(keptAt, now)}.`;
}

/** Said in its place once the signal is back; the page is still the one kept on the device. */
export function signalBackText(keptAt: Date, now: Date): string {
  return `The signal is back. This page is as of ${keptWhen(keptAt, now)}: reload it to see it as it is now.`;
}

/** The notice's button once the signal is back. */
export const RELOAD = 'Reload';

/** Where the notice goes: the host's `[data-fm-offline-notice]`, else the top of `<main>` or the body. */
function placeOf(doc: Document): Element {
  return doc.querySelector('[data-fm-offline-notice]') ?? doc.querySelector('main') ?? doc.body;
}

/**
 * Puts the notice at the top of its place, once, in the host's Bootstrap alert (a status the
 * screen reader reads out): the words are ours and set as text.
 */
export function showNotice(doc: Document, keptAt: Date, now = new Date()): HTMLElement {
  doc.querySelector('.fm-offline-notice')?.remove();
  const notice = doc.createElement('div');
  notice.className = 'alert alert-warning fm-offline-notice';
  notice.setAttribute('role', 'status');
  const lines = doc.querySelector('fm-engineer-job')
    ? [noSignalText(keptAt, now), UNTIL_SIGNAL, ACTIONS_WAIT]
    : [
        noSignalText(keptAt, now),
        doc.querySelector('form') ? UNTIL_SIGNAL_WITH_FORMS : UNTIL_SIGNAL,
      ];
  for (const [index, line] of lines.entries()) {
    const paragraph = doc.createElement('p');
    if (index === 0) paragraph.append(doc.createElement('strong'));
    (paragraph.firstElementChild ?? paragraph).textContent = line;
    notice.append(paragraph);
  }
  placeOf(doc).prepend(notice);
  return notice;
}

/** The notice once the signal is back: the time the page is of, and a button to reload it. */
function showSignalBack(doc: Document, notice: HTMLElement, keptAt: Date): void {
  notice.className = 'alert alert-info fm-offline-notice';
  const line = doc.createElement('p');
  line.textContent = signalBackText(keptAt, new Date());
  const reload = doc.createElement('button');
  reload.type = 'button';
  reload.className = 'btn btn-sm btn-outline-secondary fm-offline-notice__reload';
  reload.textContent = RELOAD;
  reload.addEventListener('click', () => doc.location.reload());
  notice.replaceChildren(line, reload);
}

/**
 * Shows the notice and follows the signal: once the browser says it is online, or the host has
 * taken something the page sent, the notice says the signal is back and offers to reload; when the
 * browser says it is offline again, it says "No signal" again. Until `signal` aborts (the page's
 * life, in the page).
 */
export function followSignal(doc: Document, keptAt: Date, signal?: AbortSignal): void {
  let notice = showNotice(doc, keptAt);
  const window = doc.defaultView;
  if (!window) return;
  const back = () => showSignalBack(doc, notice, keptAt);
  window.addEventListener('online', back, { signal });
  window.addEventListener(
    'offline',
    () => {
      notice = showNotice(doc, keptAt);
    },
    { signal },
  );
  // Some browsers never fire `online` when the host alone was out of reach: the engineer's screen
  // saying the host took an action or a record says it as well.
  for (const name of HOST_ANSWERED_EVENTS) doc.addEventListener(name, back, { signal });
}
