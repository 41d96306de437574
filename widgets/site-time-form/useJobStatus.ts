import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { jobStatusesOnPage } from '../../src/ui/job-status';

/**
 * The job's status, from whichever said it last: the page (`data-job-status`, set again when the
 * host's page reads itself after a refusal, say) or the engineer's screen on the same page (the
 * host's answer moved on by the actions waiting on the device: a Sign On made with no signal makes
 * the job On Site, on a page shown from the device too).
 */
export function useJobStatus(jobId: number, printed: number | undefined): number | undefined {
  const onPage = useStore(jobStatusesOnPage, (statuses) => statuses[jobId]);
  const [latest, setLatest] = useState<'printed' | 'screen'>('printed');
  // biome-ignore lint/correctness/useExhaustiveDependencies: it records that the page said last.
  useEffect(() => setLatest('printed'), [printed]);
  useEffect(() => {
    if (onPage !== undefined) setLatest('screen');
  }, [onPage]);
  return latest === 'screen' && onPage !== undefined ? onPage : printed;
}
