import { COST_TYPE, type Cost } from '../../src/core/contract';
import { mayTake } from '../../src/core/job-lifecycle';
import { type ReleaseDetails, releaseDetails } from '../../src/core/job-messages';
import { costName } from '../../src/core/job-payloads';
import { jobEdit, jobView, type Portal, usersByUser } from '../../src/core/routes';
import { asReleased } from '../server/released';
import { type Html, html } from './html';
import { layout, type PageContext, pageScript } from './layout';

export type JobSummary = {
  id: number;
  status_id: number;
  type_id: number;
  description: string;
  site: string;
  branch_reference: string | null;
  asset: string | null;
  status: string;
  type: string;
  priority: string | null;
  contractor: string | null;
  /** The contractor's user id, for the link to its user. */
  contractor_id: number | null;
  client_reference_2: string | null;
  created: string;
  due: string | null;
  cancelled: boolean;
  /** The job's id in the purchase-order system, for fm-cost-approval's lookup. */
  external_job_id: string;
  /** Engineers the job may be given, with their assignment id and when (display date-time). */
  engineers: { id: number; name: string; assignedId: number | null; assigned: string | null }[];
  /** The job this one was released as (its released duplicate) and what went with it, if any. */
  released_as: ({ id: number } & ReleaseDetails) | null;
  /** The job this one is the release of, if it is one. */
  released_from: number | null;
  /**
   * The other half of a release (the job this one was released as, or released from) and the
   * engineers assigned there, for a job with none of its own; null when there are none.
   */
  engineers_on: { id: number; engineers: JobSummary['engineers'] } | null;
  /** When the job was forwarded to the helpdesk (display date-time), if it was. */
  forwarded: string | null;
  /** The costs and quotes decided, oldest first. */
  decisions: CostDecisionSummary[];
  /** The costs and quotes awaiting approval, oldest first. */
  awaiting: AwaitingCostSummary[];
  /** The quote jobs made from this one (Create Quotation, alternative quotes), oldest first. */
  quotes: { id: number; contractor: string | null }[];
  /**
   * The notes the portal's users wrote on the job (a decision's note, a rejection's reason, an
   * engineer's), oldest first, with when (display date-time); internal ones for the client only.
   */
  notes: { description: string; created: string; internal: boolean }[];
};

/** A cost or quote awaiting approval, as the job view lists it. */
export type AwaitingCostSummary = Pick<Cost, 'cost_type_id' | 'invoice_number' | 'total'> & {
  /** When it was added (display date-time). */
  created: string;
};

/** A decided cost or quote, as the job view lists it. */
export type CostDecisionSummary = {
  quote: boolean;
  /** The contractor's invoice number, by which the cost modal names the cost, if it has one. */
  invoice_number: string | null;
  /** When it was submitted and decided (display date-times). */
  created: string;
  decided: string | null;
  total: number;
  approved: boolean;
  authoriser: string | null;
  via: string | null;
};

/** What each portal may do on a job in its state (the job lifecycle: a contractor does neither). */
export function jobViewOffers(portal: Portal, job: Pick<JobSummary, 'status_id' | 'cancelled'>) {
  const role = portal === 'client' ? 'client' : 'contractor';
  return {
    costApproval: role === 'client',
    alternativeQuote: mayTake('alternativeQuote', role, job),
    edit: mayTake('edit', role, job),
    delete: mayTake('delete', role, job),
  };
}

/**
 * "Quote of £12,390.00, added on 23/11/2026: approved by Jane Smith by telephone on 25/11/2026
 * 14:02.": named as the cost modal and the costs awaiting approval name it (costName).
 */
export function decisionText(decision: CostDecisionSummary): string {
  const cost_type_id = decision.quote ? COST_TYPE.quote : COST_TYPE.cost;
  const name = costName({
    cost_type_id,
    invoice_number: decision.invoice_number,
    total: decision.total,
  });
  const what = `${name}, added on ${decision.created.slice(0, 10)}`;
  const how = [
    decision.authoriser ? `by ${decision.authoriser}` : '',
    decision.via ? (decision.via === 'in person' ? 'in person' : `by ${decision.via}`) : '',
    decision.decided ? `on ${decision.decided}` : '',
  ].filter(Boolean);
  return `${what}: ${decision.approved ? 'approved' : 'declined'}${how.length ? ` ${how.join(' ')}` : ''}.`;
}

