import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TILE_QUERIES } from '../../demo/server/tiles';
import {
  baseUrl,
  browserAvailable,
  clearFaults,
  csrfTokenOf,
  resetDatabase,
  runAxe,
  setFault,
  useBrowser,
  withStoredData,
} from './harness';

/** Each tile's title and its count, as the database has it now. */
function storedTiles(): Map<number, { title: string; count: number }> {
  return withStoredData((db) => {
    const rows = db.prepare('SELECT id, title, query FROM dashboard_tiles ORDER BY id').all() as {
      id: number;
      title: string;
      query: string;
    }[];
    return new Map(
      rows.map(({ id, title, query }) => {
        const sql = TILE_QUERIES[query];
        if (!sql) throw new Error(`tile ${id} has no query`);
        return [id, { title, count: Number(db.prepare(sql).pluck().get()) }];
      }),
    );
  });
}

const tile = (page: Page, id: number) => page.locator(`fm-dashboard-tile[data-tile-id="${id}"]`);

/** Rejects job 1001 (awaiting release) the way the portal does, with the page's CSRF token. */
async function rejectJob1001(page: Page): Promise<number> {
  const token = await csrfTokenOf(page);
  return page.evaluate(async (csrf) => {
    const response = await fetch('/api/jobs/update/1001', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({
        action: 'reject',
        Job: { id: 1001 },
        Note: { description: 'Not needed any more', job_id: 1001 },
      }),
    });
    return response.status;
  }, token);
}

