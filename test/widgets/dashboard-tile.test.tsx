import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_CLASSES } from '../../src/ui/Alert';
import { whenCounted } from '../../widgets/dashboard-tile/counted';
import '../../widgets/dashboard-tile/index';

/** A response the test hands out when it chooses. */
interface Pending {
  request: Request;
  respond(response: Response): void;
}

let requests: Pending[];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Every request waits for the test to answer it, and rejects as browsers do when aborted. */
function fetchStub(request: Request): Promise<Response> {
  return new Promise((resolve, reject) => {
    requests.push({ request, respond: resolve });
    request.signal.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
}

const pathOf = (pending: Pending | undefined) =>
  pending ? new URL(pending.request.url).pathname : '';

/** Waits for request number `index` and answers it. */
async function answer(index: number, response: Response): Promise<Request> {
  const pending = await vi.waitFor(() => {
    const found = requests[index];
    if (!found) throw new Error(`request #${index} not sent yet`);
    return found;
  });
  pending.respond(response);
  return pending.request;
}

function find<T extends Element>(root: ParentNode, selector: string): Promise<T> {
  return vi.waitFor(() => {
    const found = root.querySelector<T>(selector);
    if (!found) throw new Error(`${selector} not rendered yet`);
    return found;
  });
}

function tile(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.querySelector('fm-dashboard-tile') as HTMLElement;
}

const text = (element: Element | null) => element?.textContent ?? '';
/** A button by its accessible name (its aria-label, else its text). */
const buttonNamed = (root: ParentNode, name: string) =>
  vi.waitFor(() => {
    const found = [...root.querySelectorAll<HTMLButtonElement>('button')].find(
      (button) => (button.getAttribute('aria-label') ?? text(button)) === name,
    );
    if (!found) throw new Error(`no button named ${name}`);
    return found;
  });

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', vi.fn(fetchStub));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fm-dashboard-tile', () => {
  it('shows a loading state, then the title and the count', async () => {
    const element = tile('<fm-dashboard-tile data-tile-id="3"></fm-dashboard-tile>');
    const group = await find(element, '.fm-tile');
    expect(group.getAttribute('aria-busy')).toBe('true');
    expect(text(group)).toContain('Loading…');

    const request = await answer(0, json({ title: 'Open jobs', count: '12345' }));
    expect(request.method).toBe('GET');
    expect(pathOf(requests[0])).toBe('/dashboards/fetch/3');

    await vi.waitFor(() => expect(text(element.querySelector('.fm-tile__count'))).toBe('12,345'));
    expect(text(element.querySelector('.fm-tile__title'))).toBe('Open jobs');
    expect(group.getAttribute('aria-busy')).toBe('false');
    expect(group.getAttribute('aria-labelledby')).toBe(
      element.querySelector('.fm-tile__title')?.id,
    );
  });

  it('refreshes on demand, shows it is busy and cannot be fired twice', async () => {
    const element = tile('<fm-dashboard-tile data-tile-id="3"></fm-dashboard-tile>');
    await answer(0, json({ title: 'Open jobs', count: 5 }));
    const button = await find<HTMLButtonElement>(element, 'button[aria-label="Refresh Open jobs"]');
    const refreshed = vi.fn();
    document.addEventListener('fm-tile-refreshed', (event) => refreshed(event.detail));

    button.click();
    button.click();
    await vi.waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(element.querySelector('.fm-tile')?.getAttribute('aria-busy')).toBe('true');
    expect(text(element.querySelector('[role="status"]'))).toBe('Refreshing Open jobs…');
    expect(pathOf(requests[1])).toBe('/dashboards/fetch/3/false');

    button.click();
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(2);

    await answer(1, json({ title: 'Open jobs', count: 6 }));
    await vi.waitFor(() => expect(text(element.querySelector('.fm-tile__count'))).toBe('6'));
    expect(button.getAttribute('aria-busy')).toBe('false');
    expect(button.getAttribute('aria-disabled')).toBe('false');
    expect(text(element.querySelector('[role="status"]'))).toBe('Open jobs updated: 6');
    expect(refreshed).toHaveBeenCalledWith({ tileId: 3, title: 'Open jobs', count: 6 });
  });

  it('says when its count was made, and the refreshed count when that was', async () => {
    const element = tile('<fm-dashboard-tile data-tile-id="1"></fm-dashboard-tile>');
    const countedAt = (hour: number) => {
      const today = new Date();
      today.setHours(hour, 5, 9);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())} ${pad(hour)}:05:09`;
    };
    await answer(0, json({ title: 'Awaiting release', count: '18', counted_at: countedAt(7) }));
    const counted = await find(element, '.fm-tile__counted');
    expect(text(counted)).toBe('Counted at 07:05');
    expect(counted.querySelector('time')?.getAttribute('datetime')).toBe(
      countedAt(7).replace(' ', 'T'),
    );

    (await find<HTMLButtonElement>(element, '.fm-tile__refresh')).click();
    await answer(1, json({ title: 'Awaiting release', count: '16', counted_at: countedAt(9) }));
    await vi.waitFor(() => expect(text(element.querySelector('.fm-tile__count'))).toBe('16'));
    expect(text(element.querySelector('.fm-tile__counted'))).toBe('Counted at 09:05');
  });

  it('gives the date of a count made on another day', async () => {
    const element = tile('<fm-dashboard-tile data-tile-id="1"></fm-dashboard-tile>');
    await answer(
      0,
      json({ title: 'Awaiting release', count: 18, counted_at: '2025-01-05 08:00:00' }),
    );
    expect(text(await find(element, '.fm-tile__counted'))).toBe('Counted 05/01/2025 08:00');
  });

  it.each([
    ['without the field', {}],
    ['with null', { counted_at: null }],
  ])('shows the count %s, saying nothing of when', async (_case, extra) => {
    const element = tile('<fm-dashboard-tile data-tile-id="2"></fm-dashboard-tile>');
    await answer(0, json({ title: 'Quotes', count: 20, ...extra }));
    await vi.waitFor(() => expect(text(element.querySelector('.fm-tile__count'))).toBe('20'));
    expect(element.querySelector('.fm-tile__counted')).toBeNull();
    expect(element.querySelector('time')).toBeNull();
  });

  it('names a counted_at that is not a date-time, as any answer off the contract', async () => {
    const element = tile('<fm-dashboard-tile data-tile-id="2"></fm-dashboard-tile>');
    await answer(0, json({ title: 'Quotes', count: 20, counted_at: 'yesterday' }));
    expect(text(await find(element, '[role="alert"]'))).toBe(
      'Unexpected response from the server (GET /dashboards/fetch/2): counted_at: expected a date-time (YYYY-MM-DD HH:mm:ss), got "yesterday"',
    );
  });

  it("shows the server's message with a Retry button, and retries", async () => {
    const element = tile('<fm-dashboard-tile data-tile-id="4"></fm-dashboard-tile>');
    await answer(0, json({ status: 'error', message: 'Tile 4 is not available.' }, 500));
    const alert = await find(element, '[role="alert"]');
    expect(text(alert)).toBe('Tile 4 is not available.');

    const retry = await buttonNamed(element, 'Retry Dashboard tile 4');
    // The one Retry look of every widget (src/ui/Alert.tsx).
    expect(retry.className).toBe(RETRY_CLASSES);
    retry.click();
    await answer(1, json({ title: 'Overdue', count: 2 }));
    await vi.waitFor(() => expect(text(element.querySelector('.fm-tile__count'))).toBe('2'));
    expect(element.querySelector('[role="alert"]')).toBeNull();
    expect(pathOf(requests[1])).toBe('/dashboards/fetch/4');
  });

  it('a failed tile is named: by the title the host gave, else by its id', async () => {
    document.body.innerHTML =
      '<fm-dashboard-tile data-tile-id="2" data-tile-title="Quotes awaiting approval"></fm-dashboard-tile>' +
      '<fm-dashboard-tile data-tile-id="4" data-tile-title="Overdue jobs"></fm-dashboard-tile>' +
      '<fm-dashboard-tile data-tile-id="5"></fm-dashboard-tile>';
    const tiles = [...document.querySelectorAll<HTMLElement>('fm-dashboard-tile')];
    // While loading, a tile whose title the host gave shows it (and is busy).
    const first = await find(tiles[0] as HTMLElement, '.fm-tile');
    expect(text(first.querySelector('.fm-tile__title'))).toBe('Quotes awaiting approval');
    expect(first.getAttribute('aria-busy')).toBe('true');

    await vi.waitFor(() => expect(requests).toHaveLength(3));
    for (const index of [0, 1, 2]) {
      await answer(index, json({ status: 'error', message: 'The count could not be made.' }, 400));
    }
    await vi.waitFor(() =>
      expect(tiles.map((one) => text(one.querySelector('[role="alert"]')))).toEqual([
        'The count could not be made.',
        'The count could not be made.',
        'The count could not be made.',
      ]),
    );
    // Each says which tile failed, in its title and in its Retry button's name.
    expect(tiles.map((one) => text(one.querySelector('.fm-tile__title')))).toEqual([
      'Quotes awaiting approval',
      'Overdue jobs',
      'Dashboard tile 5',
    ]);
    const region = (one: HTMLElement) => {
      const article = one.querySelector('article');
      const id = article?.getAttribute('aria-labelledby') ?? '';
      return text(one.querySelector(`[id="${id}"]`));
    };
    expect(tiles.map(region)).toEqual([
      'Quotes awaiting approval',
      'Overdue jobs',
      'Dashboard tile 5',
    ]);
    await buttonNamed(tiles[1] as HTMLElement, 'Retry Overdue jobs');
    await buttonNamed(tiles[2] as HTMLElement, 'Retry Dashboard tile 5');

    // Retried, the answer's title replaces the host's.
    (await buttonNamed(tiles[1] as HTMLElement, 'Retry Overdue jobs')).click();
    await answer(3, json({ title: 'Overdue', count: 7 }));
    await vi.waitFor(() =>
      expect(text((tiles[1] as HTMLElement).querySelector('.fm-tile__title'))).toBe('Overdue'),
    );
    expect((tiles[1] as HTMLElement).querySelector('[role="alert"]')).toBeNull();
  });

  it('keeps the last count when a refresh fails, and Retry refreshes again', async () => {
    const element = tile('<fm-dashboard-tile data-tile-id="4"></fm-dashboard-tile>');
    await answer(0, json({ title: 'Overdue', count: 2 }));
    (await find<HTMLButtonElement>(element, '.fm-tile__refresh')).click();
    await answer(1, json({ status: 'error', message: ['Busy.', 'Try later.'] }, 400));
    expect(text(await find(element, '[role="alert"]'))).toBe('Busy. Try later.');
    expect(text(element.querySelector('.fm-tile__count'))).toBe('2');

    (await buttonNamed(element, 'Retry Overdue')).click();
    await vi.waitFor(() => expect(pathOf(requests[2])).toBe('/dashboards/fetch/4/false'));
  });

  it('says the session has expired when a login page comes back', async () => {
    const element = tile('<fm-dashboard-tile data-tile-id="1"></fm-dashboard-tile>');
    await answer(
      0,
      new Response('<!DOCTYPE html><html><body>Sign in</body></html>', {
        headers: { 'content-type': 'text/html' },
      }),
    );
    expect(text(await find(element, '[role="alert"]'))).toBe(
      'Your session has expired. Please sign in again.',
    );
  });

  it('names a bad attribute inline, sends nothing, and recovers once it is fixed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = tile('<fm-dashboard-tile data-tile-id="abc"></fm-dashboard-tile>');
    const alert = await find(element, '[role="alert"].fm-error');
    expect(text(alert)).toBe(
      'fm-dashboard-tile: data-tile-id must be a positive whole number (got "abc")',
    );
    expect(requests).toHaveLength(0);

    element.setAttribute('data-tile-id', '2');
    await answer(0, json({ title: 'Quotes', count: 1 }));
    await vi.waitFor(() => expect(text(element.querySelector('.fm-tile__title'))).toBe('Quotes'));
    expect(element.querySelector('.fm-error')).toBeNull();
  });

  it('asks for data-tile-id when it is missing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = tile('<fm-dashboard-tile></fm-dashboard-tile>');
    expect(text(await find(element, '.fm-error'))).toBe(
      'fm-dashboard-tile: data-tile-id is required',
    );
  });

  it('loads the new tile when data-tile-id changes', async () => {
    const element = tile('<fm-dashboard-tile data-tile-id="1"></fm-dashboard-tile>');
    await answer(0, json({ title: 'One', count: 1 }));
    await vi.waitFor(() => expect(text(element.querySelector('.fm-tile__title'))).toBe('One'));
    element.setAttribute('data-tile-id', '2');
    await answer(1, json({ title: 'Two', count: 2 }));
    await vi.waitFor(() => expect(text(element.querySelector('.fm-tile__title'))).toBe('Two'));
    expect(pathOf(requests[1])).toBe('/dashboards/fetch/2');
  });

  it('keeps two tiles on one page independent', async () => {
    document.body.innerHTML =
      '<fm-dashboard-tile data-tile-id="1"></fm-dashboard-tile>' +
      '<fm-dashboard-tile data-tile-id="2"></fm-dashboard-tile>';
    const [first, second] = document.querySelectorAll('fm-dashboard-tile') as unknown as [
      HTMLElement,
      HTMLElement,
    ];
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    const byPath = (path: string) => requests.findIndex((pending) => pathOf(pending) === path);
    await answer(byPath('/dashboards/fetch/1'), json({ title: 'Open jobs', count: 10 }));
    await answer(byPath('/dashboards/fetch/2'), json({ title: 'Quotes', count: 20 }));
    await vi.waitFor(() => expect(text(second.querySelector('.fm-tile__count'))).toBe('20'));
    expect(text(first.querySelector('.fm-tile__count'))).toBe('10');

    (first.querySelector('.fm-tile__refresh') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect(first.querySelector('.fm-tile__refresh')?.getAttribute('aria-busy')).toBe('true');
    expect(second.querySelector('.fm-tile__refresh')?.getAttribute('aria-busy')).toBe('false');

    await answer(2, json({ status: 'error', message: 'Failed.' }, 400));
    await find(first, '[role="alert"]');
    expect(second.querySelector('[role="alert"]')).toBeNull();
    expect(text(second.querySelector('.fm-tile__count'))).toBe('20');
  });

  it('on removal aborts its request and leaves no timer or listener behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const added = vi.fn();
    const removed = vi.fn();
    for (const target of [window, document]) {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      vi.spyOn(target, 'addEventListener').mockImplementation((...args) => {
        added(args[0]);
        add(...args);
      });
      vi.spyOn(target, 'removeEventListener').mockImplementation((...args) => {
        removed(args[0]);
        remove(...args);
      });
    }

    const element = tile('<fm-dashboard-tile data-tile-id="3"></fm-dashboard-tile>');
    const pending = await vi.waitFor(() => {
      const found = requests[0];
      if (!found) throw new Error('not sent yet');
      return found;
    });
    expect(vi.getTimerCount()).toBeGreaterThan(0);

    element.remove();
    await vi.waitFor(() => expect(pending.request.signal.aborted).toBe(true));
    await vi.waitFor(() => expect(element.childElementCount).toBe(0));
    expect(vi.getTimerCount()).toBe(0);
    expect(added.mock.calls.length).toBe(removed.mock.calls.length);
  });
});

describe('whenCounted', () => {
  const now = new Date(2026, 10, 25, 16, 40);

  it('gives the time of a count made today, the date and time of an older one', () => {
    expect(whenCounted('2026-11-25 09:14:05', now)).toEqual({
      dateTime: '2026-11-25T09:14:05',
      today: true,
      shown: '09:14',
    });
    expect(whenCounted('2026-11-24 23:59:00', now)).toEqual({
      dateTime: '2026-11-24T23:59:00',
      today: false,
      shown: '24/11/2026 23:59',
    });
  });

  it('reads an ISO 8601 time with its offset in local time', () => {
    const at = new Date(Date.UTC(2026, 10, 25, 9, 14));
    expect(whenCounted('2026-11-25T09:14:00Z', at)?.shown).toBe(
      `${String(at.getHours()).padStart(2, '0')}:14`,
    );
  });

  it('gives nothing for a time no clock can read', () => {
    expect(whenCounted('2026-11-25 25:14:05', now)).toBeNull();
  });
});

describe("fm-dashboard-tile's words", () => {
  /** The page's configuration block. */
  const pageConfig = (config: unknown) => {
    document.head.innerHTML = `<script type="application/json" id="fm-config">${JSON.stringify(config)}</script>`;
  };

  /** Every text the tile shows or announces: its text nodes and its attributes that are read out. */
  const wordsOf = (element: Element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim()) found.push(node.textContent.trim());
    }
    for (const labelled of element.querySelectorAll('[aria-label]')) {
      found.push(labelled.getAttribute('aria-label') ?? '');
    }
    return found;
  };

  it("shows the page's words for the keys it gives, the defaults for the others", async () => {
    pageConfig({
      messages: {
        'dashboardTile.loading': 'Counting…',
        'dashboardTile.refresh': 'Count {title} again',
        'dashboardTile.updated': '{title} now {count}',
      },
    });
    const element = tile('<fm-dashboard-tile data-tile-id="3"></fm-dashboard-tile>');
    await vi.waitFor(() =>
      expect(text(element.querySelector('.fm-tile__title'))).toBe('Counting…'),
    );
    await answer(0, json({ title: 'Open jobs', count: 5 }));
    (await find<HTMLButtonElement>(element, 'button[aria-label="Count Open jobs again"]')).click();
    await answer(1, json({ title: 'Open jobs', count: 6 }));
    await vi.waitFor(() =>
      expect(text(element.querySelector('[role="status"]'))).toBe('Open jobs now 6'),
    );
  });

  it("takes its own data-messages over the page's", async () => {
    pageConfig({ messages: { 'dashboardTile.loading': 'Page words' } });
    document.body.innerHTML =
      '<fm-dashboard-tile data-tile-id="1"></fm-dashboard-tile>' +
      `<fm-dashboard-tile data-tile-id="2" data-messages='{"dashboardTile.loading": "Own words"}'></fm-dashboard-tile>`;
    const [first, second] = document.querySelectorAll('fm-dashboard-tile');
    await vi.waitFor(() => {
      expect(text(first?.querySelector('.fm-tile__title') ?? null)).toBe('Page words');
      expect(text(second?.querySelector('.fm-tile__title') ?? null)).toBe('Own words');
    });
  });

  it("words a failure of the call in the page's words", async () => {
    pageConfig({
      messages: { 'failure.session': 'Please sign in.', 'dashboardTile.retry': 'Again: {name}' },
    });
    const element = tile('<fm-dashboard-tile data-tile-id="1"></fm-dashboard-tile>');
    await answer(
      0,
      new Response('<html>Sign in</html>', { headers: { 'content-type': 'text/html' } }),
    );
    expect(text(await find(element, '[role="alert"]'))).toBe('Please sign in.');
    await buttonNamed(element, 'Again: Dashboard tile 1');
  });

  it('shows every word in the pseudo-locale: none is missed', async () => {
    pageConfig({ locale: 'en-XA' });
    const element = tile('<fm-dashboard-tile data-tile-id="7"></fm-dashboard-tile>');
    await vi.waitFor(() =>
      expect(text(element.querySelector('.fm-tile__title'))).toBe('[Ļööååđîîñĝ…]'),
    );
    await answer(0, json({ title: 'Open jobs', count: 1234, counted_at: '2025-01-05 08:00:00' }));
    await find(element, '.fm-tile__counted');
    (await find<HTMLButtonElement>(element, '.fm-tile__refresh')).click();
    await answer(1, new Response('', { status: 502 }));
    await find(element, '[role="alert"]');
    // The host's data (the title, the count, the date) is shown as it is; every word is bracketed.
    const data = ['Open jobs', '1,234'];
    const missed = wordsOf(element).filter(
      (words) => !data.includes(words) && !/^\[.*\]$/.test(words),
    );
    expect(missed).toEqual([]);
    expect(text(element.querySelector('.fm-tile__counted'))).toBe('[Çööûûñţééđ 05/01/2025 08:00]');
    expect(text(element.querySelector('[role="alert"] p, [role="alert"]'))).toMatch(
      /^\[Ţĥéé šééŕṽééŕ/,
    );
  });

  it('keeps the default of a text whose placeholders are not its key’s, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    pageConfig({
      messages: { 'dashboardTile.refresh': 'Refresh {name}', 'dashboardTile.lodaing': 'x' },
    });
    const element = tile('<fm-dashboard-tile data-tile-id="3"></fm-dashboard-tile>');
    await answer(0, json({ title: 'Open jobs', count: 5 }));
    await find(element, 'button[aria-label="Refresh Open jobs"]');
    expect(warn.mock.calls.map(([said]) => said)).toEqual([
      'fm-widgets: messages has keys no widget has, ignored: dashboardTile.lodaing',
      'fm-widgets: the text given for dashboardTile.refresh does not fill in the placeholders of its default, "Refresh {title}": the default is kept',
    ]);
  });

  it('reports malformed messages inline, as any wrong page configuration, and sends nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = tile(
      `<fm-dashboard-tile data-tile-id="3" data-messages='{"dashboardTile.loading": '></fm-dashboard-tile>`,
    );
    expect(text(await find(element, '[role="alert"].fm-error'))).toMatch(
      /^fm-dashboard-tile: data-messages must be valid JSON: /,
    );
    pageConfig({ messages: { 'dashboardTile.loading': 5 } });
    const other = tile('<fm-dashboard-tile data-tile-id="4"></fm-dashboard-tile>');
    expect(text(await find(other, '[role="alert"].fm-error'))).toBe(
      'fm-dashboard-tile: Page configuration #fm-config: messages: the text of dashboardTile.loading must be a string (got 5)',
    );
    expect(requests).toHaveLength(0);
  });
});
