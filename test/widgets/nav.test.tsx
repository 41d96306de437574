import { afterEach, describe, expect, it, vi } from 'vitest';
import { HIDE_DELAY_MS, menuFromJson, SHOW_DELAY_MS } from '../../widgets/nav/menu';
import '../../widgets/nav/index';

const LIST = `<fm-nav data-label="Main">
  <ul>
    <li><a href="/">Gallery</a></li>
    <li><a href="#">Jobs</a>
      <ul>
        <li><a href="/client/jobs/view/1001">Client job</a></li>
        <li><a href="/client/jobs/view/1006">Cost form</a></li>
        <li><a href="/contractor/jobs/view/1004">Contractor job</a></li>
      </ul>
    </li>
    <li>Users
      <ul><li><a href="/users/password">Change password</a></li></ul>
    </li>
  </ul>
</fm-nav><p><button id="outside">outside</button></p>`;

async function mount(html = LIST) {
  document.body.innerHTML = html;
  return vi.waitFor(() => {
    const nav = document.querySelector<HTMLElement>('nav.fm-nav');
    if (!nav) throw new Error('not rendered');
    return nav;
  });
}

const buttons = (nav: Element) => [
  ...nav.querySelectorAll<HTMLButtonElement>('[aria-haspopup="menu"]'),
];
const menuOf = (button: Element) =>
  document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
const key = (target: Element, name: string) =>
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }),
  );
const pointer = (target: Element, type: string, pointerType = 'mouse') =>
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType }));

afterEach(() => vi.useRealTimers());

