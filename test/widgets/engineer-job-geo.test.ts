import { describe, expect, it, vi } from 'vitest';
import {
  actionNames,
  allowedDistance,
  distanceInMetres,
  distanceMessage,
  type GeoSettings,
  geoState,
  isWithinRange,
  limitText,
  MILES_FROM_METRES,
  POSITION_OPTIONS,
  requestPosition,
  toUnit,
  unitText,
} from '../../widgets/engineer-job/geo';
import messages from '../../widgets/engineer-job/messages';

/** The screen's default words. */
const WORDS = messages.engineerJob;

/** One degree of latitude on the mean Earth sphere, in metres. */
const DEGREE = (6_371_008.8 * Math.PI) / 180;
const site = { lat: 53.796, long: -1.547 };
/** A point `metres` due north of the site. */
const north = (metres: number, accuracy = 0) => ({
  lat: site.lat + metres / DEGREE,
  long: site.long,
  accuracy,
});

describe('distanceInMetres (haversine)', () => {
  it('is zero for the same point and symmetric', () => {
    expect(distanceInMetres(site, site)).toBe(0);
    const leeds = { lat: 53.796, long: -1.547 };
    const york = { lat: 53.9594, long: -1.0845 };
    expect(distanceInMetres(leeds, york)).toBeCloseTo(distanceInMetres(york, leeds), 6);
  });

  it('gives one degree of latitude as πR/180 and a known city pair', () => {
    expect(distanceInMetres({ lat: 0, long: 0 }, { lat: 1, long: 0 })).toBeCloseTo(DEGREE, 3);
    // London to Paris: about 343.9 km on the mean sphere.
    const km = distanceInMetres({ lat: 51.5074, long: -0.1278 }, { lat: 48.8566, long: 2.3522 });
    expect(km / 1000).toBeCloseTo(343.9, 0);
  });

  it('handles antipodes without NaN', () => {
    expect(distanceInMetres({ lat: 0, long: 0 }, { lat: 0, long: 180 })).toBeCloseTo(
      DEGREE * 180,
      3,
    );
  });
});

describe('units (docs/requirements.md §9: K, N, M, default miles)', () => {
  it.each([
    ['K', 1000, 1],
    ['N', 1852, 1],
    ['M', 250, 250],
    ['miles', 1609.344, 1],
  ] as const)('%s: %d m is %d', (unit, metres, expected) => {
    expect(toUnit(metres, unit)).toBeCloseTo(expected, 9);
  });

  it('adds the reported accuracy (metres) to maxDistance in the configured unit', () => {
    expect(allowedDistance(500, 20, 'M')).toBe(520);
    expect(allowedDistance(1, 500, 'K')).toBeCloseTo(1.5, 9);
    expect(allowedDistance(1, 1852, 'N')).toBeCloseTo(2, 9);
    expect(allowedDistance(1, 1609.344, 'miles')).toBeCloseTo(2, 9);
  });

  it('is within range up to maxDistance + accuracy, and not a metre beyond', () => {
    expect(isWithinRange(north(519, 20), site, 500, 'M')).toBe(true);
    expect(isWithinRange(north(521, 20), site, 500, 'M')).toBe(false);
    expect(isWithinRange(north(1499), site, 1.5, 'K')).toBe(true);
    expect(isWithinRange(north(1501), site, 1.5, 'K')).toBe(false);
    expect(isWithinRange(north(1851), site, 1, 'N')).toBe(true);
    expect(isWithinRange(north(1853), site, 1, 'N')).toBe(false);
    expect(isWithinRange(north(1609), site, 1, 'miles')).toBe(true);
    expect(isWithinRange(north(1610), site, 1, 'miles')).toBe(false);
    expect(isWithinRange(north(1610, 10), site, 1, 'miles')).toBe(true);
  });
});

