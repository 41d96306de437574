export type AlertKind = 'danger' | 'success' | 'info' | 'warning';

export interface AlertProps {
  kind: AlertKind;
  /** One message, or several shown as a list. Always rendered as text. */
  messages: string | readonly string[];
  className?: string;
  /** False inside a live region of its own (e.g. ActionOutcome): no role of its own then. */
  live?: boolean;
}

/**
 * A message box: `role="alert"` for a danger message (read out at once), `role="status"` for the
 * others (read out politely).
 */
export function Alert({ kind, messages, className, live = true }: AlertProps) {
  const list = typeof messages === 'string' ? [messages] : messages;
  const classes = `fm-alert fm-alert--${kind}${className ? ` ${className}` : ''}`;
  return (
    <div className={classes} role={live ? (kind === 'danger' ? 'alert' : 'status') : undefined}>
      {list.length === 1 ? (
        <p className="fm-alert__text">{list[0]}</p>
      ) : (
        <ul className="fm-alert__list">
          {list.map((message, index) => (
            // Messages may repeat; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: static list
            <li key={index}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
