import { isEngineersWork, nothingToRecord } from '../../src/core/job-lifecycle';
import type { Refusal } from '../server/flash';
import { errorBody } from '../server/http';
import { type Html, html } from './html';
import { layout, nonceAttribute, type PageContext, pageScript } from './layout';

/** The pages the worker keeps on the engineer's phone (docs/offline.md): /engineer/…. */
export const ENGINEER_SCOPE = '/engineer/';

/**
 * dist/fm-offline.js, on the engineer's pages only: registers the worker over them, in the
 * session of this request, and says when a page is shown from the device.
 */
function offlineScript(context: PageContext): Html {
  return html`<script type="module"${nonceAttribute(context)} src="/dist/fm-offline.js" data-scope="${ENGINEER_SCOPE}" data-session="${context.session ?? ''}"></script>`;
}

/** One row of the engineer's job list. */
export type EngineerJobSummary = {
  id: number;
  description: string;
  site: string;
  status: string;
};

export type EngineerJobDetail = EngineerJobSummary & {
  status_id: number;
  site_id: number;
  cancelled: number;
  asset: string | null;
  /** The site's coordinates; null when the site has not been geocoded. */
  lat: number | null;
  long: number | null;
};

/**
 * /engineer/jobs (docs/requirements.md §2: where complete and remote fix land): the engineer's open
 * jobs.
 */
export function engineerJobsPage(
  context: PageContext,
  engineer: string,
  jobs: readonly EngineerJobSummary[],
): string {
  return layout(
    context,
    'My jobs',
    html`<h1>My jobs</h1>
<p class="lead">Open jobs assigned to ${engineer}.</p>
${
  jobs.length === 0
    ? html`<p>No open jobs.</p>`
    : html`<ul class="engineer-jobs">
${jobs.map(
  (job) => html`<li><a class="engineer-jobs__link" href="/engineer/jobs/${job.id}">
<span class="engineer-jobs__title">Job ${job.id}: ${job.description}</span>
<span class="engineer-jobs__meta">${job.site} · ${job.status}</span>
</a></li>`,
)}
</ul>`
}
${offlineScript(context)}`,
  );
}

/** A site time recorded for the job, as the page lists it (display date-times). */
export type RecordedSiteTime = {
  onSite: string;
  offSite: string | null;
  engineers: number;
  remoteFix: boolean;
};

/**
 * /engineer/jobs/{jobId}: the job, the sign-on screen and the site time form, laid out for a
 * phone first.
 */
export function engineerJobPage(
  context: PageContext,
  job: EngineerJobDetail,
  siteTimes: readonly RecordedSiteTime[],
  refusal: Refusal | null = null,
): string {
  const state = { status_id: job.status_id, cancelled: job.cancelled === 1 };
  // A finished job takes no more time, nor one not released yet: nothing to sign on to, and no
  // form to add a site time.
  const works = isEngineersWork(state);
  return layout(
    context,
    `Job ${job.id}`,
    html`<p><a class="engineer-back" href="/engineer/jobs">← My jobs</a></p>
<h1>Job ${job.id}</h1>
<section class="card" aria-labelledby="job-heading">
<h2 id="job-heading">${job.description}</h2>
<dl class="summary" id="job-summary" data-refresh>
<dt>Site</dt><dd>${job.site}</dd>
<dt>Asset</dt><dd>${job.asset ?? html`<span class="text-muted">None</span>`}</dd>
<dt>Status</dt><dd>${job.status}</dd>
</dl>
</section>
<section class="card" aria-labelledby="attendance-heading">
<h2 id="attendance-heading">Attendance</h2>
${
  works
    ? html`<fm-engineer-job data-job-id="${job.id}" data-site-lat="${job.lat ?? ''}" data-site-long="${job.long ?? ''}" data-notes></fm-engineer-job>`
    : // Said here, in the element's words, rather than by the element once its lookup answers:
      // it keeps room for buttons until then, and giving it back would move the cards below.
      html`<p class="engineer-nothing">${nothingToRecord(job.status_id, state.cancelled)}</p>
<fm-engineer-job data-job-id="${job.id}" data-device-only></fm-engineer-job>`
}
</section>
${works ? siteTimeCard(job, refusal) : ''}
${works ? photoCard(job) : ''}
<section class="card" aria-labelledby="recorded-heading">
<h2 id="recorded-heading">Site times</h2>
<div id="site-times" data-refresh>
${
  siteTimes.length === 0
    ? html`<p>None recorded yet.</p>`
    : html`<ul class="engineer-site-times">
${siteTimes.map(
  (time) =>
    html`<li>${time.onSite} – ${time.offSite ?? 'on site now'} · ${time.engineers} ${time.engineers === 1 ? 'engineer' : 'engineers'}${time.remoteFix ? ' · remote fix' : ''}</li>`,
)}
</ul>`
}
</div>
</section>
${pageScript(context, 'host-page.js')}
${offlineScript(context)}`,
  );
}

