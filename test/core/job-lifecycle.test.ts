import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../src/core/contract';
import {
  engineerActions,
  isEngineersWork,
  type JobAction,
  LIFECYCLE,
  mayTake,
  noteCharactersShort,
  noteError,
  nothingToRecord,
  refusal,
  signOnRefusal,
  statusAfter,
  statusName,
} from '../../src/core/job-lifecycle';
import {
  ALREADY_SIGNED_ON,
  NOT_SIGNED_ON,
  NOTE_TOO_SHORT,
  noteCounter,
  SIGN_OFF_BEFORE_REMOTE_FIX,
} from '../../src/core/job-messages';

const job = (status_id: number, more: { type_id?: number; cancelled?: boolean } = {}) => ({
  id: 1001,
  status_id,
  cancelled: false,
  ...more,
});

describe('the job lifecycle', () => {
  it('release, reject and forward: a client, on a type 7 job awaiting release only', () => {
    const awaiting = job(JOB_STATUS.awaitingRelease, { type_id: 7 });
    for (const action of ['release', 'reject', 'forward'] as const) {
      expect(refusal(action, 'client', awaiting)).toBeNull();
      expect(mayTake(action, 'client', { ...awaiting, type_id: 1 })).toBe(false);
      expect(mayTake(action, 'client', { ...awaiting, cancelled: true })).toBe(false);
      expect(mayTake(action, 'contractor', awaiting)).toBe(false);
    }
    expect(refusal('release', 'client', job(JOB_STATUS.released, { type_id: 7 }))).toBe(
      'Releasing it is not possible: job 1001 is Released.',
    );
    expect(refusal('reject', 'contractor', awaiting)).toBe(
      'Rejecting it is not for a contractor: only a client may do that.',
    );
    expect(mayTake('release', 'client', { type_id: 7, status_id: 4, cancelled: false })).toBe(true);
  });

  it('delete: also a rejected job (rejected means cancelled), never another cancelled one', () => {
    const rejected = job(JOB_STATUS.rejected, { type_id: 7, cancelled: true });
    expect(refusal('delete', 'client', rejected)).toBeNull();
    expect(refusal('delete', 'client', job(JOB_STATUS.logged, { cancelled: true }))).toBe(
      'Deleting it is not possible: job 1001 is cancelled.',
    );
    expect(mayTake('delete', 'contractor', rejected)).toBe(false);
    // Nothing else is offered on a rejected job.
    for (const action of Object.keys(LIFECYCLE) as JobAction[]) {
      if (action !== 'delete') expect(mayTake(action, 'client', rejected)).toBe(false);
    }
  });

  it('where each action leaves the job', () => {
    expect(statusAfter('release', JOB_STATUS.awaitingRelease)).toBe(JOB_STATUS.released);
    expect(statusAfter('reject', JOB_STATUS.awaitingRelease)).toBe(JOB_STATUS.rejected);
    expect(statusAfter('forward', JOB_STATUS.awaitingRelease)).toBe(JOB_STATUS.awaitingRelease);
    expect(statusAfter('approveQuote', JOB_STATUS.quoteRequired)).toBe(JOB_STATUS.released);
    expect(statusAfter('approveQuote', JOB_STATUS.onHold)).toBe(JOB_STATUS.onHold);
    expect(statusAfter('declineQuote', JOB_STATUS.quoteRequired)).toBe(JOB_STATUS.quoteRequired);
    expect(statusAfter('approveCost', JOB_STATUS.complete)).toBe(JOB_STATUS.complete);
    expect(statusAfter('signon', JOB_STATUS.released)).toBe(JOB_STATUS.onSite);
    expect(statusAfter('signoff', JOB_STATUS.onSite)).toBe(JOB_STATUS.released);
    expect(statusAfter('complete', JOB_STATUS.onSite)).toBe(JOB_STATUS.complete);
    expect(statusAfter('remotefix', JOB_STATUS.released)).toBe(JOB_STATUS.complete);
  });

  it('the engineer: sign on or remote fix while the work is open; sign off or complete on site', () => {
    for (const status of [JOB_STATUS.released, JOB_STATUS.accepted, JOB_STATUS.onHold]) {
      expect(mayTake('signon', 'engineer', job(status))).toBe(true);
      expect(mayTake('remotefix', 'engineer', job(status))).toBe(true);
      expect(mayTake('complete', 'engineer', job(status))).toBe(false);
    }
    expect(mayTake('signoff', 'engineer', job(JOB_STATUS.onSite))).toBe(true);
    expect(mayTake('complete', 'engineer', job(JOB_STATUS.onSite))).toBe(true);
    expect(mayTake('signon', 'client', job(JOB_STATUS.released))).toBe(false);
    for (const status of [
      JOB_STATUS.complete,
      JOB_STATUS.invoiced,
      JOB_STATUS.closed,
      JOB_STATUS.rejected,
      JOB_STATUS.awaitingRelease,
      JOB_STATUS.quoteRequired,
    ]) {
      expect(mayTake('signon', 'engineer', job(status))).toBe(false);
    }
    expect(refusal('signon', 'engineer', job(JOB_STATUS.complete))).toBe(
      'Signing on is not possible: job 1001 is Complete.',
    );
  });

  it('the engineer screen offers what the status allows, and nothing once the work is done', () => {
    expect(engineerActions(false)).toEqual(['signon', 'remotefix']);
    expect(engineerActions(true)).toEqual(['signoff', 'complete']);
    expect(engineerActions(false, JOB_STATUS.released)).toEqual(['signon', 'remotefix']);
    expect(engineerActions(true, JOB_STATUS.onSite)).toEqual(['signoff', 'complete']);
    expect(engineerActions(false, JOB_STATUS.complete)).toEqual([]);
    expect(engineerActions(true, JOB_STATUS.complete)).toEqual([]);
    // Signed on wins over a status that has not caught up (docs/requirements.md §4: the lookup
    // decides).
    expect(engineerActions(true, JOB_STATUS.released)).toEqual(['signoff', 'complete']);
    // A status this portal does not know changes nothing.
    expect(engineerActions(false, 40)).toEqual(['signon', 'remotefix']);
  });

  it('sign-on rules: sign on and remote fix when not signed on, sign off and complete when signed on', () => {
    expect(signOnRefusal('signon', false)).toBeNull();
    expect(signOnRefusal('remotefix', false)).toBeNull();
    expect(signOnRefusal('signoff', true)).toBeNull();
    expect(signOnRefusal('complete', true)).toBeNull();
    expect(signOnRefusal('signon', true)).toBe(ALREADY_SIGNED_ON);
    expect(signOnRefusal('remotefix', true)).toBe(SIGN_OFF_BEFORE_REMOTE_FIX);
    expect(signOnRefusal('signoff', false)).toBe(NOT_SIGNED_ON);
    expect(signOnRefusal('complete', false)).toBe(NOT_SIGNED_ON);
  });

  it("an engineer's notes need more than 8 characters (docs/requirements.md §5)", () => {
    expect(noteError('Fixed it')).toBe(NOTE_TOO_SHORT);
    expect(noteError('  Fixed it  ')).toBe(NOTE_TOO_SHORT);
    expect(noteError('Fixed it.')).toBeNull();
  });

  it('the notes counter and the notes rule read one definition: how many more characters', () => {
    expect(noteCharactersShort('')).toBe(9);
    expect(noteCharactersShort('Fixed it')).toBe(1);
    expect(noteCharactersShort('  Fixed it  ')).toBe(1);
    expect(noteCharactersShort('Fixed it.')).toBe(0);
    expect(noteCharactersShort('A long note about the fan belt')).toBe(0);
    for (const note of ['', 'x', 'Fixed it', 'Fixed it.', '   a   ']) {
      expect(noteError(note) === null).toBe(noteCharactersShort(note) === 0);
    }
    expect(noteCounter(8, 3)).toBe('More than 8 characters: 3 more');
    expect(noteCounter(8, 0)).toBe('More than 8 characters: enough');
  });

  it('costs are decided on any job not rejected (an invoice comes after the work); quotes while open', () => {
    expect(mayTake('approveCost', 'client', job(JOB_STATUS.complete))).toBe(true);
    expect(mayTake('declineCost', 'client', job(JOB_STATUS.rejected))).toBe(false);
    expect(mayTake('approveQuote', 'client', job(JOB_STATUS.quoteRequired))).toBe(true);
    expect(mayTake('approveQuote', 'client', job(JOB_STATUS.closed))).toBe(false);
    expect(mayTake('approveCost', 'contractor', job(JOB_STATUS.released))).toBe(false);
  });

  it('names every status, and an unknown one by its id', () => {
    expect(Object.values(JOB_STATUS).map((status) => statusName(status))).not.toContain(
      expect.stringMatching(/^Status/),
    );
    expect(statusName(40)).toBe('Status 40');
    expect(Object.keys(LIFECYCLE)).toHaveLength(16);
  });
});

