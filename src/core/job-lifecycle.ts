/**
 * A job's life (docs/requirements.md §4): the statuses it can be in, the actions that move it, and
 * who may take each action in which status. One model for the widgets (what they offer) and the
 * reference host (what it accepts), so a screen never offers what the host refuses. Pure, tested
 * without a DOM. README "The job lifecycle" prints the table this module holds.
 */
import { JOB_STATUS, type Job, type SiteTimeAction } from './contract';
import type { JobWords } from './job-messages';
import messages from './messages';

export type JobStatusId = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];

/** Each status's key among the catalog's `jobStatus.*`, by its id. */
const STATUS_KEYS = Object.fromEntries(
  Object.entries(JOB_STATUS).map(([key, id]) => [id, key]),
) as Readonly<Record<JobStatusId, keyof typeof JOB_STATUS>>;

/** The statuses' names, as the portal shows them (the default words). */
export const JOB_STATUS_NAMES: Readonly<Record<JobStatusId, string>> = Object.fromEntries(
  Object.entries(STATUS_KEYS).map(([id, key]) => [id, messages.jobStatus[key]()]),
) as Record<JobStatusId, string>;

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

/** The catalog's keys that name an action in a sentence (`job.actionRelease`: "Releasing it"). */
type Doing = Extract<keyof JobWords['job'], `action${string}`>;

