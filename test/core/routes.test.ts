import { describe, expect, it } from 'vitest';
import {
  assetsSearch,
  budgetRecords,
  buildParams,
  engineerJobs,
  jobEdit,
  jobView,
  parseListParam,
  parseParams,
  portalOf,
  sitesSearch,
  userEdit,
  usersByRole,
  usersByUser,
  usersList,
  withPage,
  withParam,
  withSiteId,
} from '../../src/core/routes';

describe('portalOf', () => {
  it('reads the portal from the first path segment', () => {
    expect(portalOf('/client/jobs/view/1001')).toBe('client');
    expect(portalOf('/contractor/jobs/view/1001')).toBe('contractor');
    expect(portalOf('/client')).toBe('client');
    expect(portalOf('/jobs/view/1001')).toBeNull();
    expect(portalOf('/contractors/index')).toBeNull();
    expect(portalOf('/users/index/role:client')).toBeNull();
    expect(portalOf('/')).toBeNull();
  });
});

describe('key:value parameters', () => {
  it('builds parameters, encoding values and skipping empty ones', () => {
    expect(buildParams({ surveyor: 3, fascias: ['North', 'South East'] })).toBe(
      '/surveyor:3/fascias:North,South%20East',
    );
    expect(buildParams({ search: 'a/b:c,d' })).toBe('/search:a%2Fb%3Ac%2Cd');
    expect(buildParams({ a: null, b: undefined, c: '', d: [] })).toBe('');
    expect(buildParams({ zero: 0 })).toBe('/zero:0');
  });

  it('parses parameters back, decoded', () => {
    const path = '/reports/budget_records/surveyor:3/fascias:North,South%20East/scope:a%2Fb?x=1';
    expect(parseParams(path)).toEqual({ surveyor: '3', fascias: 'North,South East', scope: 'a/b' });
    expect(parseParams('/jobs/view/1001')).toEqual({});
    expect(parseParams('/sites/index/search:100%')).toEqual({ search: '100%' });
  });

  it('splits a comma list before decoding, so commas inside an item survive', () => {
    const path = buildParams({ fascias: ['A', 'B,C', 'D E'] });
    expect(parseListParam(path, 'fascias')).toEqual(['A', 'B,C', 'D E']);
    expect(parseListParam('/reports/budget_records', 'fascias')).toEqual([]);
  });

  it('sets or replaces one parameter at the end of a path, keeping the query', () => {
    expect(withParam('/jobs/index/status:4', 'page', 2)).toBe('/jobs/index/status:4/page:2');
    expect(withParam('/jobs/index/page:3/status:4', 'page', 5)).toBe('/jobs/index/status:4/page:5');
    expect(withParam('/jobs/index/page:3/', 'page', null)).toBe('/jobs/index');
    expect(withParam('/jobs/index/page:3?sort=id#top', 'page', 4)).toBe(
      '/jobs/index/page:4?sort=id#top',
    );
    expect(withParam('/', 'page', 2)).toBe('/page:2');
  });

  it('pages and switches documentation site (docs/requirements.md §2)', () => {
    expect(withPage('/client/jobs/index/page:2', 3)).toBe('/client/jobs/index/page:3');
    expect(withSiteId('/documentation/index/site_id:1/type:2', 5)).toBe(
      '/documentation/index/type:2/site_id:5',
    );
  });

  it('ends the documentation path with /site_id:{id}, replacing one it had (docs/requirements.md §2)', () => {
    expect(withSiteId('/documentation', 3)).toBe('/documentation/site_id:3');
    expect(withSiteId('/documentation/', '3')).toBe('/documentation/site_id:3');
    expect(withSiteId('/client/documentation/index/category:2', 7)).toBe(
      '/client/documentation/index/category:2/site_id:7',
    );
    expect(withSiteId('/documentation/site_id:1', 3)).toBe('/documentation/site_id:3');
    expect(withSiteId('/documentation/site_id:1/', 3)).toBe('/documentation/site_id:3');
    expect(withSiteId('/documentation/site_id:1/category:2', 3)).toBe(
      '/documentation/category:2/site_id:3',
    );
    expect(withSiteId('/documentation/parent_site_id:4', 3)).toBe(
      '/documentation/parent_site_id:4/site_id:3',
    );
    expect(parseParams('/documentation/site_id:12/').site_id).toBe('12');
    expect(parseParams('/documentation').site_id).toBeUndefined();
  });
});

describe('links (docs/requirements.md §2)', () => {
  it('builds every route', () => {
    expect(jobView('client', 1001)).toBe('/client/jobs/view/1001');
    expect(jobView('contractor', 1001)).toBe('/contractor/jobs/view/1001');
    expect(jobView(null, 1001)).toBe('/jobs/view/1001');
    expect(jobEdit(1001)).toBe('/jobs/edit/1001');
    expect(usersByUser(12)).toBe('/users/index/user:12');
    expect(usersList()).toBe('/users/index');
    expect(userEdit(12)).toBe('/users/edit/12');
    expect(usersByRole('engineer')).toBe('/users/index/role:engineer');
    expect(sitesSearch('Leeds 1')).toBe('/sites/index/search:Leeds%201');
    expect(assetsSearch('boiler')).toBe('/assets/index/search:boiler');
    expect(engineerJobs()).toBe('/engineer/jobs');
  });

  it('builds budget records with its filters in order, skipping the empty ones', () => {
    expect(budgetRecords()).toBe('/reports/budget_records');
    expect(
      budgetRecords({ surveyor: 7, fascias: ['North', 'South'], categoryId: 2, scope: 'open' }),
    ).toBe('/reports/budget_records/surveyor:7/fascias:North,South/category_id:2/scope:open');
    expect(budgetRecords({ fascias: [], scope: 'all' })).toBe('/reports/budget_records/scope:all');
  });
});
