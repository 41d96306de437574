// Constants
/** Cost types: a cost or a quote. */
export const COST_TYPE = { cost: 1, quote: 3 } as const; // docs/requirements.md §3

/**
 * Job statuses (docs/requirements.md §4 names 3, 4, 5 and 12; the others are the portal's own).
 * `released` is the duplicate's status and, once released, the original's too (call 5). What moves
 * a job from one to another is `src/core/job-lifecycle.ts`.
 */
export const JOB_STATUS = {
  logged: 1,
  accepted: 2,
  released: 3,
  awaitingRelease: 4,
  quoteRequired: 5,
  onSite: 6,
  awaitingParts: 7,
  complete: 8,
  invoiced: 9,
  closed: 10,
  onHold: 11,
  rejected: 12,
} as const; // docs/requirements.md §4

/** Job types given to duplicates: a released job and a quote request. */
export const JOB_TYPE = { quote: 1, release: 4 } as const; // docs/requirements.md §4, §9

/** Priority of a contractor-quote duplicate. */
export const CONTRACTOR_QUOTE_PRIORITY = 5; // docs/requirements.md §4, §9

/** Cost validation statuses: No, Yes, N/A. */
export const VALIDATION_STATUS = { no: 0, yes: 1, na: 2 } as const; // docs/requirements.md §3

/** How a quote's authorisation was given. */
export const AUTHORISED_VIA = ['email', 'telephone', 'in person'] as const; // docs/requirements.md §5

/** Engineer site-time actions. */
export const SITE_TIME_ACTIONS = ['signon', 'signoff', 'complete', 'remotefix'] as const; // docs/requirements.md §4

/**
 * Days of asset history asked for (docs/requirements.md §9 gives 90 for the modal and 365 for the
 * request).
 */
export const ASSET_HISTORY_DAYS = 365; // docs/requirements.md §7, §9

/** Rows per page of a server-side table. */
export const TABLE_PAGE_SIZE = 100; // docs/requirements.md §9
