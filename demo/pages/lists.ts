import { assetsSearch, sitesSearch, userEdit, usersByRole, withPage } from '../../src/core/routes';
import { type Html, html } from './html';
import { layout, type PageContext } from './layout';

/**
 * Server-rendered lists, paged the CakePHP way (`/page:{n}` appended to the current path) and
 * filtered by `key:value` path parameters (docs/requirements.md §2). Every link comes from
 * src/core/routes.ts, the same builders the widgets use.
 */

/** CakePHP's paginator default. */
export const LIST_PAGE_SIZE = 20;

export interface Paged<Row> {
  rows: Row[];
  page: number;
  pageCount: number;
  total: number;
}

function pager(path: string, { page, pageCount, total }: Paged<unknown>): Html {
  if (pageCount <= 1) return html`<p class="text-muted">${total} found.</p>`;
  const link = (n: number, label: string) =>
    n < 1 || n > pageCount || n === page
      ? html`<li><span aria-disabled="true">${label}</span></li>`
      : html`<li><a href="${withPage(path, n)}">${label}</a></li>`;
  return html`<nav class="pager" aria-label="Pages">
<p>Page ${page} of ${pageCount} (${total} found)</p>
<ul>${link(1, 'First')}${link(page - 1, 'Previous')}${link(page + 1, 'Next')}${link(pageCount, 'Last')}</ul>
</nav>`;
}

function filterNote(filters: Record<string, string>): Html {
  const entries = Object.entries(filters);
  if (entries.length === 0) return html``;
  return html`<p class="lead">Filtered by ${entries.map(
    ([key, value], index) => html`${index > 0 ? ', ' : ''}<code>${key}:${value}</code>`,
  )}.</p>`;
}

export interface UserRow {
  id: number;
  name: string;
  username: string;
  role: string;
}

/** The users list's filters: the path's `user` and `role`, and the name of the user matched. */
export interface UserFilters {
  user?: string;
  role?: string;
  /** The name of the user the `user` filter found (by id, username or name), if any. */
  userName: string | null;
}

/** The users list's filters in words: the user by name, never by the id in the path. */
function userFilterNote({ user, role, userName }: UserFilters): Html {
  const said: Html[] = [];
  if (user !== undefined) {
    said.push(
      userName === null
        ? html`No user has the id, username or name “${user}”.`
        : html`Only the user <strong>${userName}</strong>.`,
    );
  }
  if (role !== undefined) said.push(html`Only users whose role is <strong>${role}</strong>.`);
  return said.length > 0
    ? html`<p class="lead">${said.map((words, index) => html`${index > 0 ? ' ' : ''}${words}`)}</p>`
    : html``;
}

export function usersListPage(
  context: PageContext,
  filters: UserFilters,
  users: Paged<UserRow>,
): string {
  return layout(
    context,
    'Users',
    html`<h1>Users</h1>
${userFilterNote(filters)}
<p>Open a user's name to edit the user.</p>
<div class="table-scroll" role="region" aria-label="Users" tabindex="0">
<table class="table">
<caption class="fm-visually-hidden">Users</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Username</th><th scope="col">Role</th></tr></thead>
<tbody>${users.rows.map(
      (user) => html`<tr><td><a href="${userEdit(user.id)}">${user.name}</a></td>
<td>${user.username}</td><td><a href="${usersByRole(user.role)}">${user.role}</a></td></tr>`,
    )}</tbody>
</table>
</div>
${pager(context.path, users)}`,
  );
}

export interface SiteRow {
  id: number;
  name: string;
  type: string;
  branch_reference: string | null;
  asset_count: number;
}

export function sitesListPage(
  context: PageContext,
  filters: Record<string, string>,
  sites: Paged<SiteRow>,
): string {
  return layout(
    context,
    'Sites',
    html`<h1>Sites</h1>
${filterNote(filters)}
<div class="table-scroll" role="region" aria-label="Sites" tabindex="0">
<table class="table">
<caption class="fm-visually-hidden">Sites</caption>
<thead><tr><th scope="col">Site</th><th scope="col">Type</th><th scope="col">Branch reference</th><th scope="col">Assets</th></tr></thead>
<tbody>${sites.rows.map(
      (
        site,
      ) => html`<tr><td>${site.name}</td><td>${site.type}</td><td>${site.branch_reference ?? ''}</td>
<td><a href="${assetsSearch(site.name)}">${site.asset_count} assets</a></td></tr>`,
    )}</tbody>
</table>
</div>
${pager(context.path, sites)}`,
  );
}

export interface AssetRow {
  id: number;
  name: string;
  site: string;
  category: string | null;
}

export function assetsListPage(
  context: PageContext,
  filters: Record<string, string>,
  assets: Paged<AssetRow>,
): string {
  return layout(
    context,
    'Assets',
    html`<h1>Assets</h1>
${filterNote(filters)}
<div class="table-scroll" role="region" aria-label="Assets" tabindex="0">
<table class="table">
<caption class="fm-visually-hidden">Assets</caption>
<thead><tr><th scope="col">Asset</th><th scope="col">Site</th><th scope="col">Category</th></tr></thead>
<tbody>${assets.rows.map(
      (
        asset,
      ) => html`<tr><td>${asset.name}</td><td><a href="${sitesSearch(asset.site)}">${asset.site}</a></td>
<td>${asset.category ?? ''}</td></tr>`,
    )}</tbody>
</table>
</div>
${pager(context.path, assets)}`,
  );
}