/** The README's table of the lifecycle, as this module holds it. */
function lifecycleTable(): string {
  const ids = Object.values(JOB_STATUS);
  const statuses = (from: (typeof LIFECYCLE)[JobAction]['from']) =>
    typeof from === 'string'
      ? from === 'open'
        ? 'any but Complete, Invoiced, Closed, Rejected'
        : 'any but Rejected'
      : from.map((status) => statusName(status)).join(', ');
  const becomes = (action: JobAction) => {
    const moved = ids.filter((id) => statusAfter(action, id) !== id);
    if (moved.length === 0) return 'unchanged';
    const targets = [...new Set(moved.map((id) => statusAfter(action, id)))];
    const rule = LIFECYCLE[action].from;
    const fromAll = typeof rule !== 'string' && rule.every((id) => moved.includes(id));
    return fromAll
      ? targets.map((status) => statusName(status)).join(', ')
      : moved.map((id) => `${statusName(id)} → ${statusName(statusAfter(action, id))}`).join(', ');
  };
  const rows = (Object.keys(LIFECYCLE) as JobAction[]).map((action) => {
    const rule = LIFECYCLE[action];
    return `| \`${action}\` | ${rule.roles.join(', ')} | ${statuses(rule.from)} | ${becomes(action)} | ${rule.effect} |`;
  });
  return ['| action | who | from | becomes | what else |', '|---|---|---|---|---|', ...rows].join(
    '\n',
  );
}

