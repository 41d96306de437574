import { type ReactNode, useId } from 'react';
import {
  ASSET_HISTORY_DAYS,
  type AssetCountResponse,
  assetCountPath,
  assetCountResponse,
  purchaseOrderPath,
  purchaseOrderReference,
  purchaseOrderResponse,
} from '../../src/core/contract';
import { formatDate } from '../../src/core/format';
import { useApi } from '../../src/runtime/use-api';
import { useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import { type Remote, useRemote } from '../../src/ui/useRemote';
import messages from './messages';

/** A lookup's section of the dialog: its heading, then what it is doing, its failure or its answer. */
function LookupSection<T>({
  className,
  title,
  loading,
  retryLabel,
  lookup,
  children,
}: {
  className: string;
  title: string;
  loading: string;
  /** Retry's name, saying what it asks again ('Retry the asset history'). */
  retryLabel: string;
  lookup: Remote<T>;
  children(value: T): ReactNode;
}) {
  const ids = useId();
  return (
    <section className={`fm-cost-dialog__section ${className}`} aria-labelledby={`${ids}h`}>
      <h3 id={`${ids}h`}>{title}</h3>
      {lookup.status === 'loading' && <p>{loading}</p>}
      {lookup.status === 'error' && (
        <Alert
          kind="danger"
          messages={lookup.messages}
          onRetry={lookup.retry}
          retryLabel={retryLabel}
        />
      )}
      {lookup.status === 'ready' && children(lookup.value)}
    </section>
  );
}

/**
 * Other jobs on the same asset (call 4). docs/requirements.md §9 gives both 90 and 365 days; the
 * request asks for 365 and the figure says which window it covers.
 */
export function AssetHistory({
  jobId,
  siteId,
  assetId,
  signal,
}: {
  jobId: number;
  siteId: number;
  assetId: number;
  signal: AbortSignal;
}) {
  const api = useApi();
  const path = assetCountPath({ jobId, siteId, assetId, days: ASSET_HISTORY_DAYS });
  const lookup = useRemote<AssetCountResponse>(
    (own) => api.getJson(path, assetCountResponse, { signal: own }),
    [path],
    signal,
  );
  const words = useWords(messages).costApproval;
  return (
    <LookupSection
      className="fm-asset-history"
      title={words.assetHistory()}
      loading={words.assetHistoryLoading()}
      retryLabel={words.assetHistoryRetry()}
      lookup={lookup}
    >
      {(history) => (
        <>
          <p className="fm-asset-history__count">
            {words.assetHistoryCount({ count: history.count, days: history.days })}
          </p>
          {history.jobs.length > 0 && (
            <ul className="fm-asset-history__jobs">
              {history.jobs.map((job) => (
                <li key={job.id}>
                  {words.assetHistoryJob({
                    jobId: job.id,
                    created: formatDate(job.created),
                    status: job.status,
                    description: job.description,
                  })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </LookupSection>
  );
}

/** The purchase order reference from the external system (call 13). */
export function PurchaseOrder({
  jobId,
  externalJobId,
  signal,
}: {
  jobId: number;
  externalJobId: string;
  signal: AbortSignal;
}) {
  const api = useApi();
  const path = purchaseOrderPath(externalJobId, jobId);
  const lookup = useRemote(
    (own) => api.getJson(path, purchaseOrderResponse, { signal: own }).then(purchaseOrderReference),
    [path],
    signal,
  );
  const words = useWords(messages).costApproval;
  return (
    <LookupSection
      className="fm-purchase-order"
      title={words.purchaseOrder()}
      loading={words.purchaseOrderLoading()}
      retryLabel={words.purchaseOrderRetry()}
      lookup={lookup}
    >
      {(reference) => (
        // docs/requirements.md §8 words the purchase order lookup's answer when there is none.
        <p className="fm-purchase-order__reference">{reference ?? words.noPurchaseOrder()}</p>
      )}
    </LookupSection>
  );
}
