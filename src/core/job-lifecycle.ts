/**
 * A job's life (docs/requirements.md §4): the statuses it can be in, the actions that move it, and
 * who may take each action in which status. One model for the widgets (what they offer) and the
 * reference host (what it accepts), so a screen never offers what the host refuses. Pure, tested
 * without a DOM. README "The job lifecycle" prints the table this module holds.
 */
import { JOB_STATUS, type Job, type SiteTimeAction } from './contract';
import {
  ALREADY_SIGNED_ON,
  NOT_SIGNED_ON,
  NOTE_TOO_SHORT,
  SIGN_OFF_BEFORE_REMOTE_FIX,
} from './job-messages';

export type JobStatusId = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];

/** The statuses' names, as the portal shows them. */
export const JOB_STATUS_NAMES: Readonly<Record<JobStatusId, string>> = {
  [JOB_STATUS.logged]: 'Logged',
  [JOB_STATUS.accepted]: 'Accepted',
  [JOB_STATUS.released]: 'Released',
  [JOB_STATUS.awaitingRelease]: 'Awaiting Release',
  [JOB_STATUS.quoteRequired]: 'Quote Required',
  [JOB_STATUS.onSite]: 'On Site',
  [JOB_STATUS.awaitingParts]: 'Awaiting Parts',
  [JOB_STATUS.complete]: 'Complete',
  [JOB_STATUS.invoiced]: 'Invoiced',
  [JOB_STATUS.closed]: 'Closed',
  [JOB_STATUS.onHold]: 'On Hold',
  [JOB_STATUS.rejected]: 'Rejected',
};

/** Who acts on a job: the client's and the contractor's portals, and the contractor's engineer. */
export type Role = 'client' | 'contractor' | 'engineer';

/** The job type whose jobs wait for the client to release them. */
export const AWAITING_RELEASE_TYPE = 7; // docs/requirements.md §2, §4

/** Statuses after the work is done, or refused: nothing more is done on such a job. */
export const FINISHED_STATUSES: readonly number[] = [
  JOB_STATUS.complete,
  JOB_STATUS.invoiced,
  JOB_STATUS.closed,
  JOB_STATUS.rejected,
];

/** Statuses in which an engineer may go to site (or fix the job from afar). */
const WORKABLE: readonly JobStatusId[] = [
  JOB_STATUS.logged,
  JOB_STATUS.accepted,
  JOB_STATUS.released,
  JOB_STATUS.awaitingParts,
  JOB_STATUS.onHold,
];

/** Every status but the finished ones (a status the portal does not know counts as open). */
const OPEN = 'open';
/** Every status but Rejected: costs still come in once the work is done (an invoice). */
const NOT_REJECTED = 'not rejected';

/** The job's actions. The engineer's are named as call 24 sends them. */
export type JobAction =
  | 'release'
  | 'reject'
  | 'forward'
  | 'quote'
  | 'alternativeQuote'
  | 'approveCost'
  | 'declineCost'
  | 'approveQuote'
  | 'declineQuote'
  | 'assignEngineer'
  | SiteTimeAction
  | 'edit'
  | 'delete';

interface Rule {
  /** How the action is named in a sentence ("Releasing it is not possible…"). */
  doing: string;
  roles: readonly Role[];
  from: readonly JobStatusId[] | typeof OPEN | typeof NOT_REJECTED;
  /** The status it leaves the job in; the job keeps its status without one. */
  to?: JobStatusId | ((status: number) => number);
  /** What else the action does, for the README's table. */
  effect: string;
}