/** "Invoice INV-2040 (£158.50), added on 26/11/2026 08:21": named as the cost modal names it. */
export function awaitingText(cost: AwaitingCostSummary): string {
  return `${costName(cost)}, added on ${cost.created}`;
}

/** "Liam Carter (assigned 26/11/2026 09:12)": who works on the job and since when; null for none. */
export function assignedEngineers(engineers: JobSummary['engineers']): string | null {
  const assigned = engineers.filter((engineer) => engineer.assignedId !== null);
  if (assigned.length === 0) return null;
  return assigned
    .map((engineer) =>
      engineer.assigned ? `${engineer.name} (assigned ${engineer.assigned})` : engineer.name,
    )
    .join(', ');
}

/**
 * The plain job view of {prefix}/jobs/view/{jobId} (docs/requirements.md §2), with the links a
 * CakePHP view has.
 */
export function jobViewPage(
  context: PageContext,
  portal: Portal,
  job: JobSummary,
  /** The cost-add and photo sections (job-forms.ts). */
  forms: Html | string = '',
): string {
  // A released job's choices live on the job it was released as (released.ts): the row says the
  // released job's, and where, as the release's own sentence below and the jobs list do.
  const released = job.released_as;
  const releasedId = released?.id ?? null;
  // The engineers of a release work on one of its two jobs: the other says who, and where.
  const elsewhere = job.engineers_on && assignedEngineers(job.engineers_on.engineers);
  const engineers =
    assignedEngineers(job.engineers) ??
    (elsewhere ? `${elsewhere} (on job ${job.engineers_on?.id})` : null);
  const rows: [string, string | null][] = [
    ['Description', job.description],
    ['Site', job.branch_reference ? `${job.site} (${job.branch_reference})` : job.site],
    ['Asset', job.asset],
    ['Status', job.cancelled ? `${job.status} (cancelled)` : job.status],
    ['Type', job.type],
    ['Priority', asReleased(job.priority, released?.priority ?? null, releasedId)],
    ['Contractor', asReleased(job.contractor, released?.contractor ?? null, releasedId)],
    ['Engineers', engineers],
    ['Order Number', asReleased(job.client_reference_2, released?.orderNumber ?? null, releasedId)],
    ['Logged', job.created],
    ['Due', job.due],
  ];
  const offers = jobViewOffers(portal, job);
  return layout(
    context,
    `Job ${job.id}`,
    html`<h1>Job ${job.id} <span class="badge badge-muted">${portal}</span></h1>
<section class="card" aria-labelledby="summary-heading">
<h2 id="summary-heading">Summary</h2>
<div id="job-summary" data-refresh>
<dl class="summary">
${rows.map(([label, value]) => html`<dt>${label}</dt><dd>${value ?? html`<span class="text-muted">None</span>`}</dd>`)}
</dl>
${job.released_as === null ? '' : html`<p class="job-released">Released as <a href="${jobView(portal, job.released_as.id)}">job ${job.released_as.id}</a> ${releaseDetails(job.released_as)}.</p>`}
${job.released_from === null ? '' : html`<p class="job-released-from">The release of <a href="${jobView(portal, job.released_from)}">job ${job.released_from}</a>.</p>`}
${job.forwarded === null ? '' : html`<p class="job-forwarded">Forwarded to the helpdesk on ${job.forwarded}.</p>`}
${
  job.quotes.length === 0
    ? ''
    : html`<p class="job-quotes">Quotes asked for: ${job.quotes.map(
        (quote, index) =>
          html`${index > 0 ? ', ' : ''}<a href="${jobView(portal, quote.id)}">job ${quote.id}</a>${quote.contractor ? ` (${quote.contractor})` : ''}`,
      )}.</p>`
}
${
  job.awaiting.length === 0
    ? ''
    : html`<h3 class="job-awaiting__heading">Costs awaiting approval</h3>
<ul class="job-awaiting">
${job.awaiting.map((cost) => html`<li>${awaitingText(cost)}</li>`)}
</ul>`
}
${
  job.notes.length === 0
    ? ''
    : html`<h3 class="job-notes__heading">Notes</h3>
<ul class="job-notes">
${job.notes.map((note) => html`<li>${note.created}${note.internal ? ' (internal)' : ''}: ${note.description}</li>`)}
</ul>`
}
${
  job.decisions.length === 0
    ? ''
    : html`<h3 class="job-decisions__heading">Decided costs and quotes</h3>
<ul class="job-decisions">
${job.decisions.map((decision) => html`<li>${decisionText(decision)}</li>`)}
</ul>`
}
</div>
</section>
${
  offers.costApproval
    ? html`<section class="card" aria-labelledby="approval-heading">
<h2 id="approval-heading">Costs and approval</h2>
<p id="approval-lead" data-refresh>${
        job.cancelled
          ? `Job ${job.id} is cancelled: its costs can no longer be approved or declined.`
          : `Approve or decline the costs awaiting approval${job.status === 'Awaiting Release' ? ', and release, reject or forward the job' : ''}.`
      }</p>
<fm-cost-approval data-job-id="${job.id}" data-external-job-id="${job.external_job_id}" data-engineers="${JSON.stringify(job.engineers)}"></fm-cost-approval>
</section>`
    : ''
}
<div id="job-alternative-quote" data-refresh>${
      offers.alternativeQuote
        ? html`<div class="card">
<fm-alternative-quote data-job-id="${job.id}"></fm-alternative-quote>
</div>`
        : ''
    }</div>
${forms}
<section class="card" aria-labelledby="actions-heading">
<h2 id="actions-heading">Actions</h2>
<ul class="actions" id="job-actions" data-refresh>
${offers.edit ? html`<li><a class="btn btn-primary" href="${jobEdit(job.id)}">Edit job</a></li>` : ''}
<li><a class="btn" href="/sites/index/search:${encodeURIComponent(job.site)}">Find the site</a></li>
${job.asset ? html`<li><a class="btn" href="/assets/index/search:${encodeURIComponent(job.asset)}">Find the asset</a></li>` : ''}
${job.contractor_id !== null ? html`<li><a class="btn" href="${usersByUser(job.contractor_id)}">The contractor's user</a></li>` : ''}
<li><a class="btn" href="/users/index/role:${portal}">All ${portal} users</a></li>
${
  offers.delete
    ? html`<li><form class="inline-form" method="post" action="/jobs/delete/${job.id}">
<input type="hidden" name="_csrfToken" value="${context.csrfToken}">
<a class="btn btn-danger confirm" data-submit-form href="/jobs/delete/${job.id}">Delete job</a>
</form></li>`
    : ''
}
</ul>
</section>
${pageScript(context, 'host-page.js')}`,
  );
}

/** /jobs/edit/{jobId}: the job's description and Order Number, posted natively. */
export function jobEditPage(
  context: PageContext,
  job: { id: number; description: string; client_reference_2: string | null },
): string {
  return layout(
    context,
    `Edit job ${job.id}`,
    html`<h1>Edit job ${job.id}</h1>
<form class="card" method="post" action="${jobEdit(job.id)}">
<input type="hidden" name="_csrfToken" value="${context.csrfToken}">
<div class="form-group">
<label for="job-description">Description</label>
<textarea class="form-control" id="job-description" name="Job[description]" rows="3" required>${job.description}</textarea>
</div>
<div class="form-group">
<label for="job-order-number">Order Number</label>
<input class="form-control" id="job-order-number" name="Job[client_reference_2]" value="${job.client_reference_2 ?? ''}">
</div>
<p class="actions"><button class="btn btn-primary" type="submit">Save job</button>
<a class="btn" href="${jobView('client', job.id)}">Cancel</a></p>
</form>`,
  );
}

/** /jobs/delete/{jobId} without script: the question the confirm link asks, as a page. */
export function jobDeletePage(
  context: PageContext,
  job: { id: number; description: string },
): string {
  return layout(
    context,
    `Delete job ${job.id}`,
    html`<h1>Delete job ${job.id}?</h1>
<form class="card" method="post" action="/jobs/delete/${job.id}">
<input type="hidden" name="_csrfToken" value="${context.csrfToken}">
<p>${job.description}. Its costs, notes, site times and photos are deleted with it.</p>
<p class="actions"><button class="btn btn-danger" type="submit">Delete job</button>
<a class="btn" href="${jobView('client', job.id)}">Keep it</a></p>
</form>`,
  );
}
