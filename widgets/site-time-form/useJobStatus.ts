import { useEffect, useState } from 'react';
import { JOB_MOVED_EVENTS, movedJob } from '../../src/core/engineer-events';
import { statusAfter } from '../../src/core/job-lifecycle';

/**
 * The job's status as the page prints it, moved on by the engineer's screen on the same page: an
 * action kept on the device with no signal (Sign On makes the job On Site, Sign Off Complete
 * Complete) or taken by the host. So the form offers nothing the job no longer allows, although
 * the page, shown from the device, still says what it said when it was kept.
 */
export function useJobStatus(jobId: number, printed: number | undefined): number | undefined {
  const [status, setStatus] = useState(printed);
  useEffect(() => setStatus(printed), [printed]);
  useEffect(() => {
    const follow = new AbortController();
    const moved = (event: Event) => {
      const job = movedJob((event as CustomEvent).detail);
      if (job?.jobId !== jobId) return;
      setStatus((now) => (now === undefined ? now : statusAfter(job.action, now)));
    };
    for (const name of JOB_MOVED_EVENTS) {
      document.addEventListener(name, moved, { signal: follow.signal });
    }
    return () => follow.abort();
  }, [jobId]);
  return status;
}