/** The lifecycle: each action, who may take it, from which statuses, and what the job becomes. */
export const LIFECYCLE: Readonly<Record<JobAction, Rule>> = {
  release: {
    doing: 'Releasing it',
    roles: ['client'],
    from: [JOB_STATUS.awaitingRelease],
    to: JOB_STATUS.released,
    effect: 'A copy goes to the chosen contractor as a Released job (type 4).',
  },
  reject: {
    doing: 'Rejecting it',
    roles: ['client'],
    from: [JOB_STATUS.awaitingRelease],
    to: JOB_STATUS.rejected,
    effect: 'The job is cancelled; the reason is kept as a note.',
  },
  forward: {
    doing: 'Forwarding it',
    roles: ['client'],
    from: [JOB_STATUS.awaitingRelease],
    effect: 'The helpdesk is sent the message; the job shows when and to whom it went.',
  },
  quote: {
    doing: 'Asking for a quote',
    roles: ['client'],
    from: OPEN,
    effect: 'A new Quote Required job (type 1) is made from it.',
  },
  alternativeQuote: {
    doing: 'Asking for alternative quotes',
    roles: ['client'],
    from: OPEN,
    effect: 'A site surveyor asks up to three contractors; each gets a Released quote job.',
  },
  approveCost: {
    doing: 'Deciding its costs',
    roles: ['client'],
    from: NOT_REJECTED,
    effect: 'The cost counts as spend.',
  },
  declineCost: {
    doing: 'Deciding its costs',
    roles: ['client'],
    from: NOT_REJECTED,
    effect: 'The cost is kept, declined, and is not spend.',
  },
  approveQuote: {
    doing: 'Deciding its quotes',
    roles: ['client'],
    from: OPEN,
    to: (status) => (status === JOB_STATUS.quoteRequired ? JOB_STATUS.released : status),
    effect: 'The work is authorised: a Quote Required job is Released to its contractor.',
  },
  declineQuote: {
    doing: 'Deciding its quotes',
    roles: ['client'],
    from: OPEN,
    effect: 'The job keeps waiting for a quote it can accept.',
  },
  assignEngineer: {
    doing: 'Assigning an engineer',
    roles: ['client'],
    // Only work released to the contractor is an engineer's to do: not a job still awaiting
    // release or a quote, nor a finished one.
    from: [...WORKABLE, JOB_STATUS.onSite],
    effect: 'The job shows in the engineer’s My jobs; removing the engineer is always possible.',
  },
  signon: {
    doing: 'Signing on',
    roles: ['engineer'],
    from: WORKABLE,
    to: JOB_STATUS.onSite,
    effect: 'A site time opens.',
  },
  signoff: {
    doing: 'Signing off',
    roles: ['engineer'],
    from: [JOB_STATUS.onSite],
    to: JOB_STATUS.released,
    effect: 'The site time closes; the work goes on another day.',
  },
  complete: {
    doing: 'Completing it',
    roles: ['engineer'],
    from: [JOB_STATUS.onSite],
    to: JOB_STATUS.complete,
    effect: 'The site time closes and the job leaves the engineer’s list.',
  },
  remotefix: {
    doing: 'Recording a remote fix',
    roles: ['engineer'],
    from: WORKABLE,
    to: JOB_STATUS.complete,
    effect: 'A site time of no length is kept and the job leaves the engineer’s list.',
  },
  edit: {
    doing: 'Editing it',
    roles: ['client'],
    from: OPEN,
    effect: 'Its description and Order Number change.',
  },
  delete: {
    doing: 'Deleting it',
    roles: ['client'],
    from: [
      JOB_STATUS.logged,
      JOB_STATUS.accepted,
      JOB_STATUS.released,
      JOB_STATUS.awaitingRelease,
      JOB_STATUS.quoteRequired,
      JOB_STATUS.awaitingParts,
      JOB_STATUS.onHold,
      JOB_STATUS.complete,
      JOB_STATUS.rejected,
    ],
    effect: 'The job and all recorded against it are removed.',
  },
};

export type JobState = Pick<Job, 'status_id' | 'cancelled'> & { type_id?: number };

export function statusName(status: number): string {
  return JOB_STATUS_NAMES[status as JobStatusId] ?? `Status ${status}`;
}

export function isFinished(status: number): boolean {
  return FINISHED_STATUSES.includes(status);
}

function allowsStatus(rule: Rule, job: JobState): boolean {
  if (rule.from === OPEN) return !job.cancelled && !isFinished(job.status_id);
  if (rule.from === NOT_REJECTED) return !job.cancelled && job.status_id !== JOB_STATUS.rejected;
  const from = rule.from as readonly number[];
  // A rejected job is cancelled too (docs/requirements.md §4: status 12, cancelled set to 1): an
  // action that names Rejected (Delete) is for it; any other cancelled job takes no action.
  if (job.cancelled) return job.status_id === JOB_STATUS.rejected && from.includes(job.status_id);
  return from.includes(job.status_id);
}

/**
 * Why `role` may not take `action` on the job, in words for the person who tried; null when it
 * may. Release, reject and forward are also for type 7 jobs only (docs/requirements.md §2).
 */
export function refusal(
  action: JobAction,
  role: Role,
  job: JobState & { id: number },
): string | null {
  const rule = LIFECYCLE[action];
  if (!rule.roles.includes(role)) {
    return `${rule.doing} is not for a ${role}: only a ${rule.roles.join(' or ')} may do that.`;
  }
  const typeFits =
    !['release', 'reject', 'forward'].includes(action) || job.type_id === AWAITING_RELEASE_TYPE;
  if (allowsStatus(rule, job) && typeFits) return null;
  return notPossible(rule.doing, job);
}

