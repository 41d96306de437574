import type { Db } from './db';

/**
 * A released job's choices (contractor, priority, Order Number) live on the job it was released
 * as: where the original has none, or another (its own priority, say, where the release chose P1),
 * it says the released job's, and where: "Aire Valley Plumbing (on job 6251)". The job view's
 * summary and the jobs list's row both say it so (the list through SQL's as_released()).
 */
export function asReleased(
  own: string | null,
  theirs: string | null,
  releasedId: number | null,
): string | null {
  return releasedId !== null && theirs !== null && theirs !== own
    ? `${theirs} (on job ${releasedId})`
    : own;
}

/** Lets SQL say the same: as_released(own, theirs, releasedId), for a list to sort and search. */
export function registerReleasedFunction(db: Db): void {
  db.function(
    'as_released',
    { deterministic: true },
    (own: unknown, theirs: unknown, releasedId: unknown) =>
      asReleased(
        own === null ? null : String(own),
        theirs === null ? null : String(theirs),
        releasedId === null ? null : Number(releasedId),
      ),
  );
}
