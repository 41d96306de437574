import { useEffect, useId, useState } from 'react';
import { apiFor, failureMessages, isAbort } from '../../src/core/api';
import {
  type Contractor,
  contractorsIndexResponse,
  contractorsPath,
  costsIndexPath,
  costsIndexResponse,
  jobDuplicatePath,
  jobDuplicateResponse,
} from '../../src/core/contract';
import { useConfig, useHost } from '../../src/core/define';
import {
  ALTERNATIVE_QUOTES_CREATED,
  type AlternativeQuoteErrors,
  alternativeQuoteErrors,
  hasAlternativeQuoteErrors,
  MAX_ALTERNATIVE_QUOTES,
  primaryFirst,
  quotePayload,
} from '../../src/core/job-payloads';
import { Alert } from '../../src/ui/Alert';
import { BusyButton } from '../../src/ui/BusyButton';

export interface AlternativeQuoteProps {
  jobId: number;
}

interface Loaded {
  description: string;
  contractors: Contractor[];
}

type Load =
  | { state: 'loading' }
  | { state: 'failed'; messages: string[] }
  | { state: 'not-surveyor' }
  | { state: 'ready'; loaded: Loaded };

/** A contractor selector and, once sent, what came of it. */
interface Selector {
  key: number;
  contractorId: number;
  /** The quote job created for it; the selector is then locked. */
  createdJobId?: number;
  failure?: string[];
}

/**
 * The alternative quote form for site surveyors (SPEC §2, §6): an editable description and one
 * to three contractors, each sent as a contractor quote (call 5, action quote with contractor_id).
 */
export function AlternativeQuote({ jobId }: AlternativeQuoteProps) {
  const { signal } = useHost();
  const api = apiFor(useConfig());
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void attempt;
    let current = true;
    setLoad({ state: 'loading' });
    (async () => {
      const costs = await api.getJson(costsIndexPath(jobId), costsIndexResponse, { signal });
      if (!costs.siteSurveyor) return { state: 'not-surveyor' } as const;
      const { site_id: siteId, asset_id: assetId, description } = costs.job.Job;
      const contractors = await api.getJson(
        contractorsPath(siteId, assetId),
        contractorsIndexResponse,
        { signal },
      );
      return {
        state: 'ready',
        loaded: { description, contractors: primaryFirst(contractors) },
      } as const;
    })().then(
      (result) => current && setLoad(result),
      (failure: unknown) =>
        current &&
        !isAbort(failure) &&
        setLoad({ state: 'failed', messages: failureMessages(failure) }),
    );
    return () => {
      current = false;
    };
  }, [api, jobId, signal, attempt]);

  if (load.state === 'not-surveyor') return null;
  return (
    <section className="fm-alt-quote" aria-label="Alternative quotes">
      <h2 className="fm-alt-quote__title">Alternative quotes</h2>
      {load.state === 'loading' && <p role="status">Loading contractors…</p>}
      {load.state === 'failed' && (
        <>
          <Alert kind="danger" messages={load.messages} />
          <button type="button" className="btn" onClick={() => setAttempt(attempt + 1)}>
            Retry
          </button>
        </>
      )}
      {load.state === 'ready' && (
        <AlternativeQuoteForm key={jobId} jobId={jobId} loaded={load.loaded} />
      )}
    </section>
  );
}

