import { defineElement, type FmElement } from '../../src/runtime/define';
import { Nav, type NavProps } from './Nav';

/**
 * Top navigation with dropdown submenus: 250 ms show and 500 ms hide delays on hover, and the
 * menu button pattern for keyboard and touch (docs/requirements.md §2, §9). See README.md.
 *
 * @tag fm-nav
 * @attr {json} data-menu - `[{ "label": "Jobs", "items": [{ "label": "…", "href": "…" }] }, { "label": "…", "href": "…" }]`; without it, the nested `<ul>` written inside the element.
 * @attr {string} data-label - The navigation's accessible name (default "Main").
 */
export const NavElement = defineElement('fm-nav', Nav, {
  attributes: { menu: 'json', label: 'string' },
});

export type { NavProps };

declare global {
  interface HTMLElementTagNameMap {
    'fm-nav': FmElement<NavProps>;
  }
}
