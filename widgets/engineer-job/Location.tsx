import { useEffect, useState } from 'react';
import { AttributeError } from '../../src/core/attributes';
import { useWords } from '../../src/runtime/words';
import { type GeoOutcome, type GeoState, type LatLong, requestPosition } from './geo';
import messages from './messages';
import type { EngineerJobStore } from './store';

/** A coordinate attribute: empty, absent or "null" (a PHP null) means not geocoded. */
function coordinate(value: string | undefined, attribute: string): number | null {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'null') return null;
  const number = Number(text);
  if (!Number.isFinite(number)) {
    throw new AttributeError(attribute, `${attribute} must be a number (got "${text}")`);
  }
  return number;
}

export function siteOf(siteLat: string | undefined, siteLong: string | undefined): LatLong | null {
  const lat = coordinate(siteLat, 'data-site-lat');
  const long = coordinate(siteLong, 'data-site-long');
  return lat === null || long === null ? null : { lat, long };
}

/**
 * Asks for the device's position while the screen offers actions, into the store. The function
 * it returns asks again (Try again, after the engineer has allowed location or moved).
 */
export function usePosition(
  store: EngineerJobStore,
  signal: AbortSignal,
  needsPosition: boolean,
): () => void {
  const [locating, setLocating] = useState(0);
  useEffect(() => {
    void locating;
    if (!needsPosition) return;
    let current = true;
    store.getState().setGeo({ kind: 'pending' });
    void requestPosition(navigator.geolocation, signal).then((outcome) => {
      if (current && !signal.aborted) store.getState().setGeo(outcome);
    });
    return () => {
      current = false;
    };
  }, [store, signal, locating, needsPosition]);
  return () => setLocating(locating + 1);
}

/** How far the engineer is from the site, or that the position is being found. */
export function LocationStatus({
  geo,
  outcome,
  site,
}: {
  geo: GeoState;
  outcome: GeoOutcome;
  site: LatLong | null;
}) {
  const words = useWords(messages).engineerJob;
  return (
    <>
      {geo.message && (
        <p className={`fm-engineer__geo fm-engineer__geo--${geo.tone}`} role="status">
          {geo.message}
        </p>
      )}
      {outcome.kind === 'pending' && site && (
        <p className="fm-engineer__geo" role="status">
          {words.locating()}
        </p>
      )}
    </>
  );
}

/** What to do when no position could be had, with Try again. */
export function LocationHelp({ outcome, onRetry }: { outcome: GeoOutcome; onRetry(): void }) {
  const words = useWords(messages).engineerJob;
  if (outcome.kind !== 'denied' && outcome.kind !== 'unavailable') return null;
  return (
    <div className="fm-engineer__geo-help">
      <p>{outcome.kind === 'denied' ? words.helpDenied() : words.helpUnavailable()}</p>
      <button
        type="button"
        className="btn btn-outline-secondary fm-engineer__button"
        onClick={onRetry}
      >
        {words.tryAgain()}
      </button>
    </div>
  );
}