/**
 * "Adding a site time is not possible: job 1004 is Complete.": the sentence of every refusal, for
 * what `doing` names (a lifecycle action's, or a host's own step such as adding a cost).
 */
export function notPossible(doing: string, job: JobState & { id: number }): string {
  const now = job.cancelled ? 'cancelled' : statusName(job.status_id);
  return `${doing} is not possible: job ${job.id} is ${now}.`;
}

export function mayTake(action: JobAction, role: Role, job: JobState): boolean {
  return refusal(action, role, { id: 0, ...job }) === null;
}

/** The status the job is in once `action` has gone through. */
export function statusAfter(action: JobAction, status: number): number {
  const to = LIFECYCLE[action].to;
  if (to === undefined) return status;
  return typeof to === 'function' ? to(status) : to;
}

/**
 * Whether the job is an engineer's to work on: released to the contractor and not finished (the
 * statuses an engineer may be assigned in). My jobs lists only these; only these take site times.
 */
export function isEngineersWork(job: JobState): boolean {
  return mayTake('assignEngineer', 'client', job);
}

// The engineer's screen (docs/requirements.md §4, §5).

/** docs/requirements.md §5, §9: engineer notes must be more than 8 characters. */
export const MIN_NOTE_LENGTH = 8;

/**
 * How many more characters the note needs to pass (0 once it does): the one reading of
 * docs/requirements.md §5's rule, more than MIN_NOTE_LENGTH characters, spaces at either end not
 * counted.
 */
export function noteCharactersShort(note: string): number {
  return Math.max(0, MIN_NOTE_LENGTH + 1 - note.trim().length);
}

/** docs/requirements.md §5: null when the note passes, else the message. */
export function noteError(note: string): string | null {
  return noteCharactersShort(note) === 0 ? null : NOTE_TOO_SHORT;
}

/**
 * docs/requirements.md §4: whether each action is for an engineer signed on (true) or not signed on
 * (false).
 */
const FOR_SIGNED_ON: Readonly<Record<SiteTimeAction, boolean>> = {
  signon: false,
  remotefix: false,
  signoff: true,
  complete: true,
};

const SIGNED_ON_REFUSAL: Readonly<Record<SiteTimeAction, string>> = {
  signon: ALREADY_SIGNED_ON,
  remotefix: SIGN_OFF_BEFORE_REMOTE_FIX,
  signoff: NOT_SIGNED_ON,
  complete: NOT_SIGNED_ON,
};

/** Why `action` is not for an engineer who is (or is not) signed on; null when it is. */
export function signOnRefusal(action: SiteTimeAction, signedOn: boolean): string | null {
  return FOR_SIGNED_ON[action] === signedOn ? null : SIGNED_ON_REFUSAL[action];
}

/**
 * docs/requirements.md §4: not signed on shows Sign On and Remote Fix; signed on, Sign Off and Sign
 * Off Complete. A job whose work is finished offers nothing (its status, when the host gave it,
 * says so).
 */
export function engineerActions(
  signedOn: boolean,
  status: number | null = null,
): readonly SiteTimeAction[] {
  const shown = (Object.keys(FOR_SIGNED_ON) as SiteTimeAction[]).filter(
    (action) => FOR_SIGNED_ON[action] === signedOn,
  );
  if (status === null || !(status in JOB_STATUS_NAMES)) return shown;
  return shown.filter((action) =>
    // Signed on is what call 23 says (docs/requirements.md §4), even when the status has not caught
    // up.
    signedOn
      ? !isFinished(status)
      : mayTake(action, 'engineer', { status_id: status, cancelled: false }),
  );
}

/**
 * What the engineer's screen says when a job offers nothing (docs/requirements.md §4): a finished
 * job has nothing more to record; a job not yet released to the contractor (awaiting release, a
 * quote) has nothing to record until it is released; a cancelled one (the host knows) nothing more.
 */
export function nothingToRecord(status: number, cancelled = false): string {
  if (cancelled && !isFinished(status)) {
    return 'This job is cancelled: there is nothing more to record on it.';
  }
  return isFinished(status)
    ? `This job is ${statusName(status)}: there is nothing more to record on it.`
    : `This job is ${statusName(status)}: it is not released yet, so there is nothing to record on it until it is.`;
}

/** Whether the engineer is signed on after `action` succeeds. */
export function signedOnAfter(action: SiteTimeAction): boolean {
  return action === 'signon';
}

/** docs/requirements.md §4: complete and remote fix go to /engineer/jobs afterwards. */
export function leavesJob(action: SiteTimeAction): boolean {
  return action === 'complete' || action === 'remotefix';
}
