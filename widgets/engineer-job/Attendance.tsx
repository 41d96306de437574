import { type Ref, type RefObject, useEffect, useId, useRef } from 'react';
import type { SiteTimeAction } from '../../src/core/contract';
import { nothingToRecord } from '../../src/core/job-lifecycle';
import coreMessages from '../../src/core/messages';
import { useErrorText, useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import type { EngineerJobWords, GeoState } from './geo';
import messages from './messages';
import { shownStatus } from './sign-on';
import { actionLabel, type EngineerJobState, type Message } from './store';

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
  const words = useWords(messages).engineerJob;
  const errorText = useErrorText();
  return (
    <>
      {/* Said while the sign-on lookup runs, above the screen or beside the buttons it holds. */}
      {checking && !known && <p className="fm-engineer__lookup">{words.checking()}</p>}
      {state.lookup === 'error' && waiting === 0 && (
        <Alert
          kind="danger"
          box="fm-engineer__lookup fm-engineer__lookup--error"
          messages={errorText(state.lookupError)}
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
  const words = useWords(messages).engineerJob;
  const jobWords = useWords(coreMessages);
  const errorText = useErrorText();
  const messageId = useId();
  const whyId = useId();
  // Every disabled button says why, beside it (the spinner after an action hides them instead).
  const why = state.busy
    ? words.actionSending(actionLabel(state.busy, words))
    : checking
      ? words.checking()
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
          {nothingToRecord(status, false, jobWords)}
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
            messages={messageText(state.message, words, errorText)}
          />
        )}
      </div>
    </>
  );
}

/** What the message area says: the host's words, or the screen's own. */
function messageText(
  message: Message,
  words: EngineerJobWords,
  errorText: (error: unknown) => string,
): string {
  if ('queued' in message) return words.queued();
  if ('error' in message) return errorText(message.error);
  return message.text;
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
  const words = useWords(messages).engineerJob;
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
          {actionLabel(action, words)}
        </button>
      ))}
      {switching && (
        <p className="fm-engineer__switching" role="status">
          <span className="fm-engineer__spinner" aria-hidden="true" />
          <span className="fm-visually-hidden">{words.updating()}</span>
        </p>
      )}
    </div>
  );
}
