import { defineElement } from '../../src/ui/define-element';
import { reportEnums } from './enums';
import { describeFilter, describeFilters } from './filter-words';
import { filterBuilders } from './filters';
import {
  type FiltersAppliedDetail,
  Report,
  type ReportErrorDetail,
  type ReportEventDetail,
  type ReportInvalidDetail,
  type ReportProps,
  type TokenExpiredDetail,
} from './Report';
import { models } from './sdk';
import {
  validateEmbedConfiguration,
  validateFilter,
  validateFilters,
  withEnumNumbers,
} from './validate';

/**
 * Embedded analytics (powerbi-client): report, paginated report, dashboard, tile, Q&A, create
 * and quick create, checked before anything is sent, with host-controlled filters, page and
 * bookmark and token refresh. See README.md.
 *
 * @summary embedded analytics: report, dashboard, tile, Q&A, paginated, create; host filters
 * @attr {string} data-embed-type - report, paginated-report, dashboard, tile, qna, create or quick-create (required).
 * @attr {string} data-config - JSON load or create configuration for that type
 * (docs/requirements.md §3) (required).
 * @attr {string} data-access-token - The access token; overrides `accessToken` in data-config. Setting it later hands the new token to the live embed.
 * @attr {string} data-filters - JSON list of filters; each change replaces them all (an empty list removes them all). Reports only.
 * @attr {string} data-page-name - The page to show; each change switches page. Reports only.
 * @attr {string} data-bookmark - A bookmark name to apply; each change applies it. Reports only.
 * @attr {string} data-token-url - GET address answering `{ accessToken, expiry }` for a new token.
 * @attr {string} data-token-expiry - When the token expires (ISO date-time or epoch ms); a new one is asked for 2 minutes before.
 * @attr {string} data-view-mode - View or Edit (or 0, 1); overrides viewMode.
 * @attr {string} data-token-type - Aad or Embed (or 0, 1); overrides tokenType.
 * @attr {string} data-permissions - Read, ReadWrite, Copy, Create or All (or 0, 1, 2, 4, 7); overrides permissions.
 * @attr {string} data-label - Accessible name of the report region and its frame.
 * @cssprop --fm-report-height - Height of the embed's frame (600px).
 * @cssprop --fm-report-border - Colour of the frame's edge (`--fm-border-color-translucent`, docs/theming.md).
 * @fires {CustomEvent<ReportInvalidDetail>} fm-report-invalid - The configuration or the filters were refused; `detail.errors` lists every error.
 * @fires {CustomEvent<ReportEventDetail>} fm-report-loaded - The item loaded.
 * @fires {CustomEvent<ReportEventDetail>} fm-report-rendered - The item rendered.
 * @fires {CustomEvent<ReportErrorDetail>} fm-report-error - The service reported an error;
 * `detail.code` is the code of docs/requirements.md §8.
 * @fires {CustomEvent<TokenExpiredDetail>} fm-token-expired - A new token is needed and no data-token-url is set: answer by setting data-access-token.
 * @fires {CustomEvent<FiltersAppliedDetail>} fm-filters-applied - The filters of data-filters were applied.
 */
const ReportBase = defineElement('fm-report', Report, {
  attributes: {
    embedType: 'string',
    config: 'string',
    accessToken: 'string',
    filters: 'string',
    pageName: 'string',
    bookmark: 'string',
    tokenUrl: 'url',
    tokenExpiry: 'string',
    viewMode: 'string',
    tokenType: 'string',
    permissions: 'string',
    label: 'string',
  },
});

/** What hosts reach through `customElements.get('fm-report')`, without importing anything. */
const statics = {
  /** The enumerations of docs/requirements.md §4 by name: `enums.ViewMode.Edit === 1`. */
  enums: reportEnums,
  /** Filter builders that throw the messages of docs/requirements.md §5. */
  filters: filterBuilders,
  /** A filter, or a list of them, in words ('Region (Store): North or South'), for the page to show. */
  describeFilter,
  describeFilters,
  /** powerbi-client's own models. */
  models,
  /**
   * Every error in a configuration for an embed type (docs/requirements.md §5); empty when valid.
   */
  validateConfiguration: validateEmbedConfiguration,
  validateFilter,
  validateFilters,
  /** A configuration with enumeration names ("Edit") turned into their numbers. */
  withEnumNumbers,
};
Object.assign(ReportBase, statics);

export const ReportElement = ReportBase as typeof ReportBase & typeof statics;

export type {
  FiltersAppliedDetail,
  ReportErrorDetail,
  ReportEventDetail,
  ReportInvalidDetail,
  ReportProps,
  TokenExpiredDetail,
};

declare global {
  interface FmEventMap {
    'fm-report-invalid': ReportInvalidDetail;
    'fm-report-loaded': ReportEventDetail;
    'fm-report-rendered': ReportEventDetail;
    'fm-report-error': ReportErrorDetail;
    'fm-token-expired': TokenExpiredDetail;
    'fm-filters-applied': FiltersAppliedDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-report-invalid': CustomEvent<ReportInvalidDetail>;
    'fm-report-loaded': CustomEvent<ReportEventDetail>;
    'fm-report-rendered': CustomEvent<ReportEventDetail>;
    'fm-report-error': CustomEvent<ReportErrorDetail>;
    'fm-token-expired': CustomEvent<TokenExpiredDetail>;
    'fm-filters-applied': CustomEvent<FiltersAppliedDetail>;
  }
}