/** Moves the fake clock on, then lets React render what the timers changed. */
async function elapse(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  for (let tick = 0; tick < 3; tick += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('fm-nav', () => {
  it("reads the host's nested list: links, and menu buttons for submenus", async () => {
    const nav = await mount();
    expect(nav.getAttribute('aria-label')).toBe('Main');
    expect(nav.querySelector('.fm-nav__link')?.textContent).toBe('Gallery');
    const [jobs, users] = buttons(nav);
    expect(jobs?.textContent).toBe('Jobs');
    expect(users?.textContent).toBe('Users');
    expect(jobs?.getAttribute('aria-expanded')).toBe('false');
    const menu = menuOf(jobs as Element);
    expect(menu.getAttribute('role')).toBe('menu');
    expect(menu.hidden).toBe(true);
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual(
      ['Client job', 'Cost form', 'Contractor job'],
    );
  });

  it('opens 250 ms after the mouse arrives and closes 500 ms after it leaves', async () => {
    const nav = await mount();
    const [jobs] = buttons(nav);
    const entry = jobs?.parentElement as HTMLElement;
    // Only the widget's timers are faked; React renders on its own (real) schedule.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    pointer(jobs as Element, 'pointerover');
    await elapse(SHOW_DELAY_MS - 10);
    expect(jobs?.getAttribute('aria-expanded')).toBe('false');
    await elapse(20);
    expect(jobs?.getAttribute('aria-expanded')).toBe('true');

    pointer(entry, 'pointerout');
    await elapse(HIDE_DELAY_MS - 10);
    expect(jobs?.getAttribute('aria-expanded')).toBe('true');
    // Coming back in time keeps it open.
    pointer(jobs as Element, 'pointerover');
    await elapse(HIDE_DELAY_MS + 10);
    expect(jobs?.getAttribute('aria-expanded')).toBe('true');
    pointer(entry, 'pointerout');
    await elapse(HIDE_DELAY_MS + 10);
    expect(jobs?.getAttribute('aria-expanded')).toBe('false');
    expect(SHOW_DELAY_MS).toBe(250);
    expect(HIDE_DELAY_MS).toBe(500);
  });

  it('is operable by keyboard: open on the first or last item, move, Escape back to the button', async () => {
    const nav = await mount();
    const [jobs] = buttons(nav) as [HTMLButtonElement];
    const items = () => [...menuOf(jobs).querySelectorAll<HTMLElement>('[role="menuitem"]')];
    key(jobs, 'ArrowDown');
    await vi.waitFor(() => expect(document.activeElement).toBe(items()[0]));
    expect(jobs.getAttribute('aria-expanded')).toBe('true');
    key(items()[0] as HTMLElement, 'ArrowDown');
    expect(document.activeElement).toBe(items()[1]);
    key(items()[1] as HTMLElement, 'End');
    expect(document.activeElement).toBe(items()[2]);
    key(items()[2] as HTMLElement, 'ArrowDown');
    expect(document.activeElement).toBe(items()[0]);
    key(items()[0] as HTMLElement, 'Escape');
    await vi.waitFor(() => expect(jobs.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(jobs);

    key(jobs, 'ArrowUp');
    await vi.waitFor(() => expect(document.activeElement).toBe(items()[2]));
  });

  it('moves along the bar with ArrowRight and ArrowLeft (wrapping), Home and End (APG)', async () => {
    const nav = await mount();
    const gallery = nav.querySelector('.fm-nav__link') as HTMLElement;
    const [jobs, users] = buttons(nav) as [HTMLButtonElement, HTMLButtonElement];
    gallery.focus();
    const steps: [string, HTMLElement][] = [
      ['ArrowRight', jobs],
      ['ArrowRight', users],
      ['ArrowRight', gallery],
      ['ArrowLeft', users],
      ['Home', gallery],
      ['End', users],
    ];
    for (const [name, focused] of steps) {
      key(document.activeElement as HTMLElement, name);
      expect(document.activeElement, name).toBe(focused);
    }
    // Moving along a bar with no menu open opens none.
    expect(buttons(nav).map((button) => button.getAttribute('aria-expanded'))).toEqual([
      'false',
      'false',
    ]);
  });

  it('keeps a menu showing while moving along the bar, as one was open', async () => {
    const nav = await mount();
    const gallery = nav.querySelector('.fm-nav__link') as HTMLElement;
    const [jobs, users] = buttons(nav) as [HTMLButtonElement, HTMLButtonElement];
    jobs.focus();
    jobs.click();
    await vi.waitFor(() => expect(jobs.getAttribute('aria-expanded')).toBe('true'));
    key(jobs, 'ArrowRight');
    await vi.waitFor(() => expect(users.getAttribute('aria-expanded')).toBe('true'));
    expect(jobs.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(users);
    // A link has no menu: none is open there, and the next move opens none.
    key(users, 'ArrowRight');
    await vi.waitFor(() => expect(users.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(gallery);
    key(gallery, 'ArrowRight');
    expect(document.activeElement).toBe(jobs);
    expect(jobs.getAttribute('aria-expanded')).toBe('false');
  });

  it('goes from within a menu to the next or previous top-level menu, opening it', async () => {
    const nav = await mount();
    const gallery = nav.querySelector('.fm-nav__link') as HTMLElement;
    const [jobs, users] = buttons(nav) as [HTMLButtonElement, HTMLButtonElement];
    const firstItem = (button: HTMLButtonElement) =>
      menuOf(button).querySelector<HTMLElement>('[role="menuitem"]') as HTMLElement;
    key(jobs, 'ArrowDown');
    await vi.waitFor(() => expect(document.activeElement).toBe(firstItem(jobs)));

    key(firstItem(jobs), 'ArrowRight');
    await vi.waitFor(() => expect(users.getAttribute('aria-expanded')).toBe('true'));
    expect(menuOf(jobs).hidden).toBe(true);
    expect(menuOf(users).hidden).toBe(false);
    // Focus stays on the menu button (APG menubar); ArrowDown goes into the menu.
    expect(document.activeElement).toBe(users);
    key(users, 'ArrowDown');
    await vi.waitFor(() => expect(document.activeElement).toBe(firstItem(users)));

    key(firstItem(users), 'ArrowLeft');
    await vi.waitFor(() => expect(jobs.getAttribute('aria-expanded')).toBe('true'));
    expect(document.activeElement).toBe(jobs);
    key(jobs, 'ArrowDown');
    await vi.waitFor(() => expect(document.activeElement).toBe(firstItem(jobs)));
    key(firstItem(jobs), 'ArrowLeft');
    await vi.waitFor(() => expect(jobs.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(gallery);
  });

  it('puts the bar behind a Menu disclosure button for a phone', async () => {
    const nav = await mount();
    const menu = nav.querySelector('.fm-nav__toggle') as HTMLButtonElement;
    const bar = nav.querySelector('.fm-nav__bar') as HTMLElement;
    expect(menu.textContent).toBe('Menu');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(menu.getAttribute('aria-controls')).toBe(bar.id);
    expect(bar.classList.contains('is-expanded')).toBe(false);

    menu.click();
    await vi.waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('true'));
    expect(bar.classList.contains('is-expanded')).toBe(true);
    menu.click();
    await vi.waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('false'));

    // Escape on an entry of the open bar closes it and returns to the button.
    menu.click();
    await vi.waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('true'));
    const gallery = nav.querySelector('.fm-nav__link') as HTMLElement;
    gallery.focus();
    key(gallery, 'Escape');
    await vi.waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(menu);

    // So does a tap elsewhere, with a submenu open in it.
    menu.click();
    const [jobs] = buttons(nav) as [HTMLButtonElement];
    jobs.click();
    await vi.waitFor(() => expect(jobs.getAttribute('aria-expanded')).toBe('true'));
    pointer(document.getElementById('outside') as HTMLElement, 'pointerdown', 'touch');
    await vi.waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('false'));
    expect(jobs.getAttribute('aria-expanded')).toBe('false');
  });

  it('toggles on click or tap, and a tap elsewhere closes it', async () => {
    const nav = await mount();
    const [jobs, users] = buttons(nav) as [HTMLButtonElement, HTMLButtonElement];
    pointer(jobs, 'pointerover', 'touch');
    jobs.click();
    await vi.waitFor(() => expect(jobs.getAttribute('aria-expanded')).toBe('true'));
    users.click();
    await vi.waitFor(() => expect(users.getAttribute('aria-expanded')).toBe('true'));
    expect(jobs.getAttribute('aria-expanded')).toBe('false');
    pointer(document.getElementById('outside') as HTMLElement, 'pointerdown', 'touch');
    await vi.waitFor(() => expect(users.getAttribute('aria-expanded')).toBe('false'));
  });

  it('says its words, and names its landmark, in the words of its data-messages', async () => {
    const words = { 'nav.label': 'Hauptmenü', 'nav.menu': 'Menü' };
    const nav = await mount(
      LIST.replace('data-label="Main"', `data-messages='${JSON.stringify(words)}'`),
    );
    expect(nav.querySelector('.fm-nav__toggle')?.textContent).toBe('Menü');
    expect(nav.getAttribute('aria-label')).toBe('Hauptmenü');
    // The host's list is read as before.
    expect(buttons(nav).map((button) => button.textContent)).toEqual(['Jobs', 'Users']);
    // data-label, when given, names the landmark.
    const named = await mount(LIST.replace('data-label="Main"', 'data-label="Site"'));
    expect(named.getAttribute('aria-label')).toBe('Site');
  });

  it("adds no second landmark inside the host's <nav>", async () => {
    document.body.innerHTML = `<nav aria-label="Main">${LIST}</nav>`;
    const bar = await vi.waitFor(() => {
      const found = document.querySelector('.fm-nav');
      if (!found) throw new Error('not rendered');
      return found;
    });
    expect(bar.tagName).toBe('DIV');
    expect(document.querySelectorAll('nav')).toHaveLength(1);
  });

  it('takes a JSON menu instead, and marks the current page', async () => {
    history.replaceState(null, '', '/users/password');
    const nav = await mount(
      `<fm-nav data-menu='[{"label":"Home","href":"/"},{"label":"Users","items":[{"label":"Password","href":"/users/password"}]}]'></fm-nav>`,
    );
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Password');
    history.replaceState(null, '', '/');
    expect(() => menuFromJson({})).toThrow('data-menu must be a JSON list');
  });
});
