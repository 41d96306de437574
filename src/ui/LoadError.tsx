/** Why something could not be loaded, with a Retry button; read out at once (`role="alert"`). */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="fm-table__error" role="alert">
      <span>{message}</span>{' '}
      <button type="button" className="fm-table__retry" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
