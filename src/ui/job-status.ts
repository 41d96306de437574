import { createStore } from 'zustand/vanilla';

/**
 * The status each job is in as the engineer's screen shows it (the host's answer moved on by the
 * actions waiting on the device), for the page's other parts that follow the job: the site time
 * form offers nothing the job no longer allows, although the page, shown from the device, still
 * says what it said when it was kept. One store for the page, whichever element comes first.
 */
export const jobStatusesOnPage = createStore<Readonly<Record<number, number>>>(() => ({}));

/** Says `status` of job `jobId` to the page (nothing when it is not known). */
export function showJobStatus(jobId: number, status: number | null): void {
  if (status === null || jobStatusesOnPage.getState()[jobId] === status) return;
  jobStatusesOnPage.setState({ [jobId]: status });
}
