import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { originalChildren } from '../../src/core/light-dom';
import { useHost } from '../../src/runtime/define';
import { Icon, type IconShape } from '../../src/runtime/Icon';
import { useWords } from '../../src/runtime/words';
import { HIDE_DELAY_MS, menuFromJson, menuFromList, type NavEntry, SHOW_DELAY_MS } from './menu';
import messages from './messages';

export interface NavProps {
  /** JSON entries; without it, the host's nested `<ul>` inside the element. */
  menu?: unknown;
  /** The navigation's accessible name; without it, the catalog's (`nav.label`). */
  label?: string;
}

const isCurrent = (href: string) => href === location.pathname;

const menuIcon: IconShape = { name: 'menu', d: 'M4 6h16M4 12h16M4 18h16' };

/** A tap outside the navigation closes it; the listener ends with the element. */
function useOutsideTapCloses(
  nav: RefObject<HTMLElement | null>,
  signal: AbortSignal,
  collapse: () => void,
) {
  const latestCollapse = useRef(collapse);
  latestCollapse.current = collapse;
  useEffect(() => {
    const closeOnOutside = (event: PointerEvent) => {
      if (nav.current?.contains(event.target as Node)) return;
      latestCollapse.current();
    };
    document.addEventListener('pointerdown', closeOnOutside, { signal });
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [signal, nav]);
}

type FocusItem = { menu: number; item: number | 'last' };

/** Moves focus into a menu opened from the keyboard, once it is rendered. */
function useFocusInOpenedMenu(
  nav: RefObject<HTMLElement | null>,
  id: string,
  open: number | null,
  focusItem: FocusItem | null,
  focused: () => void,
) {
  const latestFocused = useRef(focused);
  latestFocused.current = focused;
  useEffect(() => {
    if (!focusItem || open !== focusItem.menu) return;
    const items = nav.current?.querySelectorAll<HTMLElement>(
      `#${CSS.escape(`${id}menu${focusItem.menu}`)} [role="menuitem"]`,
    );
    if (!items || items.length === 0) return;
    const index = focusItem.item === 'last' ? items.length - 1 : focusItem.item;
    items[Math.min(index, items.length - 1)]?.focus();
    latestFocused.current();
  }, [focusItem, open, id, nav]);
}

/**
 * The keys inside an open menu: arrows, Home and End move (wrapping); Escape closes it and returns
 * to its button; Tab moves on and closes; ArrowRight and ArrowLeft go along the bar.
 */
function moveInMenu(
  event: KeyboardEvent<HTMLDivElement>,
  to: { close(refocus: boolean): void; alongBar(step: 1 | -1): void },
) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const move = (next: number) => {
    event.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  };
  switch (event.key) {
    case 'ArrowDown':
      return move(at + 1);
    case 'ArrowUp':
      return move(at - 1);
    case 'Home':
      return move(0);
    case 'End':
      return move(items.length - 1);
    case 'Escape':
      event.preventDefault();
      to.close(true);
      return;
    case 'Tab':
      to.close(false);
      return;
    case 'ArrowRight':
    case 'ArrowLeft':
      event.preventDefault();
      to.alongBar(event.key === 'ArrowRight' ? 1 : -1);
      return;
  }
}

interface SubmenuEntryProps {
  id: string;
  index: number;
  entry: NavEntry;
  items: NonNullable<NavEntry['items']>;
  open: boolean;
  /** Runs `action` after `delay`, in place of any action still waiting. */
  hover(action: () => void, delay: number): void;
  toggle(): void;
  setOpen(change: (current: number | null) => number | null): void;
  onButtonKey(event: KeyboardEvent): void;
  onMenuKey(event: KeyboardEvent<HTMLDivElement>): void;
}

