import { defineElement } from '../../src/ui/define-element';
import {
  AutocompleteField,
  type AutocompleteFieldProps,
  type AutocompleteSelectDetail,
} from './AutocompleteField';

/**
 * A text input with suggestions from the host, from 2 characters of the last comma-separated
 * term (docs/requirements.md §5); the chosen id goes into a host field. See README.md.
 *
 * @summary combobox: 2 characters of the last comma-separated term, filters, id into a host field
 * @attr {string} data-source - GET URL answering `[{ id, label, value? }]` (required).
 * @attr {string} data-label - The field's label (default "Search").
 * @attr {json} data-filters - `{ "field": ["v1", "v2"] }`, sent as `filters[field]=v1,v2`.
 * @attr {string} data-id-target - Id (or CSS selector) of the host field that receives the chosen id.
 * @attr {boolean} data-required - The form cannot be sent until an item is chosen.
 * @attr {boolean} data-multiple - Comma-separated terms; ids are appended comma-separated.
 * @attr {number} data-min-length - Characters before searching (default 2).
 * @attr {string} data-name - Name of the text input in the host form.
 * @attr {string} data-value - Initial text.
 * @attr {string} data-placeholder - Placeholder of the text input.
 * @fires {CustomEvent<AutocompleteSelectDetail>} fm-autocomplete-select - An item was chosen (`detail` the item) or the text changed after a choice (`null`).
 */
export const AutocompleteElement = defineElement('fm-autocomplete', AutocompleteField, {
  attributes: {
    source: 'url',
    label: 'string',
    filters: 'json',
    idTarget: 'string',
    required: 'boolean',
    multiple: 'boolean',
    minLength: 'number',
    name: 'string',
    value: 'string',
    placeholder: 'string',
  },
  required: ['source'],
});

export type { AutocompleteFieldProps, AutocompleteSelectDetail };

declare global {
  interface FmEventMap {
    'fm-autocomplete-select': AutocompleteSelectDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-autocomplete-select': CustomEvent<AutocompleteSelectDetail>;
  }
}
