import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { originalChildren } from '../../src/core/light-dom';
import { useHost } from '../../src/runtime/define';
import { Icon, type IconShape } from '../../src/runtime/Icon';
import { HIDE_DELAY_MS, menuFromJson, menuFromList, type NavEntry, SHOW_DELAY_MS } from './menu';

export interface NavProps {
  /** JSON entries; without it, the host's nested `<ul>` inside the element. */
  menu?: unknown;
  label?: string;
}

const isCurrent = (href: string) => href === location.pathname;

const menuIcon: IconShape = { name: 'menu', d: 'M4 6h16M4 12h16M4 18h16' };

/**
 * Top navigation with dropdown submenus (docs/requirements.md §2, §9), the WAI-ARIA menu button
 * pattern: a submenu opens 250 ms after the mouse arrives and closes 500 ms after it leaves; click
 * or tap toggles it; Enter, Space or ArrowDown open it on the first item, ArrowUp on the last;
 * arrows, Home and End move; Escape closes and returns to the button; Tab moves on and closes.
 * Along the bar, as in the APG menubar: ArrowRight and ArrowLeft move between the top-level items
 * (wrapping), Home and End to the ends, a menu that was open opening on the next; from within a
 * menu they close it and go on to the next or previous top-level item, opening its menu.
 */
export function Nav({ menu, label = 'Main' }: NavProps) {
  const { element, signal } = useHost();
  // Read during the first render, before React replaces the host's list.
  const [hostMenu] = useState(() => menuFromList(originalChildren(element)));
  const entries: NavEntry[] = menu === undefined ? hostMenu : menuFromJson(menu);
  const id = useId();
  const [open, setOpen] = useState<number | null>(null);
  /** On a phone the bar is behind the Menu button (nav.css): whether it is showing. */
  const [expanded, setExpanded] = useState(false);
  const [focusItem, setFocusItem] = useState<{ menu: number; item: number | 'last' } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const nav = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLUListElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  const later = (action: () => void, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, delay);
  };

  // Timers and the outside-tap listener end with the element.
  useEffect(() => {
    const closeOnOutside = (event: PointerEvent) => {
      if (nav.current?.contains(event.target as Node)) return;
      setOpen(null);
      setExpanded(false);
    };
    document.addEventListener('pointerdown', closeOnOutside, { signal });
    return () => {
      clearTimeout(timer.current);
      document.removeEventListener('pointerdown', closeOnOutside);
    };
  }, [signal]);

  // Moves focus into a menu opened from the keyboard, once it is rendered.
  useEffect(() => {
    if (!focusItem || open !== focusItem.menu) return;
    const items = nav.current?.querySelectorAll<HTMLElement>(
      `#${CSS.escape(`${id}menu${focusItem.menu}`)} [role="menuitem"]`,
    );
    if (!items || items.length === 0) return;
    const index = focusItem.item === 'last' ? items.length - 1 : focusItem.item;
    items[Math.min(index, items.length - 1)]?.focus();
    setFocusItem(null);
  }, [focusItem, open, id]);

  function collapse() {
    setOpen(null);
    setExpanded(false);
  }

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
    clearTimeout(timer.current);
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
    clearTimeout(timer.current);
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
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
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
        setOpen(null);
        button(index)?.focus();
        return;
      case 'Tab':
        setOpen(null);
        return;
      case 'ArrowRight':
      case 'ArrowLeft':
        event.preventDefault();
        moveAlongBar(index + (event.key === 'ArrowRight' ? 1 : -1), true);
        return;
    }
  }

  // Inside the host's own <nav> landmark, a second one would only repeat it.
  const Landmark = element.parentElement?.closest('nav') ? 'div' : 'nav';

  return (
    <Landmark className="fm-nav" aria-label={Landmark === 'nav' ? label : undefined} ref={nav}>
      <button
        type="button"
        className="fm-nav__toggle nav-link"
        aria-expanded={expanded}
        aria-controls={`${id}bar`}
        ref={toggle}
        onClick={() => (expanded ? collapse() : setExpanded(true))}
        onKeyDown={(event) => {
          if (event.key === 'Escape') collapse();
        }}
      >
        <Icon icon={menuIcon} />
        Menu
      </button>
      <ul id={`${id}bar`} className={`fm-nav__bar${expanded ? ' is-expanded' : ''}`} ref={bar}>
        {entries.map((entry, index) =>
          entry.items ? (
            <li
              key={`${entry.label}|${entry.href ?? ''}`}
              className={`fm-nav__entry${open === index ? ' is-open' : ''}`}
              onPointerEnter={(event) => {
                if (event.pointerType === 'mouse') later(() => setOpen(index), SHOW_DELAY_MS);
              }}
              onPointerLeave={(event) => {
                if (event.pointerType === 'mouse') {
                  later(
                    () => setOpen((current) => (current === index ? null : current)),
                    HIDE_DELAY_MS,
                  );
                }
              }}
            >
              <button
                type="button"
                id={`${id}button${index}`}
                className="fm-nav__button nav-link"
                aria-haspopup="menu"
                aria-expanded={open === index}
                aria-controls={`${id}menu${index}`}
                onClick={() => {
                  clearTimeout(timer.current);
                  setOpen(open === index ? null : index);
                }}
                onKeyDown={(event) => onButtonKey(event, index)}
              >
                {entry.label}
                <span className="fm-nav__caret" aria-hidden="true" />
              </button>
              <div
                id={`${id}menu${index}`}
                className="fm-nav__menu"
                role="menu"
                aria-labelledby={`${id}button${index}`}
                hidden={open !== index}
                onKeyDown={(event) => onMenuKey(event, index)}
              >
                {entry.items.map((item) => (
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