function AlternativeQuoteForm({ jobId, loaded }: { jobId: number; loaded: Loaded }) {
  const { signal, emit } = useHost();
  const api = apiFor(useConfig());
  const ids = useId();
  const [description, setDescription] = useState(loaded.description);
  const [selectors, setSelectors] = useState<Selector[]>([{ key: 0, contractorId: 0 }]);
  const [nextKey, setNextKey] = useState(1);
  const [errors, setErrors] = useState<AlternativeQuoteErrors | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; messages: string[] } | null>(null);

  const nameOf = (contractorId: number) =>
    loaded.contractors.find((contractor) => contractor.user_id === contractorId)?.name ??
    `Contractor ${contractorId}`;
  const pending = selectors.filter((selector) => selector.createdJobId === undefined);
  const allCreated = pending.length === 0;
  const anyCreated = selectors.some((selector) => selector.createdJobId !== undefined);

  const update = (key: number, change: Partial<Selector>) =>
    setSelectors((current) =>
      current.map((selector) => (selector.key === key ? { ...selector, ...change } : selector)),
    );

  async function create() {
    const found = alternativeQuoteErrors(
      description,
      selectors.map((selector) => selector.contractorId),
    );
    setErrors(found);
    setOutcome(null);
    if (hasAlternativeQuoteErrors(found)) return;

    // One request at a time, only for contractors still without a quote: a retry resends those.
    const results = new Map<number, Pick<Selector, 'createdJobId' | 'failure'>>();
    for (const selector of pending) {
      try {
        const answer = await api.postJson(
          jobDuplicatePath(jobId),
          quotePayload(description, selector.contractorId),
          jobDuplicateResponse,
          { signal },
        );
        results.set(selector.key, { createdJobId: answer.job_id, failure: undefined });
      } catch (failure) {
        if (isAbort(failure)) return;
        results.set(selector.key, { failure: failureMessages(failure) });
      }
    }
    const next = selectors.map((selector) => ({ ...selector, ...results.get(selector.key) }));
    setSelectors(next);
    const created = next.filter(
      (selector) => selector.createdJobId !== undefined && results.has(selector.key),
    );
    const failed = next.filter((selector) => selector.failure);
    if (created.length > 0) {
      emit('fm-alternative-quotes-created', {
        jobId,
        contractorIds: created.map((selector) => selector.contractorId),
        quoteJobIds: created.map((selector) => selector.createdJobId as number),
      });
    }
    setOutcome(
      failed.length === 0
        ? { ok: true, messages: [ALTERNATIVE_QUOTES_CREATED] }
        : {
            ok: false,
            messages: failed.map(
              (selector) =>
                `No quote for ${nameOf(selector.contractorId)}: ${(selector.failure ?? []).join(' ')}`,
            ),
          },
    );
  }

  return (
    <div className="fm-alt-quote__form">
      <div className="fm-field">
        <label htmlFor={`${ids}description`}>Description</label>
        <textarea
          id={`${ids}description`}
          rows={3}
          required
          readOnly={anyCreated}
          aria-invalid={errors?.description ? true : undefined}
          aria-describedby={errors?.description ? `${ids}description-error` : undefined}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        {errors?.description && (
          <p className="fm-field__error" id={`${ids}description-error`}>
            {errors.description}
          </p>
        )}
      </div>
      <ol className="fm-alt-quote__contractors">
        {selectors.map((selector, index) => {
          const error = errors?.contractors[index];
          const fieldId = `${ids}contractor${selector.key}`;
          const locked = selector.createdJobId !== undefined;
          return (
            <li key={selector.key} className="fm-alt-quote__contractor">
              <div className="fm-field">
                <label htmlFor={fieldId}>Contractor {index + 1}</label>
                <select
                  id={fieldId}
                  required
                  disabled={locked}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${fieldId}-error` : undefined}
                  value={selector.contractorId}
                  onChange={(event) =>
                    update(selector.key, { contractorId: Number(event.target.value) })
                  }
                >
                  <option value={0}>Choose a contractor…</option>
                  {loaded.contractors.map((contractor) => (
                    <option key={contractor.user_id} value={contractor.user_id}>
                      {contractor.primary ? `${contractor.name} (primary)` : contractor.name}
                    </option>
                  ))}
                </select>
                {error && (
                  <p className="fm-field__error" id={`${fieldId}-error`}>
                    {error}
                  </p>
                )}
                {locked && (
                  <p className="fm-alt-quote__created">Quote job {selector.createdJobId} created</p>
                )}
              </div>
              {selectors.length > 1 && !locked && (
                <button
                  type="button"
                  className="btn fm-alt-quote__remove"
                  aria-label={`Remove contractor ${index + 1}`}
                  onClick={() => {
                    setSelectors(selectors.filter((other) => other.key !== selector.key));
                    setErrors(null);
                  }}
                >
                  Remove
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {!allCreated && selectors.length < MAX_ALTERNATIVE_QUOTES && (
        <button
          type="button"
          className="btn fm-alt-quote__add"
          onClick={() => {
            setSelectors([...selectors, { key: nextKey, contractorId: 0 }]);
            setNextKey(nextKey + 1);
          }}
        >
          Add contractor
        </button>
      )}
      {outcome && <Alert kind={outcome.ok ? 'success' : 'danger'} messages={outcome.messages} />}
      {!allCreated && (
        <BusyButton
          className="btn btn-primary fm-alt-quote__submit"
          busyLabel="Creating…"
          onAction={create}
        >
          {anyCreated ? 'Retry the failed quotes' : 'Create alternative quotes'}
        </BusyButton>
      )}
    </div>
  );
}
