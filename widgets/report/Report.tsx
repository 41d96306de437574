import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useHost } from '../../src/runtime/define';
import { useApi } from '../../src/runtime/use-api';
import { useErrorText, useWords } from '../../src/runtime/words';
import { Alert } from '../../src/ui/Alert';
import { canRetry, noAnswerMs, type ReportFailure } from './errors';
import messages from './messages';
import type { EmbedType, ReportInputs } from './prepare';
import type { Models } from './sdk';
import { createReportStore } from './store';
import { useReportEmbed } from './useReportEmbed';

export interface ReportProps extends ReportInputs {
  tokenUrl?: string;
  tokenExpiry?: string;
  label?: string;
}

/** `detail` of `fm-report-invalid`. */
export interface ReportInvalidDetail {
  /** The attribute whose value was refused: the configuration as a whole, or the filters. */
  attribute: 'data-config' | 'data-filters';
  errors: string[];
}

export interface ReportEventDetail {
  embedType: EmbedType;
}

/**
 * `detail` of `fm-report-error`: the code of docs/requirements.md §8 and what the user was told.
 */
export type ReportErrorDetail = ReportFailure & { embedType: EmbedType };

/** `detail` of `fm-token-expired`: `expired` is false when asked ahead of the expiry. */
export interface TokenExpiredDetail {
  embedType: EmbedType;
  expired: boolean;
}

/** `detail` of `fm-filters-applied`. */
export interface FiltersAppliedDetail {
  operation: 'ReplaceAll' | 'RemoveAll';
  filters: Models.IFilter[];
}

/**
 * An embedded analytics item (docs/requirements.md §1, §3): checked before anything is sent
 * (docs/requirements.md §5), embedded through the page's one powerbi-client service, with filters,
 * page and bookmark driven by the host's attributes and the access token renewed when it expires.
 */
export function Report(props: ReportProps) {
  const { emit } = useHost();
  const api = useApi();
  const words = useWords(messages).report;
  const errorText = useErrorText();
  const [store] = useState(createReportStore);
  const { phase, errors, filterErrors, failure, notice } = useStore(
    store,
    useShallow((state) => state),
  );
  const region = useRef<HTMLElement>(null);
  /** Counts the user's Retry: each one embeds afresh (the last embed torn down first). */
  const [attempt, setAttempt] = useState(0);
  const container = useReportEmbed(
    props,
    { store, emit, api, wording: { words, errorText } },
    attempt,
  );

  function retry() {
    setAttempt((count) => count + 1);
    // The Retry button goes with the failure: keep the user's place in the report's region.
    region.current?.focus();
  }

  const busy = phase === 'embedding';
  return (
    <section
      ref={region}
      className="fm-report"
      aria-label={props.label ?? words.embeddedReport()}
      aria-busy={busy}
      tabIndex={-1}
    >
      {errors.length > 0 && (
        <Alert
          kind="danger"
          box="fm-report__errors"
          lead={words.invalidConfiguration()}
          messages={errors}
        />
      )}
      {filterErrors.length > 0 && (
        <Alert
          kind="danger"
          box="fm-report__errors"
          lead={words.invalidFilters()}
          messages={filterErrors}
        />
      )}
      {failure && (
        <Alert
          kind="danger"
          box="fm-report__failure"
          messages={failure.message}
          onRetry={canRetry(failure) ? retry : undefined}
          retryLabel={words.retry()}
        />
      )}
      <p className="fm-report__status" role="status">
        {notice || (busy ? words.waiting(noAnswerMs / 1000) : '')}
      </p>
      <div
        ref={container}
        className="fm-report__frame"
        hidden={phase === 'invalid'}
        data-phase={phase}
      />
    </section>
  );
}
