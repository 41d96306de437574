import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { SiteTimeAction } from '../../src/core/contract';
import { engineerActions, noteError, nothingToRecord } from '../../src/core/job-lifecycle';
import { engineerJobs } from '../../src/core/routes';
import { AttributeError } from '../../src/loader/attributes';
import { flagSetting, numberSetting, oneOfSetting } from '../../src/loader/config';
import { apiFor } from '../../src/runtime/api';
import { useConfig, useHost } from '../../src/runtime/define';
import { formatDateTime } from '../../src/runtime/format';
import { Alert } from '../../src/ui/Alert';
import { TextareaField } from '../../src/ui/Field';
import { actionQueue, type QueuedAction } from './action-queue';
import { actionNames, GEO_UNITS, geoState, type LatLong, requestPosition } from './geo';
import {
  ACTION_LABELS,
  type ActionQueuedDetail,
  createEngineerJobStore,
  type Effects,
  QUEUED_MESSAGE,
  type SiteTimeDetail,
  shownSignedOn,
} from './store';

export interface EngineerJobProps {
  jobId: number;
  /** The site's latitude; empty or absent when the site has not been geocoded. */
  siteLat?: string;
  siteLong?: string;
  /** Shows the notes field; every action then needs a note of more than 8 characters. */
  notes: boolean;
}

/** The event each accepted action fires. */
const SAVED_EVENTS = {
  signon: 'fm-signed-on',
  signoff: 'fm-signed-off',
  complete: 'fm-job-completed',
  remotefix: 'fm-remote-fixed',
} as const satisfies Record<SiteTimeAction, keyof FmEventMap>;

/** The page configuration's geofence keys (README "Page configuration"). */
const geoConfig = {
  geoMaxDistance: numberSetting(1),
  geoUnit: oneOfSetting(GEO_UNITS, 'miles'),
  geoCheck: flagSetting(true),
};

/** Said while the sign-on lookup runs, above the screen or beside the buttons it holds. */
const CHECKING_MESSAGE = 'Checking whether you are signed on…';

/** How often waiting actions are tried again while the page is open (onLine can be wrong). */
const RETRY_INTERVAL_MS = 30_000;

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

function siteOf(siteLat: string | undefined, siteLong: string | undefined): LatLong | null {
  const lat = coordinate(siteLat, 'data-site-lat');
  const long = coordinate(siteLong, 'data-site-long');
  return lat === null || long === null ? null : { lat, long };
}

function entryText(entry: QueuedAction): string {
  const at = formatDateTime(new Date(entry.clientTime));
  const label = ACTION_LABELS[entry.action];
  return entry.refused
    ? `${label} at ${at} was not accepted: ${entry.refused}`
    : `${label} at ${at}: ${QUEUED_MESSAGE.toLowerCase()}`;
}

/**
 * The engineer job screen (docs/requirements.md §2, §4, §5, §8, §9): how far the engineer is from
 * the site, and sign on, sign off, sign off complete and remote fix, kept on the device when there
 * is no signal.
 */
