import { defineElement } from '../../src/ui/define-element';
import { type DateChangeDetail, DateField, type DateFieldProps } from './DateField';

/**
 * A date or date-time field with a flatpickr calendar (weeks start Monday) that also accepts
 * typing (docs/requirements.md §5). See README.md.
 *
 * @summary flatpickr field, weeks from Monday: YYYY-MM-DD or DD/MM/YYYY HH:mm, typing checked
 * @attr {string} data-mode - `date` (YYYY-MM-DD, the default) or `datetime` (DD/MM/YYYY HH:mm).
 * @attr {string} data-label - The field's label.
 * @attr {string} data-name - Name of the input in the host form.
 * @attr {string} data-value - Initial value, in the mode's format.
 * @attr {boolean} data-required - The host form needs a value.
 * @attr {boolean} data-read-only - Shown but not editable; the calendar does not open.
 * @fires {CustomEvent<DateChangeDetail>} fm-date-change - The value changed (typed or picked); `detail` is `{ value }`.
 */
export const DateInputElement = defineElement('fm-date-input', DateField, {
  attributes: {
    mode: 'string',
    label: 'string',
    name: 'string',
    value: 'string',
    required: 'boolean',
    readOnly: 'boolean',
  },
});

export type { DateChangeDetail, DateFieldProps };

declare global {
  interface FmEventMap {
    'fm-date-change': DateChangeDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-date-change': CustomEvent<DateChangeDetail>;
  }
}
