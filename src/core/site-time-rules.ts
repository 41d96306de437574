/**
 * A site time as the site time form sends it (docs/requirements.md §4, §5): on site required, the
 * times as DD/MM/YYYY HH:mm, neither in the future and off site not before on site, a whole number
 * of 1 to 50 engineers. The form checks it before sending, the reference host on receipt. Pure; the
 * words are the catalog's `siteTime.*` (messages.json), their defaults named in job-messages.ts.
 */
import { type DateWords, invalidDateMessage, parseTyped } from './date-input';
import dateMessages from './date-input.messages';
import type { JobWords } from './job-messages';
import messages from './messages';

/**
 * The most people one site time can count (ENGINEERS_TOO_MANY says it): more on one visit is a
 * typing slip (99999), not a crew. docs/requirements.md gives no bound; this one is ours.
 */
export const MAX_ENGINEERS = 50;

/**
 * How far ahead of the clock that checks it (the phone's, then the host's) a time may be: a site
 * time records work done, never work to come, but two clocks seldom agree to the minute.
 */
export const CLOCK_ALLOWANCE_MS = 5 * 60_000;

/** The form's fields as typed. */
export interface SiteTimeValues {
  onSite: string;
  offSite: string;
  engineers: string;
}

export type SiteTimeErrors = Partial<Record<keyof SiteTimeValues, string>>;

/**
 * What stops the site time being sent (or kept), by field, in `words`; empty when it may be. `now`
 * is the checking side's clock (local time, as the typed times are).
 */
export function siteTimeErrors(
  values: SiteTimeValues,
  now: Date = new Date(),
  { siteTime: words }: JobWords = messages,
  dateWords: DateWords = dateMessages.date,
): SiteTimeErrors {
  const errors: SiteTimeErrors = {};
  const onSite = parseTyped(values.onSite, 'datetime');
  const offSite = parseTyped(values.offSite, 'datetime');
  const latest = now.getTime() + CLOCK_ALLOWANCE_MS;
  if (values.onSite.trim() === '') errors.onSite = words.onSiteRequired();
  else if (!onSite) errors.onSite = invalidDateMessage('datetime', values.onSite, dateWords);
  else if (onSite.getTime() > latest) errors.onSite = words.onSiteInFuture();
  if (values.offSite.trim() !== '' && !offSite) {
    errors.offSite = invalidDateMessage('datetime', values.offSite, dateWords);
  } else if (onSite && offSite && offSite < onSite) {
    errors.offSite = words.offSiteBeforeOnSite();
  } else if (offSite && offSite.getTime() > latest) {
    errors.offSite = words.offSiteInFuture();
  }
  if (!/^\s*[1-9]\d*\s*$/.test(values.engineers)) errors.engineers = words.engineersInvalid();
  else if (Number(values.engineers) > MAX_ENGINEERS)
    errors.engineers = words.engineersTooMany(MAX_ENGINEERS);
  return errors;
}
