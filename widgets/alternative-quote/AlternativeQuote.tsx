import { useState } from 'react';
import {
  type Contractor,
  contractorsIndexResponse,
  contractorsPath,
  costsIndexPath,
  costsIndexResponse,
  jobDuplicatePath,
  jobDuplicateResponse,
} from '../../src/core/contract';
import {
  alternativeQuoteErrors,
  contractorOptions,
  hasAlternativeQuoteErrors,
  MAX_ALTERNATIVE_QUOTES,
  primaryFirst,
  quotePayload,
} from '../../src/core/job-payloads';
import coreMessages from '../../src/core/messages';
import { jobView, portalOf } from '../../src/core/routes';
import { type Api, ApiError, isAbort } from '../../src/runtime/api';
import { useHost } from '../../src/runtime/define';
import { useApi } from '../../src/runtime/use-api';
import { useErrorText, useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import { SelectField, TextareaField } from '../../src/ui/Field';
import { ActionButton, ActionOutcome, HELD_BACK, useAction } from '../../src/ui/useAction';
import { useRemote } from '../../src/ui/useRemote';
import messages from './messages';

type AlternativeQuoteWords = (typeof messages)['alternativeQuote'];

export interface AlternativeQuoteProps {
  jobId: number;
}

interface Loaded {
  description: string;
  contractors: Contractor[];
}

/** A contractor selector and, once sent, what came of it. */
interface Selector {
  key: number;
  contractorId: number | null;
  /** The quote job created for it; the selector is then locked. */
  createdJobId?: number;
  /** Why its quote was not made, in the element's words (useErrorText). */
  failure?: string;
}

/**
 * The alternative quote form for site surveyors (docs/requirements.md §2, §6): an editable
 * description and one to three contractors, each sent as a contractor quote (call 5, action quote
 * with contractor_id).
 */
export function AlternativeQuote({ jobId }: AlternativeQuoteProps) {
  const api = useApi();
  const words = useWords(messages).alternativeQuote;
  // Null: the user is not the job's site surveyor, and nothing shows.
  const load = useRemote<Loaded | null>(
    async (signal) => {
      const costs = await api.getJson(costsIndexPath(jobId), costsIndexResponse, { signal });
      if (!costs.siteSurveyor) return null;
      const { site_id: siteId, asset_id: assetId, description } = costs.job.Job;
      const contractors = await api.getJson(
        contractorsPath(siteId, assetId),
        contractorsIndexResponse,
        { signal },
      );
      return { description, contractors: primaryFirst(contractors) };
    },
    [api, jobId],
  );

  if (load.status === 'ready' && !load.value) return null;
  return (
    <section className="fm-alt-quote" aria-label={words.title()}>
      <h2 className="fm-alt-quote__title">{words.title()}</h2>
      {load.status === 'loading' && <p role="status">{words.loading()}</p>}
      {load.status === 'error' && (
        <Alert kind="danger" messages={load.messages} onRetry={load.retry} />
      )}
      {load.status === 'ready' && load.value && (
        <AlternativeQuoteForm key={jobId} jobId={jobId} loaded={load.value} />
      )}
    </section>
  );
}

type Sent = Pick<Selector, 'createdJobId' | 'failure'>;

/**
 * One request at a time, only for contractors still without a quote: a retry resends those. A
 * failure is worded by `errorText` (the element's).
 */
async function sendQuotes(
  api: Api,
  { jobId, description, pending }: { jobId: number; description: string; pending: Selector[] },
  signal: AbortSignal,
  errorText: (error: unknown) => string,
): Promise<Map<number, Sent>> {
  const results = new Map<number, Sent>();
  for (const selector of pending) {
    try {
      const answer = await api.postJson(
        jobDuplicatePath(jobId),
        quotePayload(description, selector.contractorId ?? 0),
        jobDuplicateResponse,
        { signal },
      );
      results.set(selector.key, { createdJobId: answer.job_id, failure: undefined });
    } catch (failure) {
      if (isAbort(failure)) throw failure;
      results.set(selector.key, { failure: errorText(failure) });
    }
  }
  return results;
}

/** Where the link goes in a sentence the catalog gives: a character no text holds. */
const LINK = '\u0000';

/** "Quote job 6251 created", the id a link to the job's view in the page's portal. */
function QuoteJobCreated({ jobId, words }: { jobId: number; words: AlternativeQuoteWords }) {
  // The sentence is the catalog's, whole; the id in it is the link.
  const [before = '', after = ''] = words.quoteJobCreated(LINK).split(LINK);
  return (
    <>
      {before}
      <a href={jobView(portalOf(window.location.pathname), jobId)}>{jobId}</a>
      {after}
    </>
  );
}

/** One contractor to ask for a quote; locked, with a link to it, once its quote job exists. */
function ContractorSelector({
  selector: { contractorId, createdJobId },
  number,
  error,
  options,
  removable,
  onChange,
  onRemove,
}: {
  selector: Selector;
  number: number;
  error: string | undefined;
  options: ReturnType<typeof contractorOptions>;
  /** Whether another selector remains once this one is removed. */
  removable: boolean;
  onChange(contractorId: number | null): void;
  onRemove(): void;
}) {
  const words = useWords(messages).alternativeQuote;
  const locked = createdJobId !== undefined;
  return (
    <li className="fm-alt-quote__contractor">
      <SelectField
        label={words.contractor(number)}
        field="Job.contractor_id"
        required
        disabled={locked}
        error={error}
        hint={
          createdJobId !== undefined ? (
            <QuoteJobCreated jobId={createdJobId} words={words} />
          ) : undefined
        }
        empty={words.chooseContractor()}
        options={options}
        value={contractorId}
        onChange={onChange}
      />
      {removable && !locked && (
        <button
          type="button"
          className="btn btn-outline-secondary fm-alt-quote__remove"
          aria-label={words.removeContractor(number)}
          onClick={onRemove}
        >
          {words.remove()}
        </button>
      )}
    </li>
  );
}

function AlternativeQuoteForm({ jobId, loaded }: { jobId: number; loaded: Loaded }) {
  const { emit } = useHost();
  const api = useApi();
  const words = useWords(messages).alternativeQuote;
  const jobWords = useWords(coreMessages);
  const errorText = useErrorText();
  const [description, setDescription] = useState(loaded.description);
  const [selectors, setSelectors] = useState<Selector[]>([{ key: 0, contractorId: null }]);
  const [nextKey, setNextKey] = useState(1);
  // Once a send has been tried, the checks follow every edit: a fixed field loses its error.
  const [checked, setChecked] = useState(false);

  const options = contractorOptions(loaded.contractors, jobWords);
  const nameOf = (contractorId: number | null) =>
    loaded.contractors.find((contractor) => contractor.user_id === contractorId)?.name ??
    words.unknownContractor(String(contractorId));
  const pending = selectors.filter((selector) => selector.createdJobId === undefined);
  const allCreated = pending.length === 0;
  const anyCreated = selectors.some((selector) => selector.createdJobId !== undefined);
  const check = () =>
    alternativeQuoteErrors(
      description,
      selectors.map((selector) => selector.contractorId ?? 0),
      jobWords,
    );
  const errors = checked ? check() : null;

  const update = (key: number, change: Partial<Selector>) =>
    setSelectors((current) =>
      current.map((selector) => (selector.key === key ? { ...selector, ...change } : selector)),
    );

  const create = useAction(async (signal) => {
    setChecked(true);
    if (hasAlternativeQuoteErrors(check())) return HELD_BACK;

    const results = await sendQuotes(api, { jobId, description, pending }, signal, errorText);
    const next = selectors.map((selector) => ({ ...selector, ...results.get(selector.key) }));
    setSelectors(next);
    const created = next.filter(
      (selector) => selector.createdJobId !== undefined && results.has(selector.key),
    );
    if (created.length > 0) {
      emit('fm-alternative-quotes-created', {
        jobId,
        // Every sent selector had a contractor: the checks above refuse an empty one.
        contractorIds: created.flatMap((selector) => selector.contractorId ?? []),
        quoteJobIds: created.flatMap((selector) => selector.createdJobId ?? []),
      });
    }
    const failed = next.filter((selector) => selector.failure);
    if (failed.length > 0) {
      throw new ApiError(
        'http',
        failed.map((selector) =>
          words.noQuote({
            contractor: nameOf(selector.contractorId),
            message: selector.failure ?? '',
          }),
        ),
      );
    }
    return jobWords.job.alternativeQuotesCreated();
  });

  return (
    <div className="fm-alt-quote__form">
      <TextareaField
        label={words.description()}
        field="Job.description"
        required
        readOnly={anyCreated}
        error={errors?.description}
        value={description}
        onChange={setDescription}
      />
      <ol className="fm-alt-quote__contractors">
        {selectors.map((selector, index) => (
          <ContractorSelector
            key={selector.key}
            selector={selector}
            number={index + 1}
            error={errors?.contractors[index]}
            options={options}
            removable={selectors.length > 1}
            onChange={(contractorId) => update(selector.key, { contractorId })}
            onRemove={() => setSelectors(selectors.filter((other) => other.key !== selector.key))}
          />
        ))}
      </ol>
      {!allCreated && selectors.length < MAX_ALTERNATIVE_QUOTES && (
        <button
          type="button"
          className="btn btn-outline-secondary fm-alt-quote__add"
          onClick={() => {
            setSelectors([...selectors, { key: nextKey, contractorId: null }]);
            setNextKey(nextKey + 1);
          }}
        >
          {words.add()}
        </button>
      )}
      <ActionOutcome action={create} />
      {!allCreated && (
        <ActionButton
          action={create}
          className="btn btn-primary fm-alt-quote__submit"
          busyLabel={words.creating()}
        >
          {anyCreated ? words.retryFailed() : words.create()}
        </ActionButton>
      )}
    </div>
  );
}
