import { describe, expect, it } from 'vitest';
import { siteIdOf, withSiteId } from '../../src/core/site-path';

describe('withSiteId (SPEC §2 documentation site switcher)', () => {
  it('appends /site_id:{id} to the current path', () => {
    expect(withSiteId('/documentation', 3)).toBe('/documentation/site_id:3');
    expect(withSiteId('/documentation/', '3')).toBe('/documentation/site_id:3');
    expect(withSiteId('/client/documentation/index/category:2', 7)).toBe(
      '/client/documentation/index/category:2/site_id:7',
    );
  });

  it('replaces an existing site_id, wherever it is', () => {
    expect(withSiteId('/documentation/site_id:1', 3)).toBe('/documentation/site_id:3');
    expect(withSiteId('/documentation/site_id:1/', 3)).toBe('/documentation/site_id:3');
    expect(withSiteId('/documentation/site_id:1/category:2', 3)).toBe(
      '/documentation/category:2/site_id:3',
    );
  });

  it('keeps similar named parameters', () => {
    expect(withSiteId('/documentation/parent_site_id:4', 3)).toBe(
      '/documentation/parent_site_id:4/site_id:3',
    );
  });

  it('reads the site the path ends with', () => {
    expect(siteIdOf('/documentation/site_id:12')).toBe('12');
    expect(siteIdOf('/documentation/site_id:12/')).toBe('12');
    expect(siteIdOf('/documentation')).toBeNull();
    expect(siteIdOf('/documentation/site_id:12/category:2')).toBeNull();
  });
});
