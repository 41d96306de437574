/*
 * Geofencing of the engineer job screen (docs/requirements.md §4 geo state, §8 messages, §9
 * constants): the distance from the site by the haversine formula, the allowed distance in the
 * configured unit, and which message and button state a geo outcome gives. Pure: the widget wires
 * it to navigator.geolocation.
 */

import { formatCount, LOCALE } from '../../src/core/format/numbers';
import { listText } from '../../src/core/list-text';
import type messages from './messages';

/** The screen's words (messages.json beside this file): the geo messages take them as a parameter. */
export type EngineerJobWords = (typeof messages)['engineerJob'];

/**
 * docs/requirements.md §9: the one position request — no high accuracy, 5000 ms timeout, maximum
 * age 0.
 */
export const POSITION_OPTIONS: Readonly<PositionOptions> = Object.freeze({
  enableHighAccuracy: false,
  timeout: 5000,
  maximumAge: 0,
});

/** docs/requirements.md §8: a timed-out position request is retried exactly once. */
export const POSITION_RETRIES = 1;

/** docs/requirements.md §8, §9: from this many metres the distance is shown in miles. */
export const MILES_FROM_METRES = 3220;

/**
 * en-GB numbers (the locale of docs/requirements.md §9), as formatCount gives "1,557" metres:
 * "1,234.5" miles, "0.25" kilometres.
 */
const ONE_DECIMAL = /* @__PURE__ */ new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const UP_TO_TWO_DECIMALS = /* @__PURE__ */ new Intl.NumberFormat(LOCALE, {
  maximumFractionDigits: 2,
});

/** Mean Earth radius (IUGG), in metres. */
const EARTH_RADIUS_METRES = 6_371_008.8;

/**
 * Metres in one of each unit (docs/requirements.md §9: K kilometres, N nautical miles, M metres,
 * else miles).
 */
const METRES_PER_UNIT = Object.freeze({
  K: 1000,
  N: 1852,
  M: 1,
  miles: 1609.344,
});

export type GeoUnit = keyof typeof METRES_PER_UNIT;

/** The units the page configuration's `geoUnit` may name. */
export const GEO_UNITS = Object.keys(METRES_PER_UNIT) as GeoUnit[];

export interface LatLong {
  lat: number;
  long: number;
}

