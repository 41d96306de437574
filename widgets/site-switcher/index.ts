import { defineElement } from '../../src/ui/define-element';
import { SiteSwitcher, type SiteSwitcherProps } from './SiteSwitcher';

/**
 * The documentation site switcher: goes to the current path ending `/site_id:{id}`
 * (docs/requirements.md §2). See README.md.
 *
 * @summary documentation site switcher: the current path ending `/site_id:{id}`
 * @attr {json} data-sites - `[{ "id": 1, "name": "Leeds" }]` or `{ "1": "Leeds" }` (required).
 * @attr {string} data-label - The list's label (default "Site").
 */
export const SiteSwitcherElement = defineElement('fm-site-switcher', SiteSwitcher, {
  attributes: { sites: 'json', label: 'string' },
  required: ['sites'],
});

export type { SiteSwitcherProps };
