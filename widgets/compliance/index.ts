import { defineElement } from '../../src/ui/define-element';
import { Compliance, type ComplianceProps } from './Compliance';

/**
 * Compliance tables and a doughnut chart per asset category in the four status colours
 * (not compliant red, remedial amber, overdue orange, compliant green). See README.md.
 *
 * @summary compliance: a doughnut per category in the four status colours, the same figures as a table
 * @attr {string} data-url - Rows source (call 22) (required).
 */
export const ComplianceElement = defineElement('fm-compliance', Compliance, {
  attributes: { url: 'url' },
  required: ['url'],
});

export type { ComplianceProps };
