import { portalOf } from '../../src/core/portal';
import { jobView } from '../../src/core/routes';

/** What an action did: said in the modal, and beside the button once the modal has closed. */
export interface JobResult {
  message: string;
  /**
   * A job the action created (the released job, the quote request), linked to its job view:
   * "{label} {id}", then what is said of it, if anything ("Job 6251 goes to …"), in which
   * `whole` (a reference such as "PO-77881") is kept on one line.
   */
  newJob?: { id: number; label: string; said?: string; whole?: string };
}

/** `said` with its first `whole` on one line: a reference is not broken at its hyphen. */
function Said({ said, whole }: { said: string; whole?: string | undefined }) {
  const at = whole ? said.indexOf(whole) : -1;
  if (!whole || at < 0) return <> {said}</>;
  return (
    <>
      {' '}
      {said.slice(0, at)}
      <span className="fm-job-result__whole">{whole}</span>
      {said.slice(at + whole.length)}
    </>
  );
}

/** The result's words, with the new job as a link to its view in the page's portal. */
export function JobResultText({ result }: { result: JobResult }) {
  const { message, newJob } = result;
  return (
    <>
      {message}
      {newJob && (
        <>
          . {newJob.label}{' '}
          <a href={jobView(portalOf(window.location.pathname), newJob.id)}>{newJob.id}</a>
          {newJob.said ? <Said said={newJob.said} whole={newJob.whole} /> : ''}.
        </>
      )}
    </>
  );
}