interface Rule {
  /** How the action is named in a sentence ("Releasing it is not possible…"): its key. */
  doing: Doing;
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
    doing: 'actionRelease',
    roles: ['client'],
    from: [JOB_STATUS.awaitingRelease],
    to: JOB_STATUS.released,
    effect: 'A copy goes to the chosen contractor as a Released job (type 4).',
  },
  reject: {
    doing: 'actionReject',
    roles: ['client'],
    from: [JOB_STATUS.awaitingRelease],
    to: JOB_STATUS.rejected,
    effect: 'The job is cancelled; the reason is kept as a note.',
  },
  forward: {
    doing: 'actionForward',
    roles: ['client'],
    from: [JOB_STATUS.awaitingRelease],
    effect: 'The helpdesk is sent the message; the job shows when and to whom it went.',
  },
  quote: {
    doing: 'actionQuote',
    roles: ['client'],
    from: OPEN,
    effect: 'A new Quote Required job (type 1) is made from it.',
  },
  alternativeQuote: {
    doing: 'actionAlternativeQuote',
    roles: ['client'],
    from: OPEN,
    effect: 'A site surveyor asks up to three contractors; each gets a Released quote job.',
  },
  approveCost: {
    doing: 'actionDecideCosts',
    roles: ['client'],
    from: NOT_REJECTED,
    effect: 'The cost counts as spend.',
  },
  declineCost: {
    doing: 'actionDecideCosts',
    roles: ['client'],
    from: NOT_REJECTED,
    effect: 'The cost is kept, declined, and is not spend.',
  },
  approveQuote: {
    doing: 'actionDecideQuotes',
    roles: ['client'],
    from: OPEN,
    to: (status) => (status === JOB_STATUS.quoteRequired ? JOB_STATUS.released : status),
    effect: 'The work is authorised: a Quote Required job is Released to its contractor.',
  },
  declineQuote: {
    doing: 'actionDecideQuotes',
    roles: ['client'],
    from: OPEN,
    effect: 'The job keeps waiting for a quote it can accept.',
  },
  assignEngineer: {
    doing: 'actionAssignEngineer',
    roles: ['client'],
    // Only work released to the contractor is an engineer's to do: not a job still awaiting
    // release or a quote, nor a finished one.
    from: [...WORKABLE, JOB_STATUS.onSite],
    effect: 'The job shows in the engineer’s My jobs; removing the engineer is always possible.',
  },
  signon: {
    doing: 'actionSignOn',
    roles: ['engineer'],
    from: WORKABLE,
    to: JOB_STATUS.onSite,
    effect: 'A site time opens.',
  },
  signoff: {
    doing: 'actionSignOff',
    roles: ['engineer'],
    from: [JOB_STATUS.onSite],
    to: JOB_STATUS.released,
    effect: 'The site time closes; the work goes on another day.',
  },
  complete: {
    doing: 'actionComplete',
    roles: ['engineer'],
    from: [JOB_STATUS.onSite],
    to: JOB_STATUS.complete,
    effect: 'The site time closes and the job leaves the engineer’s list.',
  },
  remotefix: {
    doing: 'actionRemoteFix',
    roles: ['engineer'],
    from: WORKABLE,
    to: JOB_STATUS.complete,
    effect: 'A site time of no length is kept and the job leaves the engineer’s list.',
  },
  edit: {
    doing: 'actionEdit',
    roles: ['client'],
    from: OPEN,
    effect: 'Its description and Order Number change.',
  },
  delete: {
    doing: 'actionDelete',
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

/** The status's name in `words` ("Awaiting Release"; "Status 42" for one the portal does not know). */
export function statusName(status: number, { jobStatus: words }: JobWords = messages): string {
  const key = STATUS_KEYS[status as JobStatusId];
  return key ? words[key]() : words.other(status);
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

/** The roles' keys among the catalog's `job.*`. */
const ROLE_KEYS = {
  client: 'roleClient',
  contractor: 'roleContractor',
  engineer: 'roleEngineer',
} as const satisfies Record<Role, keyof JobWords['job']>;

/** Whether `role` may take `action` on the job (refusal words why not). */
export function mayTake(action: JobAction, role: Role, job: JobState): boolean {
  const rule = LIFECYCLE[action];
  const typeFits =
    !['release', 'reject', 'forward'].includes(action) || job.type_id === AWAITING_RELEASE_TYPE;
  return rule.roles.includes(role) && allowsStatus(rule, job) && typeFits;
}

/**
 * Why `role` may not take `action` on the job, in words for the person who tried; null when it
 * may. Release, reject and forward are also for type 7 jobs only (docs/requirements.md §2).
 */
export function refusal(
  action: JobAction,
  role: Role,
  job: JobState & { id: number },
  words: JobWords = messages,
): string | null {
  if (mayTake(action, role, job)) return null;
  const rule = LIFECYCLE[action];
  const doing = words.job[rule.doing]();
  if (!rule.roles.includes(role)) {
    return words.job.notForRole({
      doing,
      role: words.job[ROLE_KEYS[role]](),
      allowed: rule.roles.map((allowed) => words.job[ROLE_KEYS[allowed]]()).join(' or '),
    });
  }
  return notPossible(doing, job, words);
}

/**
 * "Adding a site time is not possible: job 1004 is Complete.": the sentence of every refusal, for
 * what `doing` names (a lifecycle action's, or a host's own step such as adding a cost).
 */
export function notPossible(
  doing: string,
  job: JobState & { id: number },
  words: JobWords = messages,
): string {
  const status = job.cancelled ? words.jobStatus.cancelled() : statusName(job.status_id, words);
  return words.job.notPossible({ doing, jobId: job.id, status });
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

/** docs/requirements.md §5: null when the note passes, else the message (in `words`). */
export function noteError(note: string, words: JobWords = messages): string | null {
  return noteCharactersShort(note) === 0 ? null : words.job.noteTooShort();
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

const SIGNED_ON_REFUSAL = {
  signon: 'alreadySignedOn',
  remotefix: 'signOffBeforeRemoteFix',
  signoff: 'notSignedOn',
  complete: 'notSignedOn',
} as const satisfies Record<SiteTimeAction, keyof JobWords['job']>;

/** Why `action` is not for an engineer who is (or is not) signed on; null when it is. */
export function signOnRefusal(
  action: SiteTimeAction,
  signedOn: boolean,
  words: JobWords = messages,
): string | null {
  return FOR_SIGNED_ON[action] === signedOn ? null : words.job[SIGNED_ON_REFUSAL[action]]();
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
export function nothingToRecord(
  status: number,
  cancelled = false,
  words: JobWords = messages,
): string {
  if (cancelled && !isFinished(status)) return words.job.nothingToRecordCancelled();
  const name = statusName(status, words);
  return isFinished(status)
    ? words.job.nothingToRecordFinished(name)
    : words.job.nothingToRecordUnreleased(name);
}

/** Whether the engineer is signed on after `action` succeeds. */
export function signedOnAfter(action: SiteTimeAction): boolean {
  return action === 'signon';
}

/** docs/requirements.md §4: complete and remote fix go to /engineer/jobs afterwards. */
export function leavesJob(action: SiteTimeAction): boolean {
  return action === 'complete' || action === 'remotefix';
}
