import { defineElement } from '../../src/ui/define-element';
import { CostApproval, type CostApprovalProps } from './CostApproval';

/** `detail` of `fm-cost-approved` and `fm-cost-declined`. */
export interface CostDecidedDetail {
  jobId: number;
  costId: number;
}

/** `detail` of `fm-job-released`: the original job and the released duplicate. */
export interface JobReleasedDetail {
  jobId: number;
  releasedJobId: number;
}

/** `detail` of `fm-job-rejected` and `fm-job-forwarded`. */
export interface JobDetail {
  jobId: number;
}

/** `detail` of `fm-quote-requested`: the job and the new quote job. */
export interface QuoteRequestedDetail {
  jobId: number;
  quoteJobId: number;
}

/** `detail` of `fm-engineer-assigned`: assignedId is null once the engineer is removed. */
export interface EngineerAssignedDetail {
  jobId: number;
  userId: number;
  assignedId: number | null;
}

/**
 * A button opening the cost approval modal of a job: summary, costs awaiting approval with
 * approve / decline, quote authorisation, capex validation, release / reject / forward for jobs
 * awaiting release, Create Quotation for open jobs, asset history, purchase order and engineers.
 * See README.md.
 *
 * @summary cost approval modal: approve/decline, quotes, capex, release, reject, forward, quote
 * @attr {number} data-job-id - The job's id (required).
 * @attr {string} data-external-job-id - The job's id in the purchase-order system; without it no lookup.
 * @attr {json} data-engineers - Engineers to offer: `[{ "id": 30, "name": "…", "assignedId": null, "assigned": null }]` (`assigned`: when, as the page shows dates).
 * @attr {boolean} data-disable-approvals - Overrides the page's disableApprovals.
 * @attr {boolean} data-validate-client-reference2 - Overrides the page's validateClientReference2.
 * @attr {string} data-release-priorities - Overrides the page's releasePriorities (`1,2,3`).
 * @fires {CustomEvent<CostDecidedDetail>} fm-cost-approved - A cost was approved.
 * @fires {CustomEvent<CostDecidedDetail>} fm-cost-declined - A cost was declined.
 * @fires {CustomEvent<JobReleasedDetail>} fm-job-released - The job was released.
 * @fires {CustomEvent<JobDetail>} fm-job-rejected - The job was rejected.
 * @fires {CustomEvent<JobDetail>} fm-job-forwarded - The job was forwarded.
 * @fires {CustomEvent<QuoteRequestedDetail>} fm-quote-requested - A quotation was requested.
 * @fires {CustomEvent<EngineerAssignedDetail>} fm-engineer-assigned - An engineer was assigned or removed.
 */
export const CostApprovalElement = defineElement('fm-cost-approval', CostApproval, {
  attributes: { jobId: 'id', externalJobId: 'string', engineers: 'json' },
  required: ['jobId'],
});

export type { CostApprovalProps };

declare global {
  interface FmEventMap {
    'fm-cost-approved': CostDecidedDetail;
    'fm-cost-declined': CostDecidedDetail;
    'fm-job-released': JobReleasedDetail;
    'fm-job-rejected': JobDetail;
    'fm-job-forwarded': JobDetail;
    'fm-quote-requested': QuoteRequestedDetail;
    'fm-engineer-assigned': EngineerAssignedDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-cost-approved': CustomEvent<CostDecidedDetail>;
    'fm-cost-declined': CustomEvent<CostDecidedDetail>;
    'fm-job-released': CustomEvent<JobReleasedDetail>;
    'fm-job-rejected': CustomEvent<JobDetail>;
    'fm-job-forwarded': CustomEvent<JobDetail>;
    'fm-quote-requested': CustomEvent<QuoteRequestedDetail>;
    'fm-engineer-assigned': CustomEvent<EngineerAssignedDetail>;
  }
}