/** A Markdown table's lines with the cells' padding taken out (the formatter aligns columns). */
const cells = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .map((cell) => cell.trim().replace(/^-+$/, '-'))
        .join('|'),
    );

describe('an engineer’s work', () => {
  it('is a job released to the contractor and not finished: only then may one be assigned', () => {
    for (const status of [
      JOB_STATUS.logged,
      JOB_STATUS.accepted,
      JOB_STATUS.released,
      JOB_STATUS.onSite,
      JOB_STATUS.awaitingParts,
      JOB_STATUS.onHold,
    ]) {
      expect(isEngineersWork(job(status))).toBe(true);
    }
    for (const status of [
      JOB_STATUS.awaitingRelease,
      JOB_STATUS.quoteRequired,
      JOB_STATUS.complete,
      JOB_STATUS.invoiced,
      JOB_STATUS.closed,
      JOB_STATUS.rejected,
    ]) {
      expect(isEngineersWork(job(status))).toBe(false);
    }
    expect(isEngineersWork(job(JOB_STATUS.released, { cancelled: true }))).toBe(false);
    expect(
      refusal('assignEngineer', 'client', { ...job(JOB_STATUS.awaitingRelease), id: 1192 }),
    ).toBe('Assigning an engineer is not possible: job 1192 is Awaiting Release.');
  });

  it('words a job not released yet as such, and a finished one as finished', () => {
    expect(nothingToRecord(JOB_STATUS.awaitingRelease)).toBe(
      'This job is Awaiting Release: it is not released yet, so there is nothing to record on it until it is.',
    );
    expect(nothingToRecord(JOB_STATUS.complete)).toBe(
      'This job is Complete: there is nothing more to record on it.',
    );
    expect(engineerActions(false, JOB_STATUS.awaitingRelease)).toEqual([]);
    // A cancelled job is not one waiting for its release; a rejected one is named as such.
    expect(nothingToRecord(JOB_STATUS.released, true)).toBe(
      'This job is cancelled: there is nothing more to record on it.',
    );
    expect(nothingToRecord(JOB_STATUS.rejected, true)).toBe(
      'This job is Rejected: there is nothing more to record on it.',
    );
  });
});

describe("the README's lifecycle table", () => {
  it('is the table this module holds', () => {
    const readme = readFileSync('README.md', 'utf8');
    if (process.env.PRINT_LIFECYCLE) console.log(lifecycleTable());
    const section = readme.slice(readme.indexOf('## The job lifecycle'));
    const table = cells(section.slice(0, section.indexOf('\n\n', section.indexOf('| action'))));
    expect(table).toEqual(cells(lifecycleTable()));
  });
});
