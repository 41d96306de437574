import { describe, expect, it } from 'vitest';
import {
  ENGINEERS_INVALID,
  ENGINEERS_TOO_MANY,
  OFF_SITE_BEFORE_ON_SITE,
  OFF_SITE_IN_FUTURE,
  ON_SITE_IN_FUTURE,
  ON_SITE_REQUIRED,
} from '../../src/core/job-messages';
import { MAX_ENGINEERS, siteTimeErrors } from '../../src/core/site-time-rules';

const valid = { onSite: '02/03/2026 09:15', offSite: '', engineers: '1' };

describe('a site time (the form and the host)', () => {
  it('needs on site, as DD/MM/YYYY HH:mm on a real day', () => {
    expect(siteTimeErrors(valid)).toEqual({});
    expect(siteTimeErrors({ ...valid, onSite: ' ' })).toEqual({ onSite: ON_SITE_REQUIRED });
    expect(siteTimeErrors({ ...valid, onSite: '2026-03-02 09:15' }).onSite).toMatch(
      /DD\/MM\/YYYY HH:mm/,
    );
    expect(siteTimeErrors({ ...valid, offSite: '31/02/2026 10:00' }).offSite).toMatch(
      /There is no 31\/02\/2026 10:00/,
    );
  });

  it('keeps off site from coming before on site', () => {
    expect(siteTimeErrors({ ...valid, offSite: '02/03/2026 09:15' })).toEqual({});
    expect(siteTimeErrors({ ...valid, offSite: '02/03/2026 08:00' })).toEqual({
      offSite: OFF_SITE_BEFORE_ON_SITE,
    });
  });

  it('counts a whole number of 1 or more engineers', () => {
    for (const engineers of ['1', ' 12 '])
      expect(siteTimeErrors({ ...valid, engineers })).toEqual({});
    for (const engineers of ['0', '1.5', '1.0', '-1', '', 'two']) {
      expect(siteTimeErrors({ ...valid, engineers })).toEqual({ engineers: ENGINEERS_INVALID });
    }
  });

  it('counts at most 50 engineers on one visit, and says so in words that name the bound', () => {
    expect(MAX_ENGINEERS).toBe(50);
    expect(ENGINEERS_TOO_MANY).toContain(String(MAX_ENGINEERS));
    for (const engineers of ['50', ' 49 '])
      expect(siteTimeErrors({ ...valid, engineers })).toEqual({});
    for (const engineers of ['51', '99999', '1'.repeat(30)]) {
      expect(siteTimeErrors({ ...valid, engineers })).toEqual({ engineers: ENGINEERS_TOO_MANY });
    }
  });

  it('refuses times in the future of the checking clock, beyond 5 minutes of clock difference', () => {
    const now = new Date(2026, 10, 26, 18, 0);
    const at = (onSite: string, offSite = '') =>
      siteTimeErrors({ onSite, offSite, engineers: '1' }, now);
    expect(at('27/12/2026 09:00')).toEqual({ onSite: ON_SITE_IN_FUTURE });
    expect(at('26/11/2026 18:06')).toEqual({ onSite: ON_SITE_IN_FUTURE });
    expect(at('26/11/2026 18:05')).toEqual({});
    expect(at('26/11/2026 18:00', '26/11/2026 18:05')).toEqual({});
    expect(at('26/11/2026 17:00', '26/11/2026 19:30')).toEqual({ offSite: OFF_SITE_IN_FUTURE });
    // Off site before on site says that first.
    expect(at('27/12/2026 09:00', '27/12/2026 08:00')).toEqual({
      onSite: ON_SITE_IN_FUTURE,
      offSite: OFF_SITE_BEFORE_ON_SITE,
    });
  });
});
