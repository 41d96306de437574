import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHost, type Host } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

async function page(path: string): Promise<{ status: number; body: string }> {
  const response = await host.get(path);
  return { status: response.status, body: await response.text() };
}

const rowCount = (body: string) =>
  (body.match(/<tbody>[\s\S]*<\/tbody>/)?.[0].match(/<tr>/g) ?? []).length;
const links = (body: string, prefix: string) =>
  [...body.matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1] as string)
    .filter((href) => href.startsWith(prefix));

describe('server-rendered lists with /page:{n} and key:value filters (docs/requirements.md §2)', () => {
  it('pages the assets 20 at a time with links built on the current path', async () => {
    const total = Number(host.db.prepare('SELECT COUNT(*) FROM assets').pluck().get());
    const pages = Math.ceil(total / 20);
    expect(pages).toBeGreaterThan(1);

    const first = await page('/assets/index');
    expect(first.status).toBe(200);
    expect(rowCount(first.body)).toBe(20);
    expect(first.body).toContain(`Page 1 of ${pages} (${total} found)`);
    expect(links(first.body, '/assets/index/page:')).toEqual([
      '/assets/index/page:2',
      `/assets/index/page:${pages}`,
    ]);

    const last = await page(`/assets/index/page:${pages}`);
    expect(rowCount(last.body)).toBe(total - 20 * (pages - 1));
    expect(links(last.body, '/assets/index/page:')).toEqual([
      '/assets/index/page:1',
      `/assets/index/page:${pages - 1}`,
    ]);
  });

  it('keeps the filters when paging and answers 404 past the last page or for a bad page', async () => {
    const filtered = await page('/assets/index/search:a/page:2');
    expect(filtered.status).toBe(200);
    for (const href of links(filtered.body, '/assets/index/')) {
      if (href.includes('page:')) expect(href).toMatch(/^\/assets\/index\/search:a\/page:\d+$/);
    }
    expect((await page('/assets/index/page:999')).status).toBe(404);
    expect((await page('/assets/index/page:0')).status).toBe(404);
    expect((await page('/assets/index/page:abc')).status).toBe(404);
  });

  it('filters users by role and by user (id, username or name), linking roles with the route builder', async () => {
    const clients = Number(
      host.db.prepare("SELECT COUNT(*) FROM users WHERE role = 'client'").pluck().get(),
    );
    const byRole = await page('/users/index/role:client');
    expect(rowCount(byRole.body)).toBe(clients);
    expect(byRole.body).toContain('Only users whose role is <strong>client</strong>.');

    const user = host.db
      .prepare('SELECT id, username, name FROM users ORDER BY id LIMIT 1')
      .get() as {
      id: number;
      username: string;
      name: string;
    };
    for (const filter of [String(user.id), user.username, user.name]) {
      const one = await page(`/users/index/user:${encodeURIComponent(filter)}`);
      expect(rowCount(one.body)).toBe(1);
      // The filter is said with the user's name, never as the path's `user:{id}`.
      expect(one.body).toContain(`Only the user <strong>${user.name}</strong>.`);
      expect(one.body).not.toContain('Filtered by');
    }
    // Each row's name opens the user's edit form.
    const rows = byRole.body.match(/<tbody>[\s\S]*<\/tbody>/)?.[0] ?? '';
    expect(rows).toContain('<a href="/users/edit/2">Jane Smith</a>');
    expect(links(rows, '/users/edit/')).toHaveLength(clients);
    expect(links(rows, '/users/index/user:')).toEqual([]);
    const nobody = await page('/users/index/user:nobody');
    expect(rowCount(nobody.body)).toBe(0);
    expect(nobody.body).toContain('No user has the id, username or name “nobody”.');
    expect(links(byRole.body, '/users/index/role:')).toContain('/users/index/role:client');
    expect(rowCount((await page('/users/index/role:nobody')).body)).toBe(0);
  });

  it('searches sites by name and links each to its assets; text from the database is escaped', async () => {
    host.db.prepare("UPDATE sites SET name = '<img src=x onerror=alert(1)>' WHERE id = 2").run();
    const sites = await page('/sites/index/search:img');
    expect(rowCount(sites.body)).toBe(1);
    expect(sites.body).not.toContain('<img src=x');
    expect(sites.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(links(sites.body, '/assets/index/search:')).toEqual([
      `/assets/index/search:${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
    ]);
  });
});