describe.skipIf(!browserAvailable)('/dashboard', () => {
  const browser = useBrowser();

  beforeEach(async () => {
    await clearFaults();
    await resetDatabase();
  });

  /** /dashboard open, tile 1 showing `before`, the count the database has. */
  async function openWithTile1() {
    const { page } = await browser.newPage();
    await page.goto('/dashboard');
    const before = storedTiles().get(1)?.count ?? -1;
    await expect
      .poll(() => tile(page, 1).locator('.fm-tile__count').textContent())
      .toBe(String(before));
    return { page, before };
  }
  afterEach(clearFaults);

  it("shows each tile's title and the database's count", async () => {
    const { page } = await browser.newPage();
    await page.goto('/dashboard');
    const stored = storedTiles();
    expect([...stored.keys()]).toEqual([1, 2, 3, 4]);
    for (const [id, { title, count }] of stored) {
      await expect
        .poll(() => tile(page, id).locator('.fm-tile__count').textContent())
        .toBe(count.toLocaleString('en-GB'));
      expect(await tile(page, id).locator('.fm-tile__title').textContent()).toBe(title);
    }
  });

  it('opens with the counts as they are after a change, saying when each was counted', async () => {
    const { page, before } = await openWithTile1();
    expect(await rejectJob1001(page)).toBe(200);

    // The next visit, no refresh pressed: the count the database has now.
    await page.reload();
    await expect
      .poll(() => tile(page, 1).locator('.fm-tile__count').textContent())
      .toBe(String(before - 1));
    const counted = tile(page, 1).locator('.fm-tile__counted');
    expect(await counted.textContent()).toMatch(/^Counted at \d{2}:\d{2}$/);
    const { countedAt } = withStoredData(
      (db) =>
        db.prepare('SELECT counted_at AS countedAt FROM dashboard_tiles WHERE id = 1').get() as {
          countedAt: string;
        },
    );
    expect(await counted.locator('time').getAttribute('datetime')).toBe(
      countedAt.replace(' ', 'T'),
    );
    expect(await counted.textContent()).toBe(`Counted at ${countedAt.slice(11, 16)}`);
  });

  it('shows the tiles of a row one height, their numbers level, at 1280 px', async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto('/dashboard');
    await expect.poll(() => page.locator('.fm-tile__counted').count()).toBe(4);
    const boxes = await page.locator('fm-dashboard-tile').evaluateAll((tiles) =>
      tiles.map((element) => {
        const box = (selector: string) =>
          element.querySelector(selector)?.getBoundingClientRect() ?? new DOMRect();
        return {
          top: box('.fm-tile').top,
          height: box('.fm-tile').height,
          count: box('.fm-tile__count').bottom,
          title: box('.fm-tile__title').height,
        };
      }),
    );
    // One row of four, titles of one and two lines ("Jobs awaiting release" wraps).
    expect(new Set(boxes.map((box) => box.top)).size).toBe(1);
    expect(new Set(boxes.map((box) => Math.round(box.title))).size).toBe(2);
    expect(new Set(boxes.map((box) => box.height)).size).toBe(1);
    expect(new Set(boxes.map((box) => box.count)).size).toBe(1);
  });

  it('refreshes one tile from the database, once however often it is clicked', async () => {
    const { page, before } = await openWithTile1();

    expect(await rejectJob1001(page)).toBe(200);
    expect(storedTiles().get(1)?.count).toBe(before - 1);

    // Hold the refresh answer until the clicks have landed while it is in flight.
    const refreshes: string[] = [];
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route('**/dashboards/fetch/1/false', async (route) => {
      refreshes.push(route.request().url());
      await held;
      await route.continue();
    });
    const button = tile(page, 1).getByRole('button', { name: /^Refresh / });
    await button.evaluate((element: HTMLElement) => {
      element.click();
      element.click();
      element.click();
    });
    await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    letThrough();
    await expect
      .poll(() => tile(page, 1).locator('.fm-tile__count').textContent())
      .toBe(String(before - 1));
    expect(refreshes).toHaveLength(1);
    expect(await button.getAttribute('aria-busy')).toBe('false');
    await expect.poll(() => tile(page, 1).getByRole('status').textContent()).toMatch(/updated: /);
    // The other tiles were not asked again.
    expect(await tile(page, 2).locator('.fm-tile__count').textContent()).toBe(
      String(storedTiles().get(2)?.count),
    );
  });

  it('shows a failed tile with its error and recovers on Retry, leaving the others alone', async () => {
    await setFault({ path: '/dashboards/fetch/2', fault: '500', times: 1 });
    await setFault({ path: '/dashboards/fetch/4', fault: '500', times: 1 });
    const { page } = await browser.newPage();
    await page.goto('/dashboard');
    const alert = tile(page, 2).getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(/.+/);
    await expect.poll(() => tile(page, 4).getByRole('alert').textContent()).toMatch(/.+/);
    await expect.poll(() => tile(page, 1).locator('.fm-tile__count').count()).toBe(1);
    // Each failed tile says which it is (the title the page gave it), as its region and Retry do.
    const stored = storedTiles();
    for (const id of [2, 4]) {
      const title = stored.get(id)?.title ?? '';
      expect(await tile(page, id).locator('.fm-tile__title').textContent()).toBe(title);
      expect(await tile(page, id).getByRole('article', { name: title }).count()).toBe(1);
      expect(
        await tile(page, id)
          .getByRole('button', { name: `Retry ${title}` })
          .count(),
      ).toBe(1);
    }
    expect(stored.get(2)?.title).not.toBe(stored.get(4)?.title);
    await tile(page, 2)
      .getByRole('button', { name: `Retry ${stored.get(2)?.title}` })
      .click();
    await expect
      .poll(() => tile(page, 2).locator('.fm-tile__count').textContent())
      .toBe(String(storedTiles().get(2)?.count));
    expect(await tile(page, 2).getByRole('alert').count()).toBe(0);
  });

  it("gives Retry one look in every widget under the host's own sheet: tile, table, engineer", async () => {
    await setFault({ path: '/dashboards/fetch/2', fault: '500' });
    await setFault({ path: '/api/jobs/table', fault: '500' });
    await setFault({ path: '/api/site_times/index/1004', fault: '500' });
    const { page } = await browser.newPage({
      geolocation: { latitude: 53.7962, longitude: -1.5471, accuracy: 15 },
      permissions: ['geolocation'],
    });
    /** What a user sees of the Retry in `scope` on `path`: its colours, border, type and padding. */
    const retryLook = async (path: string, scope: string) => {
      await page.goto(path);
      const retry = page.locator(scope).getByRole('button', { name: /^Retry/ });
      await expect.poll(() => retry.count()).toBe(1);
      expect(await retry.isVisible()).toBe(true);
      return retry.evaluate((button) => {
        const style = getComputedStyle(button);
        return {
          classes: button.className,
          text: button.textContent,
          look: [
            'color',
            'background-color',
            'border-top-color',
            'border-top-width',
            'border-top-style',
            'border-top-left-radius',
            'font-family',
            'font-size',
            'font-weight',
            'padding-left',
            'padding-right',
          ].map((name) => `${name}: ${style.getPropertyValue(name)}`),
        };
      });
    };
    const tileRetry = await retryLook('/dashboard', 'fm-dashboard-tile[data-tile-id="2"]');
    const tableRetry = await retryLook('/client/jobs', 'fm-data-table');
    const engineerRetry = await retryLook('/engineer/jobs/1004', 'fm-engineer-job');
    expect(tileRetry.text).toBe('Retry');
    expect(tableRetry).toEqual(tileRetry);
    // The engineer's is as tall as the screen's other touch targets; otherwise the same.
    expect(engineerRetry).toEqual(tileRetry);
    // Drawn by the host's sheet as an outlined button, not as bare text.
    expect(tileRetry.look).toContain('border-top-style: solid');
  });

  it('tells the user to sign in again when a login page comes back instead of JSON', async () => {
    await setFault({ path: '/dashboards/fetch/3', fault: 'login', times: 1 });
    const { page } = await browser.newPage();
    await page.goto('/dashboard');
    await expect
      .poll(() => tile(page, 3).getByRole('alert').textContent())
      .toBe('Your session has expired. Please sign in again.');
  });

  it('reports malformed JSON in words a user understands', async () => {
    await setFault({ path: '/dashboards/fetch/4', fault: 'malformed', times: 1 });
    const { page } = await browser.newPage();
    await page.goto('/dashboard');
    await expect
      .poll(() => tile(page, 4).getByRole('alert').textContent())
      .toBe('The server sent a response that could not be read.');
  });

  it('gives up on a stalled host after the configured timeout', async () => {
    const { page } = await browser.newPage();
    await page.goto('/dashboard');
    // The page's own tiles have their answers before the fault is set: the stall is the late tile's alone.
    await expect.poll(() => page.locator('.fm-tile__count').count()).toBe(4);
    await setFault({ path: '/dashboards/fetch/4', fault: 'timeout', times: 1 });
    // A tile added later, with its own (short) timeout overriding the page configuration.
    await page.evaluate(() => {
      const late = document.createElement('fm-dashboard-tile');
      late.id = 'late';
      late.dataset.tileId = '4';
      late.dataset.timeout = '1000';
      document.querySelector('main')?.append(late);
    });
    await expect
      .poll(() => page.locator('#late [role="alert"]').allTextContents())
      .toEqual(['The server took too long to respond. Please try again.']);
  });

  it('has no accessibility violations (axe-core)', async () => {
    const { page } = await browser.newPage();
    await page.goto('/dashboard');
    await expect.poll(() => page.locator('.fm-tile__count').count()).toBe(4);
    expect(await runAxe(page)).toEqual([]);
  });
});

describe.skipIf(!browserAvailable)('CSRF on the reference host', () => {
  const browser = useBrowser();

  it('refuses a POST without the token (403) and accepts the page token', async () => {
    const bare = await fetch(`${baseUrl}/api/mailer/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: 1001, subject: 'Hello', message: 'Hi', type: 'helpdesk' }),
    });
    expect(bare.status).toBe(403);

    const { page } = await browser.newPage();
    await page.goto('/dashboard');
    const token = await csrfTokenOf(page);
    const statuses = await page.evaluate(async (csrf) => {
      const send = (headers: Record<string, string>) =>
        fetch('/api/mailer/send', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ job_id: 1001, subject: 'Hello', message: 'Hi', type: 'helpdesk' }),
        }).then((response) => response.status);
      return [
        await send({}),
        await send({ 'x-csrf-token': 'forged' }),
        await send({ 'x-csrf-token': csrf }),
      ];
    }, token);
    expect(statuses).toEqual([403, 403, 200]);
  });
});
