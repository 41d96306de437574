import { jobView } from '../../src/core/routes';
import { portalOf } from '../../src/loader/portal';

/** What an action did: said in the modal, and beside the button once the modal has closed. */
export interface Outcome {
  message: string;
  /** A job the action created (the released job, the quote request), linked to its job view. */
  newJob?: { id: number; label: string };
}

/** The outcome's words, with the new job as a link to its view in the page's portal. */
export function OutcomeText({ outcome }: { outcome: Outcome }) {
  const { message, newJob } = outcome;
  return (
    <>
      {message}
      {newJob && (
        <>
          . {newJob.label}{' '}
          <a href={jobView(portalOf(window.location.pathname), newJob.id)}>{newJob.id}</a>.
        </>
      )}
    </>
  );
}