describe('distanceMessage (docs/requirements.md §8, miles from 3220 m)', () => {
  it('shows whole metres below 3220 m', () => {
    expect(distanceMessage(0, WORDS)).toBe('You are 0 metres from the site');
    expect(distanceMessage(12.4, WORDS)).toBe('You are 12 metres from the site');
    expect(distanceMessage(3219.4, WORDS)).toBe('You are 3,219 metres from the site');
  });

  it('writes {n} the en-GB way, with thousands separators', () => {
    expect(distanceMessage(1557.2, WORDS)).toBe('You are 1,557 metres from the site');
    expect(distanceMessage(999.6, WORDS)).toBe('You are 1,000 metres from the site');
    expect(distanceMessage(2_000_000, WORDS)).toBe('You are 1,242.7 miles from the site');
  });

  it('shows miles from 3220 m', () => {
    expect(MILES_FROM_METRES).toBe(3220);
    expect(distanceMessage(3220, WORDS)).toBe('You are 2.0 miles from the site');
    expect(distanceMessage(16_093.44, WORDS)).toBe('You are 10.0 miles from the site');
    expect(distanceMessage(40_000, WORDS)).toBe('You are 24.9 miles from the site');
  });
});

describe('geoState (docs/requirements.md §4 geo state)', () => {
  const settings: GeoSettings = {
    site,
    maxDistance: 500,
    unit: 'M',
    check: true,
    actions: 'Sign On and Remote Fix',
  };

  it('asks once for a fresh, coarse position within 5 s', () => {
    expect(POSITION_OPTIONS).toEqual({ enableHighAccuracy: false, timeout: 5000, maximumAge: 0 });
  });

  it('within range: success message, buttons enabled, the position kept for the payload', () => {
    const position = north(100, 15);
    expect(geoState({ kind: 'located', position }, settings, WORDS)).toEqual({
      message: 'You are 100 metres from the site',
      why: null,
      tone: 'success',
      buttons: 'enabled',
      position,
    });
  });

  it('too far: warning with the distance in miles, buttons disabled', () => {
    const state = geoState({ kind: 'located', position: north(8047) }, settings, WORDS);
    expect(state).toMatchObject({
      message: 'You are 5.0 miles from the site',
      // The required words, then why the buttons are off and what unlocks them.
      why: 'Sign On and Remote Fix can be used within 500 metres of the site.',
      tone: 'warning',
      buttons: 'disabled',
    });
    expect(unitText(1, 'miles', WORDS)).toBe('1 mile');
    // The limit in the unit the distance line gives a distance that long in as well, when that
    // is another: one wording wherever the engineer stands.
    expect(limitText(500, 'M', WORDS)).toBe('500 metres');
    expect(limitText(5000, 'M', WORDS)).toBe('5,000 metres (3.1 miles)');
    expect(limitText(1, 'miles', WORDS)).toBe('1 mile (1,609 metres)');
    expect(limitText(5, 'miles', WORDS)).toBe('5 miles');
    expect(limitText(2, 'K', WORDS)).toBe('2 kilometres (2,000 metres)');
    expect(limitText(5, 'K', WORDS)).toBe('5 kilometres (3.1 miles)');
    for (const metres of [600, 1557, 8047]) {
      expect(geoState({ kind: 'located', position: north(metres) }, settings, WORDS).why).toBe(
        'Sign On and Remote Fix can be used within 500 metres of the site.',
      );
    }
    expect(unitText(0.25, 'K', WORDS)).toBe('0.25 kilometres');
    expect(
      geoState({ kind: 'located', position: north(8047) }, { ...settings, check: false }, WORDS)
        .why,
    ).toBeNull();
  });

  it('permission denied hides the buttons', () => {
    expect(geoState({ kind: 'denied' }, settings, WORDS)).toEqual({
      message: WORDS.geoDenied(),
      why: null,
      tone: 'danger',
      buttons: 'hidden',
      position: null,
    });
    expect(WORDS.geoDenied()).toBe('You must enable geo location to use this app');
  });

  it('position unavailable disables the buttons', () => {
    expect(geoState({ kind: 'unavailable' }, settings, WORDS)).toMatchObject({
      message: 'We cannot locate you at the moment',
      why: 'Sign On and Remote Fix can be used once your phone finds your location (to check that you are at the site).',
      buttons: 'disabled',
    });
  });

  it('a site without coordinates disables the buttons, whatever the position', () => {
    const bare = { ...settings, site: null };
    for (const outcome of [
      { kind: 'pending' },
      { kind: 'unavailable' },
      { kind: 'located', position: north(0) },
    ] as const) {
      expect(geoState(outcome, bare, WORDS)).toMatchObject({
        message: "This site hasn't been geocoded yet",
        why: "Sign On and Remote Fix can be used once the site's location is recorded (to check that you are there): ask your office to add it.",
        buttons: 'disabled',
      });
    }
    expect(geoState({ kind: 'denied' }, bare, WORDS).buttons).toBe('hidden');
  });

  it('while locating: no message, buttons disabled, and why', () => {
    expect(geoState({ kind: 'pending' }, settings, WORDS)).toEqual({
      message: null,
      why: 'Sign On and Remote Fix can be used once your location is found (to check that you are at the site).',
      tone: null,
      buttons: 'disabled',
      position: null,
    });
  });

  it('with the check disabled the buttons are enabled in every state, messages kept', () => {
    const off = { ...settings, check: false };
    expect(geoState({ kind: 'located', position: north(9000) }, off, WORDS)).toMatchObject({
      tone: 'warning',
      buttons: 'enabled',
    });
    expect(geoState({ kind: 'denied' }, off, WORDS)).toMatchObject({
      message: WORDS.geoDenied(),
      buttons: 'enabled',
    });
    expect(geoState({ kind: 'unavailable' }, off, WORDS).buttons).toBe('enabled');
    expect(geoState({ kind: 'pending' }, { ...off, site: null }, WORDS).buttons).toBe('enabled');
  });

  it('names the actions on show in the reasons', () => {
    expect(actionNames(['Sign Off', 'Sign Off Complete'], WORDS)).toBe(
      'Sign Off and Sign Off Complete',
    );
    expect(actionNames(['Sign On'], WORDS)).toBe('Sign On');
    expect(
      geoState(
        { kind: 'located', position: north(8047) },
        { ...settings, actions: 'Sign Off and Sign Off Complete' },
        WORDS,
      ).why,
    ).toBe('Sign Off and Sign Off Complete can be used within 500 metres of the site.');
  });
});

