import { useStore } from 'zustand';
import { jobStatusesOnPage } from '../../src/ui/job-status';

/**
 * The job's status: as the engineer's screen on the same page shows it, when there is one (the
 * host's answer moved on by the actions waiting on the device: a Sign On made with no signal makes
 * the job On Site), else as the page prints it.
 */
export function useJobStatus(jobId: number, printed: number | undefined): number | undefined {
  return useStore(jobStatusesOnPage, (statuses) => statuses[jobId]) ?? printed;
}
