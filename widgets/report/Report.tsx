import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { errorText } from '../../src/core/error-text';
import { apiFor } from '../../src/runtime/api';
import { useConfig, useHost } from '../../src/runtime/define';
import { Alert } from '../../src/ui/Alert';
import { type Embedding, startEmbedding } from './embedding';
import {
  canRetry,
  describeFailure,
  isTokenExpired,
  noAnswer,
  noAnswerMs,
  type ReportFailure,
  waitingMessage,
} from './errors';
import { type EmbedType, prepareConfiguration, prepareFilters, type ReportInputs } from './prepare';
import type { Models } from './sdk';
import { createReportStore } from './store';
import { fetchToken, parseExpiry, refreshDelay } from './token';

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

/** The parts of a configuration whose change means embedding again (not the token). */
function embedKey(embedType: EmbedType, config: Record<string, unknown>): string {
  const { accessToken: _token, ...rest } = config;
  return JSON.stringify([embedType, rest]);
}

/**
 * An embedded analytics item (docs/requirements.md §1, §3): checked before anything is sent
 * (docs/requirements.md §5), embedded through the page's one powerbi-client service, with filters,
 * page and bookmark driven by the host's attributes and the access token renewed when it expires.
 */
export function Report(props: ReportProps) {
  const { emit } = useHost();
  const api = apiFor(useConfig());
  const [store] = useState(createReportStore);
  const { phase, errors, filterErrors, failure, notice } = useStore(
    store,
    useShallow((state) => state),
  );
  const container = useRef<HTMLDivElement>(null);
  const region = useRef<HTMLElement>(null);
  const embedding = useRef<Embedding | null>(null);
  /** Counts the user's Retry: each one embeds afresh (the last embed torn down first). */
  const [attempt, setAttempt] = useState(0);
  // What the host asks for now, read by handlers that outlive a render.
  const latest = useRef(props);
  latest.current = props;
  const session = useRef({
    loaded: false,
    token: undefined as string | undefined,
    expiresAt: undefined as number | undefined,
    awaitingToken: false,
    reloadOnToken: false,
    refreshing: false,
    sent: { filters: undefined as string | undefined, pageName: '', bookmark: '' },
  });

  const { embedType, config, accessToken, viewMode, tokenType, permissions } = props;
  const prepared = useMemo(
    () =>
      prepareConfiguration({ embedType, config, accessToken, viewMode, tokenType, permissions }),
    [embedType, config, accessToken, viewMode, tokenType, permissions],
  );
  /** Plans the next token renewal from the latest expiry; replaced by each embed. */
  const reschedule = useRef<() => void>(() => {});
  const key = prepared.ok ? embedKey(prepared.embedType, prepared.config) : null;
  const errorList = prepared.ok ? null : prepared.errors.join('\n');

  useEffect(() => {
    if (errorList === null) return;
    const list = errorList.split('\n');
    store.setState({ phase: 'invalid', errors: list, failure: null, notice: '' });
    emit('fm-report-invalid', { attribute: 'data-config', errors: list });
  }, [errorList, store, emit]);

  // Embed (again) whenever the configuration itself changes; tear down on change and removal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the prepared configuration.
  useEffect(() => {
    const host = container.current;
    if (key === null || !prepared.ok || !host) return;
    const type = prepared.embedType;
    const current = session.current;
    current.loaded = false;
    current.token = undefined;
    current.expiresAt = undefined;
    current.awaitingToken = false;
    current.reloadOnToken = false;

    const initial = { ...prepared.config };
    const { filters, pageName, bookmark } = latest.current;
    const startFilters =
      type === 'report'
        ? prepareFilters(filters)
        : filters
          ? { ok: false as const, errors: ['data-filters applies only to reports'] }
          : null;
    if (startFilters?.ok && startFilters.filters) initial.filters = startFilters.filters;
    if (type === 'report' && pageName) initial.pageName = pageName;
    if (type === 'report' && bookmark) initial.bookmark = { name: bookmark };
    current.sent = {
      filters: startFilters?.ok ? filters : undefined,
      pageName: pageName ?? '',
      bookmark: bookmark ?? '',
    };
    store.setState({
      phase: 'embedding',
      errors: [],
      failure: null,
      notice: '',
      filterErrors: startFilters && !startFilters.ok ? startFilters.errors : [],
    });
    if (startFilters && !startFilters.ok) {
      emit('fm-report-invalid', { attribute: 'data-filters', errors: startFilters.errors });
    }

    const refresh = new AbortController();
    const renewToken = async (expired: boolean) => {
      if (current.refreshing) return;
      const { tokenUrl } = latest.current;
      if (!tokenUrl) {
        current.awaitingToken = true;
        current.reloadOnToken ||= expired;
        emit('fm-token-expired', { embedType: type, expired });
        return;
      }
      current.refreshing = true;
      try {
        const fresh = await fetchToken(api, tokenUrl, refresh.signal);
        current.token = fresh.accessToken;
        current.expiresAt = fresh.expiresAt;
        scheduleRenewal();
        const set = await embedding.current?.setAccessToken(fresh.accessToken);
        if (set && expired) await embedding.current?.reload();
        if (set) store.setState({ notice: '', failure: null });
      } catch (error) {
        if (refresh.signal.aborted) return;
        const message = errorText(error);
        report({
          code: 'TokenExpired',
          message: `${describeFailure('TokenExpired').message} ${message}`,
        });
      } finally {
        current.refreshing = false;
      }
    };

    let renewal: ReturnType<typeof setTimeout> | undefined;
    const scheduleRenewal = () => {
      clearTimeout(renewal);
      const expiresAt = current.expiresAt ?? parseExpiry(latest.current.tokenExpiry);
      if (expiresAt === undefined) return;
      const delay = refreshDelay(expiresAt);
      renewal = setTimeout(
        () => void (refreshDelay(expiresAt) > 0 ? scheduleRenewal() : renewToken(false)),
        delay,
      );
    };

    const report = (failed: ReportFailure) => {
      store.setState({ phase: 'failed', failure: failed, notice: '' });
      emit('fm-report-error', { ...failed, embedType: type });
    };

    const title = latest.current.label ?? 'Embedded report';
    const handle = startEmbedding(host, type, initial, title, {
      onLoaded() {
        current.loaded = true;
        store.setState({ phase: 'loaded', failure: null, notice: '' });
        emit('fm-report-loaded', { embedType: type });
        void applyHostState();
      },
      onRendered() {
        store.setState({ phase: 'rendered' });
        emit('fm-report-rendered', { embedType: type });
      },
      onError(error) {
        const failed = describeFailure(error);
        if (isTokenExpired(failed)) {
          emit('fm-report-error', { ...failed, embedType: type });
          store.setState({ notice: 'Your access to the report expired; renewing it…' });
          void renewToken(true);
          return;
        }
        report(failed);
      },
    });
    embedding.current = handle;
    reschedule.current = scheduleRenewal;
    scheduleRenewal();
    // An unreachable service never answers: say so rather than stay busy for ever. A late answer
    // still shows the report (onLoaded clears the failure).
    const silence = setTimeout(() => {
      if (store.getState().phase === 'embedding') {
        store.setState({ phase: 'failed', failure: noAnswer, notice: '' });
      }
    }, noAnswerMs);
    return () => {
      clearTimeout(silence);
      reschedule.current = () => {};
      refresh.abort();
      clearTimeout(renewal);
      handle.destroy();
      if (embedding.current === handle) embedding.current = null;
    };
  }, [key, attempt, store, emit]);

  function retry() {
    setAttempt((count) => count + 1);
    // The Retry button goes with the failure: keep the user's place in the report's region.
    region.current?.focus();
  }

  /** Brings filters, page and bookmark in line with the host's attributes, once loaded. */
  async function applyHostState() {
    const current = session.current;
    const handle = embedding.current;
    if (!handle || !current.loaded || !prepared.ok || prepared.embedType !== 'report') return;
    const { filters, pageName, bookmark } = latest.current;
    if (filters !== current.sent.filters) {
      const next = prepareFilters(filters);
      if (!next.ok) {
        store.setState({ filterErrors: next.errors });
        emit('fm-report-invalid', { attribute: 'data-filters', errors: next.errors });
        current.sent.filters = filters;
      } else {
        current.sent.filters = filters;
        store.setState({ filterErrors: [] });
        const list = next.filters ?? [];
        if (await handle.replaceFilters(list)) {
          emit('fm-filters-applied', {
            operation: list.length === 0 ? 'RemoveAll' : 'ReplaceAll',
            filters: list,
          });
        }
      }
    }
    if ((pageName ?? '') !== current.sent.pageName) {
      current.sent.pageName = pageName ?? '';
      if (pageName) await handle.setPage(pageName);
    }
    if ((bookmark ?? '') !== current.sent.bookmark) {
      current.sent.bookmark = bookmark ?? '';
      if (bookmark) await handle.applyBookmark(bookmark);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the host changes one of these.
  useEffect(() => {
    void applyHostState();
  }, [props.filters, props.pageName, props.bookmark]);

  // A new data-token-expiry (say, with a token the host just set) plans the renewal afresh.
  useEffect(() => {
    if (props.tokenExpiry === undefined) return;
    session.current.expiresAt = undefined;
    reschedule.current();
  }, [props.tokenExpiry]);

  // A token the host sets (answering fm-token-expired, or at any time) goes to the live embed.
  useEffect(() => {
    const current = session.current;
    const handle = embedding.current;
    if (!handle || !accessToken || accessToken === current.token) return;
    current.token = accessToken;
    const reload = current.reloadOnToken;
    current.awaitingToken = false;
    current.reloadOnToken = false;
    void (async () => {
      if ((await handle.setAccessToken(accessToken)) && reload) {
        await handle.reload();
        store.setState({ notice: '' });
      }
    })();
  }, [accessToken, store]);

  const busy = phase === 'embedding';
  return (
    <section
      ref={region}
      className="fm-report"
      aria-label={props.label ?? 'Embedded report'}
      aria-busy={busy}
      tabIndex={-1}
    >
      {errors.length > 0 && (
        <Alert
          kind="danger"
          box="fm-report__errors"
          lead="This report cannot be shown because its configuration is invalid:"
          messages={errors}
        />
      )}
      {filterErrors.length > 0 && (
        <Alert
          kind="danger"
          box="fm-report__errors"
          lead="These filters were not applied because they are invalid:"
          messages={filterErrors}
        />
      )}
      {failure && (
        <Alert
          kind="danger"
          box="fm-report__failure"
          messages={failure.message}
          onRetry={canRetry(failure) ? retry : undefined}
          retryLabel="Retry loading the report"
        />
      )}
      <p className="fm-report__status" role="status">
        {notice || (busy ? waitingMessage : '')}
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
