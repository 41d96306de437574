import { type OutboxItem, outbox } from '../../src/ui/outbox';
import { actionQueue, type QueuedAction } from './action-queue';

/*
 * What the engineer records with no signal lands in the order it was recorded, whichever of the
 * two places keeps it (the actions in action-queue.ts, the photos and typed site times in the
 * outbox): a site time typed before Sign Off Complete reaches the host while the job still takes
 * it, not after, when the host would refuse it. Each place sends its own in order; an item waits
 * while something of its job recorded earlier waits in the other.
 */

const waiting = (item: OutboxItem) => item.state === 'waiting' || item.state === 'sending';

/** Whether a photo or site time of the action's job, recorded before the action, still waits. */
export async function recordBefore(entry: QueuedAction): Promise<boolean> {
  const madeAt = Date.parse(entry.clientTime);
  return (await outbox().list()).some(
    (item) => item.jobId === entry.jobId && waiting(item) && Date.parse(item.madeAt) < madeAt,
  );
}

/** Whether an action of the item's job, made before the item was recorded, still waits. */
export function actionBefore(item: OutboxItem): boolean {
  const madeAt = Date.parse(item.madeAt);
  return actionQueue()
    .list()
    .some(
      (entry) =>
        entry.jobId === item.jobId && !entry.refused && Date.parse(entry.clientTime) < madeAt,
    );
}

/** Whether anything waits in the outbox (to be sent after an action that went). */
export async function recordsWait(): Promise<boolean> {
  return (await outbox().list()).some(waiting);
}
