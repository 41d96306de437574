import { type Ref, type RefObject, useEffect, useId, useRef } from 'react';
import type { SiteTimeAction } from '../../src/core/contract';
import { nothingToRecord } from '../../src/core/job-lifecycle';
import { Alert } from '../../src/ui/Alert';
import type { GeoState } from './geo';
import { shownStatus } from './sign-on';
import { ACTION_LABELS, type EngineerJobState } from './store';

/** Said while the sign-on lookup runs, above the screen or beside the buttons it holds. */
const CHECKING_MESSAGE = 'Checking whether you are signed on…';

/** The sign-on lookup while it runs, or its failure with Retry (unless actions wait to be sent). */
export function SignOnLookupStatus({
  state,
  known,
  checking,
  waiting,
  onRetry,
}: {
  state: Pick<EngineerJobState, 'lookup' | 'lookupError'>;
  known: boolean;
  checking: boolean;
  waiting: number;
  onRetry(): void;
}) {
  return (
    <>
      {checking && !known && <p className="fm-engineer__lookup">{CHECKING_MESSAGE}</p>}
      {state.lookup === 'error' && waiting === 0 && (
        <Alert
          kind="danger"
          box="fm-engineer__lookup fm-engineer__lookup--error"
          messages={state.lookupError ?? ''}
          onRetry={onRetry}
        />
      )}
    </>
  );
}

/**
 * Hiding the pressed button for the spinner loses the focus: once the buttons are on show again,
 * the pressed action's button (or the first) takes it back. Set `pressed` when an action starts.
 */
export function useRefocusAfterAction(busy: SiteTimeAction | null): {
  row: RefObject<HTMLDivElement | null>;
  pressed: RefObject<SiteTimeAction | null>;
} {
  const row = useRef<HTMLDivElement>(null);
  const pressed = useRef<SiteTimeAction | null>(null);
  useEffect(() => {
    const buttons = row.current;
    if (busy !== null || pressed.current === null || !buttons) return;
    const target =
      buttons.querySelector<HTMLButtonElement>(`.fm-engineer__button--${pressed.current}`) ??
      buttons.querySelector<HTMLButtonElement>('button');
    pressed.current = null;
    const focus = document.activeElement;
    if (focus === null || focus === document.body || buttons.contains(focus)) target?.focus();
  }, [busy]);
  return { row, pressed };
}

export interface AttendanceProps {
  state: Pick<EngineerJobState, 'busy' | 'switching' | 'message' | 'jobStatus' | 'entries'>;
  /** Whether the job's state is known (see EngineerJob). */
  known: boolean;
  checking: boolean;
  /** What the job allows the engineer now. */
  actions: readonly SiteTimeAction[];
  geo: GeoState;
  /** Whether the buttons are on show. */
  offered: boolean;
  row: Ref<HTMLDivElement>;
  onAct(action: SiteTimeAction): void;
}

/** The actions the job allows, why they are disabled, and what the last one came to. */
export function Attendance({
  state,
  known,
  checking,
  actions,
  geo,
  offered,
  row,
  onAct,
}: AttendanceProps) {
  const messageId = useId();
  const whyId = useId();
  // Every disabled button says why, beside it (the spinner after an action hides them instead).
  const why = state.busy
    ? `${ACTION_LABELS[state.busy]} is being sent…`
    : checking
      ? CHECKING_MESSAGE
      : geo.buttons === 'disabled'
        ? geo.why
        : null;
  const whyShown = offered && why !== null && !state.switching;
  const describedBy =
    [whyShown ? whyId : null, state.message ? messageId : null].filter(Boolean).join(' ') ||
    undefined;
  const status = shownStatus(state);
  return (
    <>
      {known && actions.length === 0 && status !== null && (
        <p className="fm-engineer__finished" role="status">
          {nothingToRecord(status)}
        </p>
      )}
      {offered && (
        <ActionButtons
          actions={actions}
          disabled={state.busy !== null || checking || geo.buttons === 'disabled'}
          switching={state.switching}
          describedBy={describedBy}
          row={row}
          onAct={onAct}
        />
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
    </>
  );
}

function ActionButtons({
  actions,
  disabled,
  switching,
  describedBy,
  row,
  onAct,
}: {
  actions: readonly SiteTimeAction[];
  disabled: boolean;
  switching: boolean;
  describedBy: string | undefined;
  row: Ref<HTMLDivElement>;
  onAct(action: SiteTimeAction): void;
}) {
  return (
    // During the spinner (docs/requirements.md §4) the buttons of the state just left keep their
    // room, unseen: the message already says the new state, and the new buttons come after it.
    <div
      ref={row}
      className={`fm-engineer__actions${switching ? ' fm-engineer__actions--switching' : ''}`}
    >
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`btn fm-engineer__button fm-engineer__button--${action} ${
            action === 'signon' || action === 'signoff' ? 'btn-primary' : 'btn-secondary'
          }`}
          disabled={disabled}
          inert={switching}
          aria-describedby={describedBy}
          onClick={() => onAct(action)}
        >
          {ACTION_LABELS[action]}
        </button>
      ))}
      {switching && (
        <p className="fm-engineer__switching" role="status">
          <span className="fm-engineer__spinner" aria-hidden="true" />
          <span className="fm-visually-hidden">Updating…</span>
        </p>
      )}
    </div>
  );
}
