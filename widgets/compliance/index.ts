import { defineElement, type FmElement } from '../../src/ui/define-element';
import { Compliance, type ComplianceProps } from './Compliance';

/**
 * Compliance tables and a doughnut chart per asset category in the four status colours
 * (not compliant red, remedial amber, overdue orange, compliant green). See README.md.
 *
 * @tag fm-compliance
 * @attr {string} data-url - Rows source (call 22) (required).
 */
export const ComplianceElement = defineElement('fm-compliance', Compliance, {
  attributes: { url: 'url' },
  required: ['url'],
});

export type { ComplianceProps };

declare global {
  interface HTMLElementTagNameMap {
    'fm-compliance': FmElement<ComplianceProps>;
  }
}
