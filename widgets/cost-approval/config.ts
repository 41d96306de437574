import { flagSetting, numberListSetting } from '../../src/core/settings';

/** The page configuration's cost approval keys (README "Page configuration"). */
export const costApprovalConfig = {
  /** Approve and Decline are disabled (docs/requirements.md §5). */
  disableApprovals: flagSetting(false),
  /** On release, an Order Number is required when the job has no `client_reference_2`. */
  validateClientReference2: flagSetting(true),
  /** Priority ids offered on release; empty offers every priority. */
  releasePriorities: numberListSetting([]),
};
