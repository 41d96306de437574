import { defineElement } from '../../src/ui/define-element';
import { CostForm, type CostFormProps } from './CostForm';

/**
 * The cost add form: duplicate invoice check, amounts to 2 decimals, 'Saving...' on submit
 * (docs/requirements.md §5); it posts natively to the host. See README.md.
 *
 * @summary cost add: duplicate invoice check, amounts to 2 decimals, Saving..., native post
 * @attr {number} data-job-id - The job the cost is for (required).
 * @attr {string} data-action - The host's action URL (default `/costs/add/{jobId}`).
 */
export const CostFormElement = defineElement('fm-cost-form', CostForm, {
  attributes: { jobId: 'id', action: 'string' },
  required: ['jobId'],
});

export type { CostFormProps };