/**
 * Why the site time form does not check where the engineer is, as the buttons above do: said
 * over the form, in the page's words (the form says its own rule under Remote fix).
 */
export const SITE_TIME_AFTER_THE_FACT =
  'For time you did not record with the buttons above, typed in afterwards (from a timesheet, or by your office). So where you are is not checked here; the buttons above check it, because they record the time as it happens.';

/**
 * The site time form, in a region the page reads again after an action above (its status moves
 * what the form offers); after a refused post, with the host's message and the fields as posted.
 */
/** The refusal as the host's calls answer one: one message as text, several as a list. */
const refusalBody = (messages: string[]) =>
  JSON.stringify(errorBody(messages.length === 1 ? (messages[0] as string) : messages));

function siteTimeCard(job: EngineerJobDetail, refusal: Refusal | null): Html {
  const kept = refusal?.fields ?? {};
  const attribute = (name: string, value: string | undefined) =>
    value === undefined || value === '' ? '' : html` ${name}="${value}"`;
  return html`<section class="card" aria-labelledby="site-time-heading">
<h2 id="site-time-heading">Add a site time</h2>
<p class="engineer-site-time-why">${SITE_TIME_AFTER_THE_FACT}</p>
<div id="site-time-form" data-refresh>
<fm-site-time-form data-offline data-job-id="${job.id}" data-job-status="${job.status_id}" data-action="/site_times/add/${job.id}"${attribute('data-on-site', kept.on_site)}${attribute('data-off-site', kept.off_site)}${attribute('data-engineers', /^\d+$/.test(kept.engineers ?? '') ? kept.engineers : undefined)}${kept.remote_fix === '1' ? html` data-remote-fix` : ''}${refusal ? html` data-refusal="${refusalBody(refusal.messages)}"` : ''}></fm-site-time-form>
</div>
</section>`;
}

/**
 * The photos of the work, before and after: kept on the device until sent, as the screen's
 * actions and the site time form's entries are (docs/offline.md).
 */
function photoCard(job: EngineerJobDetail): Html {
  return html`<section class="card" aria-labelledby="photos-heading">
<h2 id="photos-heading">Photos</h2>
<h3 class="h6" id="photos-before">Before the work</h3>
<fm-upload data-offline data-stage="before" data-site-id="${job.site_id}" data-job-id="${job.id}"></fm-upload>
<h3 class="h6" id="photos-after">After the work</h3>
<fm-upload data-offline data-stage="after" data-site-id="${job.site_id}" data-job-id="${job.id}"></fm-upload>
</section>`;
}

/** What the engineer reads on the page of a job that is not his. */
export const NOT_YOUR_JOB =
  'This job is not assigned to you, so there is nothing for you to record on it.';

/**
 * /engineer/jobs/{jobId} of a job not assigned to the engineer (answered 403): says so, and
 * offers nothing to record.
 */
export function engineerJobNotAssignedPage(context: PageContext, jobId: number): string {
  return layout(
    context,
    `Job ${jobId}`,
    html`<p><a class="engineer-back" href="/engineer/jobs">← My jobs</a></p>
<h1>Job ${jobId}</h1>
<p class="lead">${NOT_YOUR_JOB}</p>
<p>If it should be yours, ask your office to assign it to you.</p>`,
  );
}
