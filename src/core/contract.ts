/**
 * The API contract (docs/requirements.md §7): the one source of truth for every call, imported
 * by the widgets (to decode answers) and by the demo server (to validate requests and shape answers).
 *
 * Per call: a path builder, a request schema when it has a payload and a response schema, each a
 * separate export so bundles keep only what they use. Field names are the server's.
 *
 * Tolerance: the primitives of ./contract/decode accept PHP's forms (numbers and booleans as
 * strings, '' for a null id, `[]` for an empty map) and output plain JS values; meaning stays strict
 * (ids positive, actions and statuses from their lists, a missing required field is an error). The
 * output type of a request schema is also a valid input, so a client builds the output shape and
 * sends it as JSON.
 */

export * from './contract/asset-history';
export * from './contract/autocomplete';
export * from './contract/budget-codes';
export * from './contract/constants';
export * from './contract/contractors';
export * from './contract/costs';
export * from './contract/dashboards';
export * from './contract/entities';
export * from './contract/jobs';
export * from './contract/linking';
export * from './contract/mailer';
export { PRELOAD_MARK } from './contract/paths';
export * from './contract/photos';
export * from './contract/priorities';
export * from './contract/refusal';
export {
  type AuthorisedVia,
  authorisedVia,
  costTypeId,
  type ErrorResponse,
  errorMessages,
  errorResponse,
  type SiteTimeAction,
  type SuccessMessageResponse,
  siteTimeAction,
  successMessageResponse,
  validationStatus,
} from './contract/shared';
export * from './contract/site-times';
export * from './contract/tables';
export * from './contract/users';
