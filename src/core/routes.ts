/**
 * The host's routes (docs/requirements.md §2): the portal prefix, CakePHP-style `key:value` path
 * parameters and a link builder for every route the widgets link to.
 */

import type { Portal } from './portal';

export { type Portal, portalOf } from './portal';

export type ParamValue = string | number | readonly (string | number)[] | null | undefined;

const paramSegment = /^(\w+):(.*)$/;

/**
 * `{ surveyor: 3, fascias: ['A', 'B'] }` → `/surveyor:3/fascias:A,B`. Each value is URL-encoded
 * (so a comma inside a list item survives); null, undefined, '' and [] are left out.
 */
export function buildParams(params: Readonly<Record<string, ParamValue>>): string {
  let path = '';
  for (const [key, value] of Object.entries(params)) {
    const items = value == null ? [] : Array.isArray(value) ? value : [value];
    const text = items.map((item) => encodeURIComponent(String(item))).join(',');
    if (text !== '') path += `/${key}:${text}`;
  }
  return path;
}

function split(path: string): { segments: string[]; rest: string } {
  const at = path.search(/[?#]/);
  const pathname = at < 0 ? path : path.slice(0, at);
  return { segments: pathname.split('/'), rest: at < 0 ? '' : path.slice(at) };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function rawParams(path: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const segment of split(path).segments) {
    const match = paramSegment.exec(segment);
    if (match) params.set(match[1] as string, match[2] as string);
  }
  return params;
}

/** The `key:value` parameters of a path, decoded: `/x/search:a%20b` → `{ search: 'a b' }`. */
export function parseParams(path: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of rawParams(path)) params[key] = decode(value);
  return params;
}

/** A comma-list parameter, split before decoding: `/fascias:A,B%2CC` → `['A', 'B,C']`. */
export function parseListParam(path: string, key: string): string[] {
  const value = rawParams(path).get(key);
  return value ? value.split(',').map(decode) : [];
}

/**
 * `path` with `key:value` set as its last parameter (an earlier one of that key is removed);
 * an empty value only removes it. Any query or fragment is kept.
 */
export function withParam(path: string, key: string, value: ParamValue): string {
  const { segments, rest } = split(path);
  const kept = segments.filter((segment) => paramSegment.exec(segment)?.[1] !== key);
  const base = kept.join('/').replace(/\/+$/, '');
  return `${base}${buildParams({ [key]: value })}${rest}` || '/';
}

/** Paging: `/page:{n}` on the current path (docs/requirements.md §2). */
export function withPage(path: string, page: number): string {
  return withParam(path, 'page', page);
}

/**
 * The documentation site switcher's target: the path ending `/site_id:{id}`
 * (docs/requirements.md §2).
 */
export function withSiteId(path: string, siteId: number | string): string {
  return withParam(path, 'site_id', siteId);
}

const id = (value: number | string) => encodeURIComponent(String(value));

/** `{prefix}/jobs/view/{jobId}`; without a portal, `/jobs/view/{jobId}`. */
export function jobView(prefix: Portal | null, jobId: number | string): string {
  return `${prefix ? `/${prefix}` : ''}/jobs/view/${id(jobId)}`;
}

export function jobEdit(jobId: number | string): string {
  return `/jobs/edit/${id(jobId)}`;
}

/** The users list, unfiltered. */
export function usersList(): string {
  return '/users/index';
}

/** `/users/edit/{userId}`: a user's edit form. */
export function userEdit(userId: number | string): string {
  return `/users/edit/${id(userId)}`;
}

export function usersByUser(user: string | number): string {
  return `/users/index${buildParams({ user })}`;
}

export function usersByRole(role: string): string {
  return `/users/index${buildParams({ role })}`;
}

export function sitesSearch(search: string): string {
  return `/sites/index${buildParams({ search })}`;
}

export function assetsSearch(search: string): string {
  return `/assets/index${buildParams({ search })}`;
}

export interface BudgetRecordsFilter {
  surveyor?: number | string | null;
  fascias?: readonly string[];
  categoryId?: number | string | null;
  scope?: string | null;
}

/** `/reports/budget_records/surveyor:{id}/fascias:{list}/category_id:{id}/scope:{value}`. */
export function budgetRecords(filter: BudgetRecordsFilter = {}): string {
  const { surveyor, fascias, categoryId, scope } = filter;
  return `/reports/budget_records${buildParams({ surveyor, fascias, category_id: categoryId, scope })}`;
}

/** Where an engineer lands after complete or remote fix (docs/requirements.md §2, §4). */
export function engineerJobs(): string {
  return '/engineer/jobs';
}

/** The engineer's page of one job: sign on, and the site time form. */
export function engineerJob(jobId: number): string {
  return `${engineerJobs()}/${jobId}`;
}
