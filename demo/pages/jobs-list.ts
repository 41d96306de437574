import type { TableColumn } from '../../src/ui/columns';
import { html } from './html';
import { forIntegrators, layout, type PageContext } from './layout';

/** The columns of the jobs list, as a CakePHP view would print them into data-columns. */
export const JOB_LIST_COLUMNS: TableColumn[] = [
  { field: 'id', title: 'Job', kind: 'text', link: 'job', filter: true, frozen: true },
  { field: 'created', title: 'Logged', kind: 'datetime' },
  { field: 'site', title: 'Site', filter: true, grow: 2 },
  { field: 'asset', title: 'Asset', filter: true, grow: 2 },
  { field: 'description', title: 'Description', filter: true, grow: 3 },
  { field: 'status', title: 'Status', filter: true },
  { field: 'type', title: 'Type', filter: true },
  { field: 'priority', title: 'Priority', filter: true },
  { field: 'contractor', title: 'Contractor', filter: true, grow: 2 },
  { field: 'client_reference_2', title: 'Order Number', filter: true },
];

/** A server-paged list of every job (fm-data-table over GET /api/jobs/table). */
export function jobsListPage(context: PageContext): string {
  return layout(
    context,
    'Jobs',
    html`<h1>Jobs</h1>
<p class="lead">Every job, 100 a page. Sort by a column heading, search in the boxes
below the headings, and open a job from its number.</p>
${forIntegrators(html`<p><code>fm-data-table</code> over <code>GET /api/jobs/table?page=&amp;size=&amp;sort=&amp;filter[field]=</code>:
the host pages, sorts and searches.</p>`)}
<fm-data-table data-url="/api/jobs/table" data-label="Jobs" data-csv-file-name="jobs.csv"
  data-columns="${JSON.stringify(JOB_LIST_COLUMNS)}"></fm-data-table>`,
  );
}
