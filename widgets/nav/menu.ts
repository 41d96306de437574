/** The navigation's entries, from JSON or from the host's nested list. */
import { safeHref } from '../../src/core/safe-url';

export interface NavLink {
  label: string;
  href: string;
}

export interface NavEntry {
  label: string;
  /** A plain link when there is no submenu. */
  href?: string;
  items?: NavLink[];
}

/** docs/requirements.md §9: "Navigation menu: 250 ms show delay, 500 ms hide delay." */
export const SHOW_DELAY_MS = 250;
export const HIDE_DELAY_MS = 500;

function ownText(item: Element): string {
  const link = item.querySelector(':scope > a');
  const text = link
    ? link.textContent
    : [...item.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join(' ');
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * `<ul><li><a href>…</a></li><li>Jobs<ul><li><a href>…</a></li></ul></li></ul>` as entries: a
 * list item with a nested list is a submenu (its own link, unless '#', becomes the first item).
 */
export function menuFromList(root: ParentNode): NavEntry[] {
  const list = root.querySelector('ul, ol');
  if (!list) return [];
  return [...list.children]
    .filter((item) => item.tagName === 'LI')
    .map((item) => {
      const label = ownText(item);
      const own = item.querySelector(':scope > a')?.getAttribute('href');
      // A legacy menu's `javascript:;` parent is a label; no script URL becomes a link.
      const href = (own && safeHref(own)) ?? undefined;
      const nested = item.querySelector(':scope > ul, :scope > ol');
      if (!nested) return { label, href };
      const items = [...nested.querySelectorAll(':scope > li > a')].flatMap((link) => {
        const itemHref = safeHref(link.getAttribute('href') ?? '#');
        const itemLabel = (link.textContent ?? '').replace(/\s+/g, ' ').trim();
        return itemHref === null ? [] : [{ label: itemLabel, href: itemHref }];
      });
      if (href && href !== '#') items.unshift({ label, href });
      return { label, items };
    });
}

function menuHref(href: unknown): string {
  const checked = safeHref(String(href));
  if (checked === null) throw new Error('data-menu: every href must be a page address');
  return checked;
}

/** The `data-menu` JSON, checked. */
export function menuFromJson(menu: unknown): NavEntry[] {
  if (!Array.isArray(menu))
    throw new Error('data-menu must be a JSON list of { label, href | items }');
  return menu.map((entry) => {
    const { label, href, items } = entry as NavEntry;
    if (typeof label !== 'string') throw new Error('data-menu: every entry needs a label');
    return Array.isArray(items)
      ? {
          label,
          items: items.map((item) => ({ label: String(item.label), href: menuHref(item.href) })),
        }
      : { label, href: menuHref(href ?? '#') };
  });
}
