import {
  assetCategoriesPath,
  assetCategoriesResponse,
  assetCategoryRowsPath,
  assetCategoryRowsResponse,
  assetCountPath,
  assetCountResponse,
  assetsAutocompletePath,
  autocompletePath,
  autocompleteResponse,
  budgetCodesIndexResponse,
  budgetCodesPath,
  COST_TYPE,
  contractorsIndexResponse,
  contractorsPath,
  costsIndexPath,
  costsIndexResponse,
  dashboardFetchPath,
  dashboardTileResponse,
  duplicateInvoicePath,
  jobShowPath,
  jobShowResponse,
  jobsTablePath,
  linkingRowsPath,
  linkingRowsResponse,
  parseDuplicateInvoice,
  prioritiesPath,
  priorityListResponse,
  purchaseOrderPath,
  purchaseOrderResponse,
  sitesAutocompletePath,
  siteTimeIndexPath,
  siteTimeIndexResponse,
  TABLE_PAGE_SIZE,
  tableRowsPath,
  tableRowsResponse,
  userSearchPath,
  userSearchResponse,
} from '../../src/core/contract';
import { type Answer, json } from './check';

/*
 * The GET calls of docs/requirements.md §7, each with the contract's own path builder and the
 * decoder the widgets apply to its answer. A call whose ids were not given is skipped.
 */

/** What the integrator names: ids of their data, and the URLs their pages give the elements. */
export interface Targets {
  job?: number | undefined;
  site?: number | undefined;
  asset?: number | undefined;
  tile?: string | undefined;
  externalJob?: string | undefined;
  /** The invoice number the duplicate check asks about. */
  invoice: string;
  /** The search term of the autocomplete and authoriser searches. */
  term: string;
  /** The cost value of the authoriser search. */
  costValue: number;
  /** Model whose asset-category links are listed (and, with --write, saved back). */
  categoryModel: string;
  autocompleteUrls: string[];
  tableUrls: string[];
  /** Disposable ids for --write. */
  writeJob?: number | undefined;
  /** A job an engineer may sign on to, and another awaiting release to reject (the lifecycle). */
  writeSignonJob?: number | undefined;
  writeRejectJob?: number | undefined;
  writeCost?: number | undefined;
  /** The write cost's job, when it is not the write job. */
  writeCostJob?: number | undefined;
  writeSite?: number | undefined;
  engineer?: number | undefined;
}

/** Defaults: the reference host's own sources, and values any backend can answer. */
export const DEFAULT_TARGETS: Targets = {
  invoice: 'FM-CONFORMANCE-0',
  term: 'a',
  costValue: 0,
  categoryModel: 'Model',
  autocompleteUrls: [sitesAutocompletePath(), assetsAutocompletePath()],
  tableUrls: [jobsTablePath()],
};

export interface ReadCall {
  name: string;
  /** The options it needs, for the line saying why it was skipped. */
  needs: string[];
  /** Null when an id it needs was not given. */
  path: string | null;
  answer: Answer;
}

export function readCalls(t: Targets): ReadCall[] {
  const { job, site, asset, tile } = t;
  return [
    {
      name: 'contractors of a site and asset',
      needs: ['--site', '--asset'],
      path: site && asset ? contractorsPath(site, asset) : null,
      answer: json(contractorsIndexResponse),
    },
    {
      name: 'contractors of a site',
      needs: ['--site'],
      path: site ? contractorsPath(site) : null,
      answer: json(contractorsIndexResponse),
    },
    {
      name: 'contractors of an asset',
      needs: ['--asset'],
      path: asset ? contractorsPath(null, asset) : null,
      answer: json(contractorsIndexResponse),
    },
    {
      name: 'budget codes',
      needs: ['--asset'],
      path: asset ? budgetCodesPath(asset) : null,
      answer: json(budgetCodesIndexResponse),
    },
    {
      name: 'costs awaiting approval',
      needs: ['--job'],
      path: job ? costsIndexPath(job) : null,
      answer: json(costsIndexResponse),
    },
    {
      name: 'asset history',
      needs: ['--job', '--site', '--asset'],
      path:
        job && site && asset ? assetCountPath({ jobId: job, siteId: site, assetId: asset }) : null,
      answer: json(assetCountResponse),
    },
    {
      name: 'job with contractors',
      needs: ['--job'],
      path: job ? jobShowPath(job) : null,
      answer: json(jobShowResponse),
    },
    {
      name: 'authoriser search',
      needs: [],
      path: userSearchPath({ term: t.term, costTypeId: COST_TYPE.quote, costValue: t.costValue }),
      answer: json(userSearchResponse),
    },
    {
      name: 'capex authoriser search',
      needs: [],
      path: userSearchPath({
        term: t.term,
        costTypeId: COST_TYPE.quote,
        costValue: t.costValue,
        capexApprover: true,
      }),
      answer: json(userSearchResponse),
    },
    {
      name: 'purchase order',
      needs: ['--external-job', '--job'],
      path: t.externalJob && job ? purchaseOrderPath(t.externalJob, job) : null,
      answer: json(purchaseOrderResponse),
    },
    {
      name: 'duplicate invoice check',
      needs: ['--job'],
      path: job ? duplicateInvoicePath(t.invoice, job) : null,
      answer: {
        kind: 'text',
        expected: "the text true or false (or PHP's 1, 0 or nothing)",
        // What fm-cost-form reads: anything else, it says the check could not be made.
        accepts: (body) => parseDuplicateInvoice(body) !== null,
      },
    },
    {
      name: 'dashboard tile',
      needs: ['--tile'],
      path: tile ? dashboardFetchPath(tile) : null,
      answer: json(dashboardTileResponse),
    },
    {
      name: 'dashboard tile refreshed',
      needs: ['--tile'],
      path: tile ? dashboardFetchPath(tile, { refresh: true }) : null,
      answer: json(dashboardTileResponse),
    },
    ...t.autocompleteUrls.map(
      (url): ReadCall => ({
        name: `autocomplete ${url}`,
        needs: [],
        path: autocompletePath(url, t.term),
        answer: json(autocompleteResponse),
      }),
    ),
    {
      name: 'asset categories',
      needs: [],
      path: assetCategoriesPath(),
      answer: json(assetCategoriesResponse),
    },
    {
      name: 'priorities',
      needs: [],
      path: prioritiesPath(),
      answer: json(priorityListResponse),
    },
    {
      name: 'linking rows of a site',
      needs: ['--site'],
      path: site ? linkingRowsPath({ model: 'Site', siteId: site }) : null,
      answer: json(linkingRowsResponse),
    },
    {
      name: 'linking rows of an asset',
      needs: ['--asset'],
      path: asset ? linkingRowsPath({ model: 'Asset', assetId: asset }) : null,
      answer: json(linkingRowsResponse),
    },
    {
      name: 'asset-category links',
      needs: [],
      path: assetCategoryRowsPath(t.categoryModel),
      answer: json(assetCategoryRowsResponse),
    },
    ...t.tableUrls.map(
      (url): ReadCall => ({
        name: `table rows ${url}`,
        needs: [],
        path: tableRowsPath(url, { page: 1, size: TABLE_PAGE_SIZE }),
        answer: json(tableRowsResponse),
      }),
    ),
    {
      name: 'signed on?',
      needs: ['--job'],
      path: job ? siteTimeIndexPath(job) : null,
      answer: json(siteTimeIndexResponse),
    },
  ];
}
