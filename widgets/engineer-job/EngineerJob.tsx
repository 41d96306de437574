import { useCallback, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { numberSetting } from '../../src/core/config';
import type { SiteTimeAction } from '../../src/core/contract';
import { ACTION_QUEUED_EVENT, RECORD_SENT_EVENT } from '../../src/core/engineer-events';
import { engineerActions } from '../../src/core/job-lifecycle';
import { engineerJobs } from '../../src/core/routes';
import { flagSetting, oneOfSetting } from '../../src/core/settings';
import { useConfig, useHost } from '../../src/runtime/define';
import { useApi } from '../../src/runtime/use-api';
import { useWords } from '../../src/runtime/words';
import { showJobStatus } from '../../src/ui/job-status';
import { Attendance, SignOnLookupStatus, useRefocusAfterAction } from './Attendance';
import { actionQueue } from './action-queue';
import { type ActionQueuedDetail, SAVED_EVENTS, type SiteTimeDetail } from './events';
import { actionNames, GEO_UNITS, geoState } from './geo';
import { LocationHelp, LocationStatus, siteOf, usePosition } from './Location';
import messages from './messages';
import { NotesField, useNote } from './Notes';
import { type OnThisDeviceProps, QueueList } from './QueueList';
import { waitingIn } from './queued-actions';
import { recordBefore } from './record-order';
import { shownSignedOn, shownStatus } from './sign-on';
import {
  actionLabel,
  createEngineerJobStore,
  type Effects,
  type EngineerJobStore,
  type ReplayEffects,
} from './store';
import { type DeviceRecords, useDeviceRecords } from './useDeviceRecords';
import { useJobConnection } from './useJobConnection';

export interface EngineerJobProps {
  jobId: number;
  /** The site's latitude; empty or absent when the site has not been geocoded. */
  siteLat?: string;
  siteLong?: string;
  /** Shows the notes field; every action then needs a note of more than 8 characters. */
  notes: boolean;
  /**
   * Only what waits on this device for the job (a finished job's page): no screen and no lookup;
   * sent when connected, and each refused item kept until dismissed.
   */
  deviceOnly: boolean;
}

/** The page configuration's geofence keys (README "Page configuration"). */
const geoConfig = {
  geoMaxDistance: numberSetting(1),
  geoUnit: oneOfSetting(GEO_UNITS, 'miles'),
  geoCheck: flagSetting(true),
};

/** The list's props: this job's actions and records on the device, and what the buttons do. */
function deviceListProps(
  store: EngineerJobStore,
  device: DeviceRecords,
  effects: ReplayEffects,
): OnThisDeviceProps {
  const state = store.getState();
  return {
    entries: state.entries,
    sendingAction: state.sending,
    items: device.items,
    persistence: device.persistence,
    busy: device.sending || state.sending !== null,
    onRetryAction: (key) => void store.getState().retry(key, effects),
    onDismissAction: (key) => store.getState().dismiss(key),
    onRetry: (key) => void device.retry(key),
    onDismiss: (key) => void device.dismiss(key),
    onSendNow: () => {
      void store.getState().replay(effects);
      void device.sendNow();
    },
  };
}

/**
 * A photo or typed site time the device sent: the host page shows it (it reads itself again); an
 * action made after it, which waited for it, may go now (record-order.ts); and the job's state is
 * asked again (a remote fix recorded in the form completes the job).
 */
function useRecordSent(store: EngineerJobStore, effects: ReplayEffects, jobId: number) {
  const { emit } = useHost();
  return useCallback(() => {
    emit(RECORD_SENT_EVENT, { jobId });
    const { entries, busy, replay, lookUpSignOn } = store.getState();
    if (waitingIn(entries).length > 0) void replay(effects);
    else if (!busy) void lookUpSignOn(effects.signal);
  }, [emit, jobId, store, effects]);
}

/**
 * The engineer job screen (docs/requirements.md §2, §4, §5, §8, §9), or with `deviceOnly` only
 * what waits on the device for the job.
 */
export function EngineerJob(props: EngineerJobProps) {
  return props.deviceOnly ? (
    <OnThisDeviceOnly jobId={props.jobId} />
  ) : (
    <EngineerScreen {...props} />
  );
}

/**
 * A finished job's page: what the engineer recorded for it on this device, sent when connected
 * (the host then refuses what the finished job no longer takes, in words), until dismissed.
 */
function OnThisDeviceOnly({ jobId }: { jobId: number }) {
  const { signal, emit } = useHost();
  const api = useApi();
  const store = useMemo(() => createEngineerJobStore(api, actionQueue(), jobId), [api, jobId]);
  useStore(store);
  const effects = useMemo<ReplayEffects>(
    () => ({
      signal,
      onSaved: (detail: SiteTimeDetail) => emit(SAVED_EVENTS[detail.action], detail),
      waitsFor: recordBefore,
    }),
    [signal, emit],
  );
  useEffect(() => {
    const { replay, syncEntries } = store.getState();
    const send = () => void replay(effects);
    send();
    window.addEventListener('online', send, { signal });
    actionQueue().subscribe(() => syncEntries(signal), signal);
  }, [store, signal, effects]);
  const recordSent = useRecordSent(store, effects, jobId);
  const kept = store.getState().entries.length > 0;
  const device = useDeviceRecords(api, jobId, signal, recordSent, kept);
  return (
    <div className="fm-engineer fm-engineer--device-only">
      <QueueList {...deviceListProps(store, device, effects)} />
    </div>
  );
}

/**
 * The screen: how far the engineer is from the site, and sign on, sign off, sign off complete and
 * remote fix, kept on the device when there is no signal.
 */
function EngineerScreen({ jobId, siteLat, siteLong, notes }: EngineerJobProps) {
  const { signal, emit } = useHost();
  const api = useApi();
  const config = useConfig(geoConfig);
  const words = useWords(messages).engineerJob;
  const site = siteOf(siteLat, siteLong);
  const store = useMemo(() => createEngineerJobStore(api, actionQueue(), jobId), [api, jobId]);
  const state = useStore(store);
  const note = useNote();

  const effects = useMemo<Effects>(
    () => ({
      signal,
      onSaved: (detail: SiteTimeDetail) => emit(SAVED_EVENTS[detail.action], detail),
      onQueued: (detail: ActionQueuedDetail) => emit(ACTION_QUEUED_EVENT, detail),
      leave: () => window.location.assign(engineerJobs()),
      waitsFor: recordBefore,
    }),
    [signal, emit],
  );

  const waiting = state.entries.filter((entry) => !entry.refused);
  const recordSent = useRecordSent(store, effects, jobId);
  const device = useDeviceRecords(api, jobId, signal, recordSent, state.entries.length > 0);
  // The host's answer, or the actions waiting on this device, say what the job allows; without
  // either (the lookup not answered yet, or failed) nothing is offered that the job may not allow.
  const known = state.signOnKnown || waiting.length > 0;
  const checking = state.lookup === 'loading' && waiting.length === 0;
  const status = shownStatus(state);
  const actions = known ? engineerActions(shownSignedOn(state), status) : [];
  // The page's other parts follow the job as shown here (the site time form).
  useEffect(() => showJobStatus(jobId, status), [jobId, status]);
  // The position is for the actions: a job that offers none (finished, not released yet) never
  // asks for it, nor says anything about it.
  const needsPosition = actions.length > 0;
  const locateAgain = usePosition(store, signal, needsPosition);
  useJobConnection(store, signal, effects);
  const { row, pressed } = useRefocusAfterAction(state.busy);

  const geo = geoState(
    state.geo,
    {
      site,
      maxDistance: config.geoMaxDistance,
      unit: config.geoUnit,
      check: config.geoCheck,
      actions: actionNames(
        actions.map((action) => actionLabel(action, words)),
        words,
      ),
    },
    words,
  );
  const offered = geo.buttons !== 'hidden' && actions.length > 0;

  function act(action: SiteTimeAction) {
    if (notes && !note.check()) return;
    pressed.current = action;
    void store
      .getState()
      .perform(action, notes ? note.value.trim() : undefined, geo.position, effects)
      .then(() => {
        if (store.getState().message?.tone !== 'danger') note.clear();
      });
  }

  return (
    <div className="fm-engineer" aria-busy={state.busy !== null}>
      {needsPosition && <LocationStatus geo={geo} outcome={state.geo} site={site} />}
      <SignOnLookupStatus
        state={state}
        known={known}
        checking={checking}
        waiting={waiting.length}
        onRetry={() => void store.getState().lookUpSignOn(signal)}
      />
      {notes && offered && <NotesField note={note} />}
      <Attendance
        state={state}
        known={known}
        checking={checking}
        actions={actions}
        geo={geo}
        offered={offered}
        row={row}
        onAct={act}
      />
      <QueueList {...deviceListProps(store, device, effects)} />
      {/* Last, so that it moves nothing above it when it appears. */}
      {needsPosition && <LocationHelp outcome={state.geo} onRetry={locateAgain} />}
    </div>
  );
}
