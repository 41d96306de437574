import { defineElement } from '../../src/ui/define-element';
import { Nav, type NavProps } from './Nav';

/**
 * Top navigation with dropdown submenus: 250 ms show and 500 ms hide delays on hover, and the
 * menu button pattern for keyboard and touch (docs/requirements.md §2, §9). See README.md.
 *
 * @summary top navigation, menu buttons: 250 ms show, 500 ms hide, keyboard and touch
 * @attr {json} data-menu - `[{ "label": "Jobs", "items": [{ "label": "…", "href": "…" }] }, { "label": "…", "href": "…" }]`; without it, the nested `<ul>` written inside the element.
 * @attr {string} data-label - The navigation's accessible name (default "Main").
 */
export const NavElement = defineElement('fm-nav', Nav, {
  attributes: { menu: 'json', label: 'string' },
});

export type { NavProps };