export function EngineerJob({ jobId, siteLat, siteLong, notes }: EngineerJobProps) {
  const { signal, emit } = useHost();
  const api = apiFor(useConfig());
  const config = useConfig(geoConfig);
  const site = siteOf(siteLat, siteLong);
  const store = useMemo(() => createEngineerJobStore(api, actionQueue(), jobId), [api, jobId]);
  const state = useStore(store);
  const [note, setNote] = useState('');
  const [noteMessage, setNoteMessage] = useState<string | null>(null);
  const messageId = useId();
  const whyId = useId();
  const actionsRow = useRef<HTMLDivElement>(null);
  /** The action pressed last: its button takes the focus back once the buttons are on show. */
  const pressed = useRef<SiteTimeAction | null>(null);

  const effects = useMemo<Effects>(
    () => ({
      signal,
      onSaved: (detail: SiteTimeDetail) => emit(SAVED_EVENTS[detail.action], detail),
      onQueued: (detail: ActionQueuedDetail) => emit('fm-action-queued', detail),
      leave: () => window.location.assign(engineerJobs()),
    }),
    [signal, emit],
  );

  const waiting = state.entries.filter((entry) => !entry.refused);
  // The host's answer, or the actions waiting on this device, say what the job allows; without
  // either (the lookup not answered yet, or failed) nothing is offered that the job may not allow.
  const known = state.signOnKnown || waiting.length > 0;
  const checking = state.lookup === 'loading' && waiting.length === 0;
  const actions = known ? engineerActions(shownSignedOn(state), state.jobStatus) : [];
  // The position is for the actions: a job that offers none (finished, not released yet) never
  // asks for it, nor says anything about it.
  const needsPosition = actions.length > 0;

  // Asked again by Try again, after the engineer has allowed location or moved.
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

  useEffect(() => {
    const { lookUpSignOn, replay, syncEntries } = store.getState();
    const connection = new AbortController();
    const stop = () => connection.abort();
    signal.addEventListener('abort', stop);
    const sendWaiting = () => void replay(effects);
    void lookUpSignOn(connection.signal).then(sendWaiting);
    window.addEventListener('online', sendWaiting, { signal: connection.signal });
    actionQueue().subscribe(() => syncEntries(connection.signal), connection.signal);
    const timer = setInterval(() => {
      if (store.getState().entries.some((entry) => !entry.refused)) sendWaiting();
    }, RETRY_INTERVAL_MS);
    connection.signal.addEventListener('abort', () => clearInterval(timer));
    return () => {
      signal.removeEventListener('abort', stop);
      stop();
    };
  }, [store, signal, effects]);

  const geo = geoState(state.geo, {
    site,
    maxDistance: config.geoMaxDistance,
    unit: config.geoUnit,
    check: config.geoCheck,
    actions: actionNames(actions.map((action) => ACTION_LABELS[action])),
  });
  const offered = geo.buttons !== 'hidden' && actions.length > 0;
  // Every disabled button says why, beside it (the spinner after an action hides them instead).
  const why = state.busy
    ? `${ACTION_LABELS[state.busy]} is being sent…`
    : checking
      ? CHECKING_MESSAGE
      : geo.buttons === 'disabled'
        ? geo.why
        : null;
  const disabled = state.busy !== null || checking || geo.buttons === 'disabled';
  const whyShown = offered && why !== null && !state.switching;
  const describedBy =
    [whyShown ? whyId : null, state.message ? messageId : null].filter(Boolean).join(' ') ||
    undefined;

  // Hiding the pressed button for the spinner loses the focus: give it to the new buttons.
  useEffect(() => {
    const row = actionsRow.current;
    if (state.busy !== null || pressed.current === null || !row) return;
    const target =
      row.querySelector<HTMLButtonElement>(`.fm-engineer__button--${pressed.current}`) ??
      row.querySelector<HTMLButtonElement>('button');
    pressed.current = null;
    const focus = document.activeElement;
    if (focus === null || focus === document.body || row.contains(focus)) target?.focus();
  }, [state.busy]);

  function act(action: SiteTimeAction) {
    if (notes) {
      const problem = noteError(note);
      setNoteMessage(problem);
      if (problem) return;
    }
    pressed.current = action;
    void store
      .getState()
      .perform(action, notes ? note.trim() : undefined, geo.position, effects)
      .then(() => {
        if (store.getState().message?.tone !== 'danger') setNote('');
      });
  }

  return (
    <div className="fm-engineer" aria-busy={state.busy !== null}>
      {needsPosition && geo.message && (
        <p className={`fm-engineer__geo fm-engineer__geo--${geo.tone}`} role="status">
          {geo.message}
        </p>
      )}
      {needsPosition && state.geo.kind === 'pending' && site && (
        <p className="fm-engineer__geo" role="status">
          Finding your location…
        </p>
      )}

      {checking && !known && <p className="fm-engineer__lookup">{CHECKING_MESSAGE}</p>}
      {state.lookup === 'error' && waiting.length === 0 && (
        <Alert
          kind="danger"
          box="fm-engineer__lookup fm-engineer__lookup--error"
          messages={state.lookupError ?? ''}
          onRetry={() => void store.getState().lookUpSignOn(signal)}
        />
      )}

      {notes && offered && (
        <TextareaField
          label="Notes"
          name="notes"
          className="fm-engineer__notes"
          value={note}
          error={noteMessage}
          onChange={(value) => {
            setNote(value);
            if (noteMessage) setNoteMessage(noteError(value));
          }}
        />
      )}

      {known && actions.length === 0 && state.jobStatus !== null && (
        <p className="fm-engineer__finished" role="status">
          {nothingToRecord(state.jobStatus)}
        </p>
      )}
      {offered && (
        // During the spinner of docs/requirements.md §4 the buttons of the state just left keep
        // their room, unseen: the message already says the new state, and the new buttons come
        // after the spinner.
        <div
          ref={actionsRow}
          className={`fm-engineer__actions${state.switching ? ' fm-engineer__actions--switching' : ''}`}
        >
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn fm-engineer__button fm-engineer__button--${action} ${
                action === 'signon' || action === 'signoff' ? 'btn-primary' : 'btn-secondary'
              }`}
              disabled={disabled}
              inert={state.switching}
              aria-describedby={describedBy}
              onClick={() => act(action)}
            >
              {ACTION_LABELS[action]}
            </button>
          ))}
          {state.switching && (
            <p className="fm-engineer__switching" role="status">
              <span className="fm-engineer__spinner" aria-hidden="true" />
              <span className="fm-visually-hidden">Updating…</span>
            </p>
          )}
        </div>
      )}
      {whyShown && (
        <p className="fm-engineer__why" id={whyId}>
          {why}
        </p>
      )}

      <div className="fm-engineer__message" id={messageId}>
        {state.message && (
          <Alert
            kind={state.message.tone}
            box={`fm-engineer__message-text fm-engineer__message-text--${state.message.tone}`}
            messages={state.message.text}
          />
        )}
      </div>

      {state.entries.length > 0 && (
        <ul className="fm-engineer__queue" aria-label="Actions saved on this device">
          {state.entries.map((entry) => (
            <li
              key={entry.key}
              className={`fm-engineer__queued${entry.refused ? ' fm-engineer__queued--refused' : ''}`}
            >
              <span>{entryText(entry)}</span>
              {entry.refused && (
                <button
                  type="button"
                  className="btn btn-outline-secondary fm-engineer__button"
                  onClick={() => store.getState().dismiss(entry.key)}
                >
                  Dismiss
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* Last, so that it moves nothing above it when it appears. */}
      {needsPosition && (state.geo.kind === 'denied' || state.geo.kind === 'unavailable') && (
        <div className="fm-engineer__geo-help">
          <p>
            {state.geo.kind === 'denied'
              ? "Allow location for this site in your browser's settings (the icon beside the address), then try again."
              : 'Move to where your phone can find its position (outdoors or by a window), then try again.'}
          </p>
          <button
            type="button"
            className="btn btn-outline-secondary fm-engineer__button"
            onClick={() => setLocating(locating + 1)}
          >
            Try again
          </button>
        </div>
      )}
    </div>
  );
}