/** A top-level entry with a menu: its button, and the menu it opens on hover, click or keys. */
function SubmenuEntry(props: SubmenuEntryProps) {
  const { id, index, entry, items, open, hover, setOpen } = props;
  return (
    <li
      className={`fm-nav__entry${open ? ' is-open' : ''}`}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') hover(() => setOpen(() => index), SHOW_DELAY_MS);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') {
          hover(() => setOpen((current) => (current === index ? null : current)), HIDE_DELAY_MS);
        }
      }}
    >
      <button
        type="button"
        id={`${id}button${index}`}
        className="fm-nav__button nav-link"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}menu${index}`}
        onClick={props.toggle}
        onKeyDown={props.onButtonKey}
      >
        {entry.label}
        <span className="fm-nav__caret" aria-hidden="true" />
      </button>
      <div
        id={`${id}menu${index}`}
        className="fm-nav__menu"
        role="menu"
        aria-labelledby={`${id}button${index}`}
        hidden={!open}
        onKeyDown={props.onMenuKey}
      >
        {items.map((item) => (
          <a
            key={`${item.label}|${item.href}`}
            role="menuitem"
            tabIndex={-1}
            className="fm-nav__item"
            href={item.href}
            aria-current={isCurrent(item.href) ? 'page' : undefined}
          >
            {item.label}
          </a>
        ))}
      </div>
    </li>
  );
}

/**
 * The menubar's state: which menu is open, whether the bar shows on a phone (behind the Menu
 * button, nav.css), the menu item to focus once its menu is open, and the hover timer.
 */
function useMenubar(nav: RefObject<HTMLElement | null>, id: string, signal: AbortSignal) {
  const [open, setOpen] = useState<number | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [focusItem, setFocusItem] = useState<FocusItem | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelLater = () => clearTimeout(timer.current);
  const later = (action: () => void, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, delay);
  };
  const collapse = () => {
    setOpen(null);
    setExpanded(false);
  };
  // The hover timer ends with the element.
  useEffect(() => () => clearTimeout(timer.current), []);
  useOutsideTapCloses(nav, signal, collapse);
  useFocusInOpenedMenu(nav, id, open, focusItem, () => setFocusItem(null));
  return { open, setOpen, expanded, setExpanded, setFocusItem, later, cancelLater, collapse };
}

interface MenuToggleProps {
  /** The bar's id. */
  bar: string;
  /** The button's word. */
  text: string;
  expanded: boolean;
  ref: RefObject<HTMLButtonElement | null>;
  onToggle(): void;
  onEscape(): void;
}

/** The Menu button that shows the bar on a phone. */
function MenuToggle({ bar, text, expanded, ref, onToggle, onEscape }: MenuToggleProps) {
  return (
    <button
      type="button"
      className="fm-nav__toggle nav-link"
      aria-expanded={expanded}
      aria-controls={bar}
      ref={ref}
      onClick={onToggle}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onEscape();
      }}
    >
      <Icon icon={menuIcon} />
      {text}
    </button>
  );
}

/** The navigation's elements the keys move the focus between. */
interface MenubarElements {
  nav: RefObject<HTMLElement | null>;
  bar: RefObject<HTMLUListElement | null>;
  toggle: RefObject<HTMLButtonElement | null>;
}

/** The keys along the bar, on a menu's button and inside a menu (the APG menubar). */
function useMenubarKeys(
  entries: NavEntry[],
  id: string,
  { nav, bar, toggle }: MenubarElements,
  { open, setOpen, expanded, setFocusItem, cancelLater, collapse }: ReturnType<typeof useMenubar>,
) {
  const button = (index: number) =>
    nav.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}button${index}`)}`);

  /**
   * Focuses top-level item `to` (wrapping), each entry's link or menu button; its menu opens when
   * one was open, as in the APG menubar: moving along the bar keeps a menu showing.
   */
  function moveAlongBar(to: number, keepOpen: boolean) {
    const items = [
      ...(bar.current?.querySelectorAll<HTMLElement>(':scope > li > :first-child') ?? []),
    ];
    const index = (to + items.length) % items.length;
    cancelLater();
    setOpen(keepOpen && entries[index]?.items ? index : null);
    items[index]?.focus();
  }

  function onBarKey(event: KeyboardEvent, index: number) {
    if (event.key === 'Escape' && expanded) {
      collapse();
      toggle.current?.focus();
      return;
    }
    const keepOpen = open !== null;
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    moveAlongBar(to, keepOpen);
  }

  function openWith(index: number, item: number | 'last') {
    cancelLater();
    setOpen(index);
    setFocusItem({ menu: index, item });
  }

  function onButtonKey(event: KeyboardEvent, index: number) {
    if (['Enter', ' ', 'ArrowDown'].includes(event.key)) {
      event.preventDefault();
      openWith(index, 0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(index, 'last');
    } else if (event.key === 'Escape' && open === index) {
      setOpen(null);
    } else {
      onBarKey(event, index);
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>, index: number) {
    moveInMenu(event, {
      close: (refocus) => {
        setOpen(null);
        if (refocus) button(index)?.focus();
      },
      alongBar: (step) => moveAlongBar(index + step, true),
    });
  }

  return { onBarKey, onButtonKey, onMenuKey };
}

/**
 * Top navigation with dropdown submenus (docs/requirements.md §2, §9), the WAI-ARIA menu button
 * pattern: a submenu opens 250 ms after the mouse arrives and closes 500 ms after it leaves; click
 * or tap toggles it; Enter, Space or ArrowDown open it on the first item, ArrowUp on the last;
 * arrows, Home and End move; Escape closes and returns to the button; Tab moves on and closes.
 * Along the bar, as in the APG menubar: ArrowRight and ArrowLeft move between the top-level items
 * (wrapping), Home and End to the ends, a menu that was open opening on the next; from within a
 * menu they close it and go on to the next or previous top-level item, opening its menu.
 */
export function Nav({ menu, label }: NavProps) {
  const { element, signal } = useHost();
  // Read during the first render, before React replaces the host's list: before the words too,
  // whose first render may suspend while the page's words load.
  const [hostMenu] = useState(() => menuFromList(originalChildren(element)));
  const words = useWords(messages).nav;
  const entries: NavEntry[] = menu === undefined ? hostMenu : menuFromJson(menu);
  const id = useId();
  const nav = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLUListElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menubar = useMenubar(nav, id, signal);
  const { open, setOpen, expanded, setExpanded, later, cancelLater, collapse } = menubar;

  const { onBarKey, onButtonKey, onMenuKey } = useMenubarKeys(
    entries,
    id,
    { nav, bar, toggle },
    menubar,
  );

  // Inside the host's own <nav> landmark, a second one would only repeat it.
  const Landmark = element.parentElement?.closest('nav') ? 'div' : 'nav';

  return (
    <Landmark
      className="fm-nav"
      aria-label={Landmark === 'nav' ? (label ?? words.label()) : undefined}
      ref={nav}
    >
      <MenuToggle
        bar={`${id}bar`}
        text={words.menu()}
        expanded={expanded}
        ref={toggle}
        onToggle={() => (expanded ? collapse() : setExpanded(true))}
        onEscape={collapse}
      />
      <ul id={`${id}bar`} className={`fm-nav__bar${expanded ? ' is-expanded' : ''}`} ref={bar}>
        {entries.map((entry, index) =>
          entry.items ? (
            <SubmenuEntry
              key={`${entry.label}|${entry.href ?? ''}`}
              id={id}
              index={index}
              entry={entry}
              items={entry.items}
              open={open === index}
              hover={later}
              toggle={() => {
                cancelLater();
                setOpen(open === index ? null : index);
              }}
              setOpen={setOpen}
              onButtonKey={(event) => onButtonKey(event, index)}
              onMenuKey={(event) => onMenuKey(event, index)}
            />
          ) : (
            <li key={`${entry.label}|${entry.href ?? ''}`} className="fm-nav__entry">
              <a
                className="fm-nav__link nav-link"
                href={entry.href}
                aria-current={entry.href && isCurrent(entry.href) ? 'page' : undefined}
                onKeyDown={(event) => onBarKey(event, index)}
              >
                {entry.label}
              </a>
            </li>
          ),
        )}
      </ul>
    </Landmark>
  );
}
