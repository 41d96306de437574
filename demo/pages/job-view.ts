import { type Html, html } from './html';
import { layout, type PageContext } from './layout';

export type JobSummary = {
  id: number;
  description: string;
  site: string;
  branch_reference: string | null;
  asset: string | null;
  status: string;
  type: string;
  priority: string | null;
  contractor: string | null;
  client_reference_2: string | null;
  created: string;
  due: string | null;
  cancelled: boolean;
  /** The job's id in the purchase-order system, for fm-cost-approval's lookup. */
  external_job_id: string;
  /** Engineers the job may be given, with their assignment id when assigned. */
  engineers: { id: number; name: string; assignedId: number | null }[];
};

/** The plain job view of {prefix}/jobs/view/{jobId} (SPEC §2), with the links a CakePHP view has. */
export function jobViewPage(
  context: PageContext,
  portal: 'client' | 'contractor',
  job: JobSummary,
  /** The cost-add and photo sections (job-forms.ts). */
  forms: Html | string = '',
): string {
  const rows: [string, string | null][] = [
    ['Description', job.description],
    ['Site', job.branch_reference ? `${job.site} (${job.branch_reference})` : job.site],
    ['Asset', job.asset],
    ['Status', job.cancelled ? `${job.status} (cancelled)` : job.status],
    ['Type', job.type],
    ['Priority', job.priority],
    ['Contractor', job.contractor],
    ['Order Number', job.client_reference_2],
    ['Logged', job.created],
    ['Due', job.due],
  ];
  return layout(
    context,
    `Job ${job.id}`,
    html`<h1>Job ${job.id} <span class="badge badge-muted">${portal}</span></h1>
<section class="card" aria-labelledby="summary-heading">
<h2 id="summary-heading">Summary</h2>
<dl class="summary">
${rows.map(([label, value]) => html`<dt>${label}</dt><dd>${value ?? html`<span class="text-muted">None</span>`}</dd>`)}
</dl>
</section>
<section class="card" aria-labelledby="approval-heading">
<h2 id="approval-heading">Costs and approval</h2>
<p>Costs awaiting approval, release of the job and quotations, in a dialog.</p>
<fm-cost-approval data-job-id="${job.id}" data-external-job-id="${job.external_job_id}" data-engineers="${JSON.stringify(job.engineers)}"></fm-cost-approval>
</section>
<div class="card">
<fm-alternative-quote data-job-id="${job.id}"></fm-alternative-quote>
</div>
${forms}
<section class="card" aria-labelledby="actions-heading">
<h2 id="actions-heading">Actions</h2>
<ul class="actions">
<li><a class="btn btn-primary" href="/jobs/edit/${job.id}">Edit job</a></li>
<li><a class="btn" href="/sites/index/search:${encodeURIComponent(job.site)}">Find the site</a></li>
${job.asset ? html`<li><a class="btn" href="/assets/index/search:${encodeURIComponent(job.asset)}">Find the asset</a></li>` : ''}
${job.contractor ? html`<li><a class="btn" href="/users/index/user:${encodeURIComponent(job.contractor)}">Contractor's users</a></li>` : ''}
<li><a class="btn" href="/users/index/role:${portal}">All ${portal} users</a></li>
<li><a class="btn btn-danger confirm" href="/jobs/delete/${job.id}">Delete job</a></li>
</ul>
</section>`,
  );
}
