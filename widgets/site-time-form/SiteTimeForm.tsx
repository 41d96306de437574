import { useState } from 'react';
import dateMessages from '../../src/core/date-input.messages';
import { formatDateTime } from '../../src/core/format';
import { isEngineersWork, nothingToRecord, refusal } from '../../src/core/job-lifecycle';
import coreMessages from '../../src/core/messages';
import { formAction } from '../../src/core/safe-url';
import {
  MAX_ENGINEERS,
  type SiteTimeErrors,
  type SiteTimeValues,
  siteTimeErrors,
} from '../../src/core/site-time-rules';
import { useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import { CsrfField } from '../../src/ui/CsrfField';
import { DateInput } from '../../src/ui/DateInput';
import { CheckboxField, TextField } from '../../src/ui/Field';
import { RefusedPost } from '../../src/ui/RefusedPost';
import { SubmitButton } from '../../src/ui/SubmitButton';
import { useSubmitCheck } from '../../src/ui/useSubmitCheck';
import { entrySummary } from './keep-on-device';
import messages from './messages';
import { useJobStatus } from './useJobStatus';
import { useKeptEntry } from './useKeptEntry';

export interface SiteTimeFormProps {
  jobId: number;
  /** The host's action URL; `/site_times/add/{jobId}` by default. */
  action?: string;
  /** Initial on-site and off-site times, DD/MM/YYYY HH:mm. */
  onSite?: string;
  offSite?: string;
  engineers?: number;
  remoteFix: boolean;
  /**
   * The job's status id: the form then offers only what the job lifecycle allows (no Remote fix
   * for a job On Site, no form for a finished one). Without it everything is offered and the
   * host refuses what the job does not allow.
   */
  jobStatus?: number;
  /** The host's message about the post it refused (src/core/contract/refusal.ts). */
  refusal?: string;
  /**
   * Keeps each entry on the device and sends it from there, once (the engineer's pages, which
   * open with no signal): no native post, which could not be made offline.
   */
  offline: boolean;
}

/** `detail` of `fm-site-time-saved` and `fm-site-time-refused`. */
export interface SiteTimeSavedDetail {
  jobId: number;
  /** What the host said: what it recorded, or why not. */
  message: string;
}

/** The host's field names (CakePHP `SiteTime.on_site` etc.; see README). */
export const SITE_TIME_FIELDS = {
  jobId: 'SiteTime[job_id]',
  onSite: 'SiteTime[on_site]',
  offSite: 'SiteTime[off_site]',
  engineers: 'SiteTime[engineers]',
  remoteFix: 'SiteTime[remote_fix]',
} as const;

/**
 * docs/requirements.md §4: remote fix checked fills on site and off site with the current time and
 * engineers with 1 (all read-only); unchecked clears them (editable again).
 */
export function valuesForRemoteFix(checked: boolean, now: Date): SiteTimeValues {
  if (!checked) return { onSite: '', offSite: '', engineers: '' };
  const time = formatDateTime(now);
  return { onSite: time, offSite: time, engineers: '1' };
}

/**
 * The site time form (docs/requirements.md §2, §4): on site and off site (date-time pickers,
 * DD/MM/YYYY HH:mm, weeks from Monday), number of engineers and the remote fix checkbox. Posts
 * natively to the host with the host's field names; 'Saving...' once sent, and never sent twice.
 */
export function SiteTimeForm({
  jobId,
  action,
  onSite = '',
  offSite = '',
  engineers,
  remoteFix,
  jobStatus: printedStatus,
  refusal: refused,
  offline,
}: SiteTimeFormProps) {
  const words = useWords(messages).siteTimeForm;
  const jobWords = useWords(coreMessages);
  const dateWords = useWords(dateMessages).date;
  const jobStatus = useJobStatus(jobId, printedStatus);
  const job = { id: jobId, status_id: jobStatus ?? 0, cancelled: false };
  const known = jobStatus !== undefined;
  const remoteFixRefusal = known ? refusal('remotefix', 'engineer', job, jobWords) : null;
  const [ticked, setTicked] = useState(remoteFix);
  // A box no longer offered (the job went On Site meanwhile) locks nothing.
  const locked = ticked && remoteFixRefusal === null;
  const [values, setValues] = useState<SiteTimeValues>(() => ({
    onSite,
    offSite,
    engineers: engineers === undefined ? '' : String(engineers),
  }));
  const [errors, setErrors] = useState<SiteTimeErrors>({});
  const kept = useKeptEntry(
    jobId,
    offline,
    () => entrySummary({ ...values, remoteFix: locked }, words),
    words,
  );
  const submitCheck = useSubmitCheck(
    () => {
      const found = siteTimeErrors(values, new Date(), jobWords, dateWords);
      setErrors(found);
      return Object.keys(found).length > 0;
    },
    (event) => kept.onChecked(event, () => toggleRemoteFix(false)),
  );
  const change = (key: keyof SiteTimeValues) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  function toggleRemoteFix(checked: boolean) {
    setTicked(checked);
    setValues(valuesForRemoteFix(checked, new Date()));
    setErrors({});
  }

  if (known && !isEngineersWork(job)) {
    return (
      <div className="fm-site-time-form">
        <RefusedPost refusal={refused} />
        <p className="fm-site-time-form__nothing">{nothingToRecord(jobStatus, false, jobWords)}</p>
      </div>
    );
  }

  return (
    // Not the browser's validation (useSubmitCheck): flatpickr's own hour and minute inputs
    // (unnamed, stepped) would otherwise block it; the fields are checked here instead.
    <form
      {...submitCheck}
      className="fm-site-time-form"
      method="post"
      action={formAction(action, `/site_times/add/${jobId}`)}
    >
      <CsrfField />
      <input type="hidden" name={SITE_TIME_FIELDS.jobId} value={jobId} />
      {/* A refusal of the entry it sent itself is said as a native post's is. */}
      <RefusedPost
        refusal={kept.notice?.kind === 'danger' ? kept.notice.messages.join(' ') : refused}
      />
      {kept.notice && kept.notice.kind !== 'danger' && (
        <Alert kind={kept.notice.kind} messages={kept.notice.messages} />
      )}
      {remoteFixRefusal === null ? (
        <CheckboxField
          className="fm-site-time-form__remote"
          label={words.remoteFix()}
          // It records time after the fact, so it does not check where the user is (the
          // engineer's screen, which records as it happens, does).
          hint={words.remoteFixHint()}
          name={SITE_TIME_FIELDS.remoteFix}
          value="1"
          uncheckedValue="0"
          checked={locked}
          onChange={toggleRemoteFix}
        />
      ) : (
        // Not offered where the lifecycle refuses it; said so, in the host's words for it.
        <>
          <input type="hidden" name={SITE_TIME_FIELDS.remoteFix} value="0" />
          <p className="fm-site-time-form__no-remote form-text">{remoteFixRefusal}</p>
        </>
      )}
      <DateInput
        label={words.onSite()}
        mode="datetime"
        name={SITE_TIME_FIELDS.onSite}
        value={values.onSite}
        onChange={change('onSite')}
        readOnly={locked}
        required
        error={errors.onSite}
      />
      <DateInput
        label={words.offSite()}
        mode="datetime"
        name={SITE_TIME_FIELDS.offSite}
        value={values.offSite}
        onChange={change('offSite')}
        readOnly={locked}
        error={errors.offSite}
      />
      <TextField
        label={words.engineers()}
        inputClassName="fm-site-time-form__engineers"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_ENGINEERS}
        step={1}
        name={SITE_TIME_FIELDS.engineers}
        value={values.engineers}
        readOnly={locked}
        required
        error={errors.engineers}
        onChange={change('engineers')}
      />
      <SubmitButton busy={kept.busy}>{words.save()}</SubmitButton>
    </form>
  );
}
