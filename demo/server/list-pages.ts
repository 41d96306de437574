import type { Context } from 'hono';
import { parseParams } from '../../src/core/routes';
import {
  type AssetRow,
  assetsListPage,
  LIST_PAGE_SIZE,
  type Paged,
  type SiteRow,
  sitesListPage,
  type UserRow,
  usersListPage,
} from '../pages/lists';
import type { Db } from './db';
import type { Deps } from './deps';
import type { AppEnv, AppHandler } from './http';
import { pageContext, renderNotFound } from './page-context';

// The server-rendered lists, 20 a page, as CakePHP's index actions answer them.

/**
 * One page of a server-rendered list: `where` and its bound `args` filter, `/page:{n}` picks the
 * page; null when the page does not exist (CakePHP's paginator answers 404 there too).
 */
function pageOf<Row>(
  db: Db,
  from: string,
  select: string,
  order: string,
  where: string,
  args: unknown[],
  pageParam: string | undefined,
): Paged<Row> | null {
  const page = pageParam === undefined ? 1 : Number(pageParam);
  if (!Number.isInteger(page) || page < 1) return null;
  const total = Number(
    db
      .prepare(`SELECT COUNT(*) FROM ${from} WHERE ${where}`)
      .pluck()
      .get(...args),
  );
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  if (page > pageCount) return null;
  const rows = db
    .prepare(`SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...args, LIST_PAGE_SIZE, (page - 1) * LIST_PAGE_SIZE) as Row[];
  return { rows, page, pageCount, total };
}

/** `key:value` filters of the path, without the page. */
function listFilters(path: string): { filters: Record<string, string>; page: string | undefined } {
  const { page, ...filters } = parseParams(path);
  return { filters, page };
}

/** Users filtered by user (id, username or name) or role (docs/requirements.md §2), 20 a page. */
export function showUsersList(deps: Deps): AppHandler {
  const { db } = deps;
  return (c: Context<AppEnv>) => {
    const { filters, page } = listFilters(c.req.path);
    const where: string[] = ['1 = 1'];
    const args: unknown[] = [];
    const userMatch = '(CAST(id AS TEXT) = ? OR username = ? OR name = ?)';
    let userName: string | null = null;
    if (filters.user !== undefined) {
      where.push(userMatch);
      args.push(filters.user, filters.user, filters.user);
      // The filter is said with the user's name, not the id or username of the path.
      userName =
        (db
          .prepare(`SELECT name FROM users WHERE ${userMatch} ORDER BY id LIMIT 1`)
          .pluck()
          .get(filters.user, filters.user, filters.user) as string | undefined) ?? null;
    }
    if (filters.role !== undefined) {
      where.push('role = ?');
      args.push(filters.role);
    }
    const users = pageOf<UserRow>(
      db,
      'users',
      'id, name, username, role',
      'name, id',
      where.join(' AND '),
      args,
      page,
    );
    return users
      ? c.html(usersListPage(pageContext(c, deps), { ...filters, userName }, users))
      : renderNotFound(c, deps);
  };
}

/** Sites searched by name or branch reference (docs/requirements.md §2), 20 a page. */
export function showSitesList(deps: Deps): AppHandler {
  return (c: Context<AppEnv>) => {
    const { filters, page } = listFilters(c.req.path);
    const search = `%${filters.search ?? ''}%`;
    const sites = pageOf<SiteRow>(
      deps.db,
      'sites',
      'id, name, type, branch_reference, (SELECT COUNT(*) FROM assets WHERE site_id = sites.id) AS asset_count',
      'name, id',
      "(name LIKE ? OR IFNULL(branch_reference, '') LIKE ?)",
      [search, search],
      page,
    );
    return sites
      ? c.html(sitesListPage(pageContext(c, deps), filters, sites))
      : renderNotFound(c, deps);
  };
}

/** Assets searched by their name or their site's (docs/requirements.md §2), 20 a page. */
export function showAssetsList(deps: Deps): AppHandler {
  return (c: Context<AppEnv>) => {
    const { filters, page } = listFilters(c.req.path);
    const search = `%${filters.search ?? ''}%`;
    const assets = pageOf<AssetRow>(
      deps.db,
      'assets JOIN sites ON sites.id = assets.site_id LEFT JOIN asset_categories ON asset_categories.id = assets.asset_category_id',
      'assets.id, assets.name, sites.name AS site, asset_categories.name AS category',
      'sites.name, assets.name, assets.id',
      '(assets.name LIKE ? OR sites.name LIKE ?)',
      [search, search],
      page,
    );
    return assets
      ? c.html(assetsListPage(pageContext(c, deps), filters, assets))
      : renderNotFound(c, deps);
  };
}