describe('requestPosition (docs/requirements.md §8: one request, one retry on timeout)', () => {
  type Outcome = { coords: { latitude: number; longitude: number; accuracy: number } } | number;
  /** A geolocation answering each request with the next outcome: a position or an error code. */
  function geolocation(...outcomes: Outcome[]) {
    const getCurrentPosition = vi.fn(
      (ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) => {
        const next = outcomes.shift();
        if (typeof next === 'number') fail({ code: next } as GeolocationPositionError);
        else ok(next as GeolocationPosition);
      },
    );
    return { getCurrentPosition } as unknown as Geolocation & {
      getCurrentPosition: typeof getCurrentPosition;
    };
  }
  const signal = new AbortController().signal;
  const here = { coords: { latitude: 53.7961, longitude: -1.5471, accuracy: 12 } };

  it('asks once with the required options and answers the position', async () => {
    const api = geolocation(here);
    expect(await requestPosition(api, signal)).toEqual({
      kind: 'located',
      position: { lat: 53.7961, long: -1.5471, accuracy: 12 },
    });
    expect(api.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(api.getCurrentPosition.mock.calls[0]?.[2]).toEqual(POSITION_OPTIONS);
  });

  it('retries exactly once on a timeout', async () => {
    const once = geolocation(3, here);
    expect((await requestPosition(once, signal)).kind).toBe('located');
    expect(once.getCurrentPosition).toHaveBeenCalledTimes(2);
    const twice = geolocation(3, 3, here);
    expect(await requestPosition(twice, signal)).toEqual({ kind: 'unavailable' });
    expect(twice.getCurrentPosition).toHaveBeenCalledTimes(2);
  });

  it('permission denied is not retried; unavailable is not retried', async () => {
    const denied = geolocation(1, here);
    expect(await requestPosition(denied, signal)).toEqual({ kind: 'denied' });
    expect(denied.getCurrentPosition).toHaveBeenCalledTimes(1);
    const unavailable = geolocation(2, here);
    expect(await requestPosition(unavailable, signal)).toEqual({ kind: 'unavailable' });
    expect(unavailable.getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('without a geolocation API the position is unavailable', async () => {
    expect(await requestPosition(undefined, signal)).toEqual({ kind: 'unavailable' });
  });
});