/** A reported position: `accuracy` is the radius of uncertainty in metres (Geolocation API). */
export interface Position extends LatLong {
  accuracy: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two points in metres (haversine formula). */
export function distanceInMetres(from: LatLong, to: LatLong): number {
  const dLat = radians(to.lat - from.lat);
  const dLong = radians(to.long - from.long);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** `metres` expressed in `unit`. */
export function toUnit(metres: number, unit: GeoUnit): number {
  return metres / METRES_PER_UNIT[unit];
}

/**
 * docs/requirements.md §9: allowed distance = configured maxDistance plus the reported accuracy, in
 * the configured unit. The Geolocation API reports accuracy in metres, so it is converted first.
 */
export function allowedDistance(
  maxDistance: number,
  accuracyMetres: number,
  unit: GeoUnit,
): number {
  return maxDistance + toUnit(accuracyMetres, unit);
}

/** Whether a position is within the allowed distance of the site. */
export function isWithinRange(
  position: Position,
  site: LatLong,
  maxDistance: number,
  unit: GeoUnit,
): boolean {
  const distance = toUnit(distanceInMetres(position, site), unit);
  return distance <= allowedDistance(maxDistance, position.accuracy, unit);
}

/**
 * docs/requirements.md §8: 'You are {n} metres from the site', in whole metres below 3220 m and in
 * miles (one decimal) from 3220 m; {n} in en-GB ("1,557").
 */
export function distanceMessage(metres: number, words: EngineerJobWords): string {
  return metres >= MILES_FROM_METRES
    ? words.distanceMiles(ONE_DECIMAL.format(toUnit(metres, 'miles')))
    : words.distanceMetres(formatCount(Math.round(metres)));
}

/** What the geolocation request gave. */
export type GeoOutcome =
  | { kind: 'pending' }
  | { kind: 'denied' }
  | { kind: 'unavailable' }
  | { kind: 'located'; position: Position };

export interface GeoSettings {
  /** The site's coordinates, or null when it has not been geocoded. */
  site: LatLong | null;
  maxDistance: number;
  unit: GeoUnit;
  /** False disables the distance check (docs/requirements.md §4). */
  check: boolean;
  /** The actions on show, as the reasons name them ("Sign On and Remote Fix"). */
  actions: string;
}

/** What the screen shows for a geo outcome (docs/requirements.md §4 geo state, §8). */
export interface GeoState {
  message: string | null;
  /** Why the buttons are disabled and what unlocks them, shown beside them; null when enabled. */
  why: string | null;
  /** 'success' within range; 'warning' too far; 'danger' for every other message. */
  tone: 'success' | 'warning' | 'danger' | null;
  buttons: 'enabled' | 'disabled' | 'hidden';
  /** The position to send with an action, when there is one. */
  position: Position | null;
}

/**
 * The geo messages are docs/requirements.md §8's (geoDenied, geoUnavailable, geoNotGeocoded and
 * the distance), word for word in the default words.
 *
 * docs/requirements.md §4: within the allowed distance or with the check disabled the buttons are
 * enabled; too far, no site coordinates or no position disables them; permission denied hides them.
 * A site without coordinates says so at once (no distance can be shown whatever the position). With
 * the check disabled the buttons are enabled whatever the outcome (the message still shows).
 */
export function geoState(
  outcome: GeoOutcome,
  settings: GeoSettings,
  words: EngineerJobWords,
): GeoState {
  const show = (
    state: Omit<GeoState, 'buttons' | 'why'>,
    buttons: GeoState['buttons'],
    why: string | null = null,
  ): GeoState => ({
    ...state,
    buttons: settings.check ? buttons : 'enabled',
    why: settings.check ? why : null,
  });
  const { site, actions } = settings;
  if (outcome.kind === 'denied') {
    return show({ message: words.geoDenied(), tone: 'danger', position: null }, 'hidden');
  }
  const position = outcome.kind === 'located' ? outcome.position : null;
  if (!site) {
    return show(
      { message: words.geoNotGeocoded(), tone: 'danger', position },
      'disabled',
      words.whyNotGeocoded(actions),
    );
  }
  if (outcome.kind === 'pending') {
    return show(
      { message: null, tone: null, position: null },
      'disabled',
      words.whyLocating(actions),
    );
  }
  if (!position) {
    return show(
      { message: words.geoUnavailable(), tone: 'danger', position: null },
      'disabled',
      words.whyUnavailable(actions),
    );
  }
  const within = isWithinRange(position, site, settings.maxDistance, settings.unit);
  const metres = distanceInMetres(position, site);
  return show(
    {
      message: distanceMessage(metres, words),
      tone: within ? 'success' : 'warning',
      position,
    },
    within ? 'enabled' : 'disabled',
    within
      ? null
      : words.whyTooFar({ actions, limit: limitText(settings.maxDistance, settings.unit, words) }),
  );
}

/** "Sign On and Remote Fix": the names of the actions on show, as one phrase. */
export function actionNames(labels: readonly string[], words: EngineerJobWords): string {
  return listText(labels, words.actionList);
}

const UNIT_WORDS = {
  K: 'unitKilometres',
  N: 'unitNauticalMiles',
  M: 'unitMetres',
  miles: 'unitMiles',
} as const satisfies Record<GeoUnit, keyof EngineerJobWords>;

/**
 * "500 metres", "1 mile", "0.5 kilometres", "1,609 metres": a distance in `unit`, the number
 * en-GB.
 */
export function unitText(value: number, unit: GeoUnit, words: EngineerJobWords): string {
  return words[UNIT_WORDS[unit]]({ value, distance: UP_TO_TWO_DECIMALS.format(value) });
}

/**
 * The allowed distance in the page's unit and, when the distance line of docs/requirements.md §8
 * would give a distance that long in another unit (metres below 3220 m, miles from there), in that
 * unit too, so that the two can be compared where it matters, at the limit: "500 metres", "1 mile
 * (1,609 metres)", "5 kilometres (3.1 miles)". One wording for a page, wherever the engineer
 * stands.
 */
export function limitText(maxDistance: number, unit: GeoUnit, words: EngineerJobWords): string {
  const limit = unitText(maxDistance, unit, words);
  const metres = maxDistance * METRES_PER_UNIT[unit];
  const shownIn: GeoUnit = metres >= MILES_FROM_METRES ? 'miles' : 'M';
  if (shownIn === unit) return limit;
  if (shownIn === 'M')
    return words.limitAlso({ limit, also: unitText(Math.round(metres), 'M', words) });
  // One decimal, as the distance line has.
  const miles = Number(toUnit(metres, 'miles').toFixed(1));
  return words.limitAlso({ limit, also: unitText(miles, 'miles', words) });
}

/** The GeolocationPositionError code of a timeout (docs/requirements.md §8: retried once). */
const TIMEOUT = 3;
/** The GeolocationPositionError code of a refused permission. */
const PERMISSION_DENIED = 1;

/**
 * One position request with POSITION_OPTIONS, repeated once on a timeout
 * (docs/requirements.md §8, §9). Without a geolocation API the position is unavailable. Resolves
 * with the outcome; a request still out when `signal` aborts resolves nothing the caller will use
 * (the API cannot be cancelled).
 */
export function requestPosition(
  geolocation: Geolocation | undefined,
  signal: AbortSignal,
): Promise<GeoOutcome> {
  return new Promise((resolve) => {
    if (!geolocation) {
      resolve({ kind: 'unavailable' });
      return;
    }
    const ask = (retriesLeft: number) =>
      geolocation.getCurrentPosition(
        ({ coords }) =>
          resolve({
            kind: 'located',
            position: { lat: coords.latitude, long: coords.longitude, accuracy: coords.accuracy },
          }),
        (error) => {
          if (error.code === TIMEOUT && retriesLeft > 0 && !signal.aborted) ask(retriesLeft - 1);
          else resolve({ kind: error.code === PERMISSION_DENIED ? 'denied' : 'unavailable' });
        },
        POSITION_OPTIONS,
      );
    ask(POSITION_RETRIES);
  });
}
