import { closeIcon, Icon } from '../runtime/Icon';
import messages from '../runtime/messages';
import { useWords } from '../runtime/words';

export type AlertKind = 'danger' | 'success' | 'info' | 'warning';

export interface AlertProps {
  kind: AlertKind;
  /** One message, or several shown as a list. Always rendered as text. */
  messages: string | readonly string[];
  /** Added to the fm-alert box's classes. */
  className?: string;
  /**
   * The place's own box instead of the fm-alert box (a table's, a tile's, a report's): its
   * classes, given the plain markup that place's CSS styles (one message a `<p>`).
   */
  box?: string;
  /** Said before the list ('These filters were not applied because they are invalid:'). */
  lead?: string;
  /**
   * The live region stays on the page while there is nothing to say (no messages: an empty box),
   * so that screen readers read out the message that later arrives in it (e.g. ActionOutcome).
   */
  standing?: boolean;
  /** The fm-alert box can take the focus (tabindex -1), to be moved to when it appears. */
  focusable?: boolean;
  /** Offers a Retry button after the message(s), which asks again. */
  onRetry?: () => void;
  /** The Retry button's accessible name, when 'Retry' alone would not say what it asks again. */
  retryLabel?: string;
  /** Offers a close button (×, named by `dismissLabel`, else `alert.dismiss`) inside the place's own box. */
  onDismiss?: () => void;
  dismissLabel?: string;
}

/**
 * Every Retry of every widget looks the same: the host's Bootstrap draws a small outlined
 * secondary button (btn-default for Bootstrap 3, which has no btn-outline-*), `fm-retry` keeps it
 * whole beside a message.
 */
export const RETRY_CLASSES = 'btn btn-sm btn-default btn-outline-secondary fm-retry';

/**
 * The one message display of the widgets, errors included: `role="alert"` for a
 * danger message (read out at once), `role="status"` for the others (read out politely). With
 * `onRetry` the role is on the message(s) only, so what is read out is the message, not 'Retry'.
 * No widget makes a live region of its own for a message: `standing` is this one's, kept on the
 * page before the message arrives.
 */
export function Alert({
  kind,
  messages,
  className,
  box,
  lead,
  standing = false,
  focusable = false,
  onRetry,
  retryLabel,
  onDismiss,
  dismissLabel,
}: AlertProps) {
  const list = typeof messages === 'string' ? [messages] : messages;
  const role = kind === 'danger' ? 'alert' : 'status';
  const single = list.length === 1 && lead === undefined;
  const plain = box !== undefined;
  const listed = (
    <>
      {lead !== undefined && <p className={plain ? undefined : 'fm-alert__text'}>{lead}</p>}
      <ul className={plain ? undefined : 'fm-alert__list'}>
        {list.map((message, index) => (
          // Messages may repeat; their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: static list
          <li key={index}>{message}</li>
        ))}
      </ul>
    </>
  );
  const body = single ? <p className="fm-alert__text">{list[0]}</p> : listed;
  const retry = onRetry && <Retry label={retryLabel} onRetry={onRetry} />;

  if (!plain) {
    const classes = `fm-alert fm-alert--${kind}${className ? ` ${className}` : ''}`;
    const shown = (!standing || list.length > 0) && (
      <div
        className={classes}
        role={standing ? undefined : role}
        tabIndex={focusable ? -1 : undefined}
      >
        {body}
      </div>
    );
    return (
      <>
        {standing ? <div role={role}>{shown}</div> : shown}
        {retry}
      </>
    );
  }
  if (onDismiss) {
    return (
      <div className={box} role={role}>
        {body}
        <Dismiss label={dismissLabel} onDismiss={onDismiss} />
      </div>
    );
  }
  if (retry) {
    return (
      <div className={box}>
        {single ? <p role={role}>{list[0]}</p> : <div role={role}>{listed}</div>} {retry}
      </div>
    );
  }
  return single || (standing && list.length === 0) ? (
    <p className={box} role={role}>
      {list[0]}
    </p>
  ) : (
    <div className={box} role={role}>
      {listed}
    </div>
  );
}

/*
 * The buttons read the element's words on their own: the Alert that shows a wrong `messages`
 * (define-element.tsx) has neither, so it reads none.
 */

function Retry({ label, onRetry }: { label: string | undefined; onRetry(): void }) {
  return (
    <button type="button" className={RETRY_CLASSES} aria-label={label} onClick={onRetry}>
      {useWords(messages).alert.retry()}
    </button>
  );
}

function Dismiss({ label, onDismiss }: { label: string | undefined; onDismiss(): void }) {
  const words = useWords(messages).alert;
  return (
    <button
      type="button"
      className="fm-alert__close btn-close"
      aria-label={label ?? words.dismiss()}
      onClick={onDismiss}
    >
      <Icon icon={closeIcon} />
    </button>
  );
}
