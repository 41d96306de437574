import type { PhotoStage } from '../../src/core/contract';
import { newRecordId } from '../../src/core/record-id';
import type { Api } from '../../src/runtime/api';
import type { SentAnswer } from '../../src/ui/outbox-send';

/*
 * A photo taken on a page kept on the device (`data-offline`, the engineer's job page): kept in
 * the device's outbox (IndexedDB) with an upload_id of its own, then sent at once; with no signal
 * it waits there, listed under "On this device", and is sent later under the same id. The
 * outbox's code is a chunk loaded on those pages only.
 */

export type KeptPhoto =
  | { kind: 'sent'; photo: NonNullable<SentAnswer['photo']> }
  | { kind: 'refused'; message: string }
  | { kind: 'kept' };

export async function keepPhoto(
  api: Api,
  file: File,
  to: { siteId: number; jobId: number; stage: PhotoStage | undefined },
): Promise<KeptPhoto> {
  const [{ outbox }, { outboxSender }] = await Promise.all([
    import('../../src/ui/outbox'),
    import('../../src/ui/outbox-send'),
  ]);
  const key = newRecordId();
  await outbox().add({
    key,
    jobId: to.jobId,
    madeAt: new Date().toISOString(),
    record: {
      kind: 'photo',
      siteId: to.siteId,
      ...(to.stage ? { stage: to.stage } : {}),
      name: file.name,
      file,
    },
  });
  let photo: SentAnswer['photo'];
  await outbox().send(
    outboxSender(api, (item, answer) => {
      if (item.key === key) photo = answer.photo;
    }),
  );
  const item = (await outbox().list()).find((each) => each.key === key);
  // Refused or sent as it was taken: the drop zone says so, as for any upload.
  if (item?.state === 'refused') {
    await outbox().dismiss(key);
    return { kind: 'refused', message: item.refused ?? '' };
  }
  if (item?.state === 'sent' && photo) {
    await outbox().dismiss(key);
    return { kind: 'sent', photo };
  }
  return { kind: 'kept' };
}
