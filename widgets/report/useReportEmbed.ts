import { type RefObject, useEffect, useMemo, useRef } from 'react';
import type { Api } from '../../src/runtime/api';
import type { Host } from '../../src/runtime/define';
import { type Embedding, startEmbedding } from './embedding';
import {
  describeFailure,
  isTokenExpired,
  noAnswer,
  noAnswerMs,
  type ReportFailure,
} from './errors';
import {
  applyHostState,
  newSession,
  type ReportContext,
  type ReportWording,
  startConfiguration,
  takeHostToken,
} from './host-state';
import { type EmbedType, prepareConfiguration } from './prepare';
import type { ReportProps } from './Report';
import { tokenRenewal } from './renewal';
import type { ReportStore } from './store';

/** The parts of a configuration whose change means embedding again (not the token). */
function embedKey(embedType: EmbedType, config: Record<string, unknown>): string {
  const { accessToken: _token, ...rest } = config;
  return JSON.stringify([embedType, rest]);
}

/**
 * Embeds `config` into `host` and follows the embed: loaded, rendered, failed, its token renewed,
 * silence from the service said. Returns the teardown.
 */
function embedReport(
  context: ReportContext,
  api: Api,
  host: HTMLElement,
  type: EmbedType,
  config: Record<string, unknown>,
  reschedule: RefObject<() => void>,
): () => void {
  const { store, emit, embedding, latest, wording } = context;
  const initial = startConfiguration(context, type, config);
  const report = (failed: ReportFailure) => {
    store.setState({ phase: 'failed', failure: failed, notice: '' });
    emit('fm-report-error', { ...failed, embedType: type });
  };
  const token = tokenRenewal(context, api, type, report);

  const title = latest.current.label ?? wording.current.words.embeddedReport();
  const handle = startEmbedding(host, type, initial, title, {
    onLoaded() {
      context.session.loaded = true;
      store.setState({ phase: 'loaded', failure: null, notice: '' });
      emit('fm-report-loaded', { embedType: type });
      void applyHostState(context, type);
    },
    onRendered() {
      store.setState({ phase: 'rendered' });
      emit('fm-report-rendered', { embedType: type });
    },
    onError(error) {
      const failed = describeFailure(error, wording.current.words);
      if (isTokenExpired(failed)) {
        emit('fm-report-error', { ...failed, embedType: type });
        store.setState({ notice: wording.current.words.renewing() });
        void token.renew(true);
        return;
      }
      report(failed);
    },
  });
  embedding.current = handle;
  reschedule.current = token.schedule;
  token.schedule();
  // An unreachable service never answers: say so rather than stay busy for ever. A late answer
  // still shows the report (onLoaded clears the failure).
  const silence = setTimeout(() => {
    if (store.getState().phase === 'embedding') {
      store.setState({ phase: 'failed', failure: noAnswer(wording.current.words), notice: '' });
    }
  }, noAnswerMs);
  return () => {
    clearTimeout(silence);
    reschedule.current = () => {};
    token.stop();
    handle.destroy();
    if (embedding.current === handle) embedding.current = null;
  };
}

/**
 * The embed of an fm-report element, following its attributes: the configuration refused or
 * embedded (again on each change, and on each Retry `attempt`), filters, page and bookmark
 * applied, the token renewed or taken from the host. Returns the container to embed into.
 */
export function useReportEmbed(
  props: ReportProps,
  {
    store,
    emit,
    api,
    wording,
  }: { store: ReportStore; emit: Host['emit']; api: Api; wording: ReportWording },
  attempt: number,
): RefObject<HTMLDivElement | null> {
  const container = useRef<HTMLDivElement>(null);
  const embedding = useRef<Embedding | null>(null);
  // What the host asks for now, read by handlers that outlive a render.
  const latest = useRef(props);
  latest.current = props;
  const session = useRef(newSession());
  const latestWording = useRef(wording);
  latestWording.current = wording;
  const context: ReportContext = {
    store,
    emit,
    session: session.current,
    latest,
    embedding,
    wording: latestWording,
  };

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
    return embedReport(context, api, host, prepared.embedType, prepared.config, reschedule);
  }, [key, attempt, store, emit]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the host changes one of these.
  useEffect(() => {
    void applyHostState(context, prepared.ok ? prepared.embedType : null);
  }, [props.filters, props.pageName, props.bookmark]);

  // A new data-token-expiry (say, with a token the host just set) plans the renewal afresh.
  useEffect(() => {
    if (props.tokenExpiry === undefined) return;
    session.current.expiresAt = undefined;
    reschedule.current();
  }, [props.tokenExpiry]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the host sets a token.
  useEffect(() => {
    takeHostToken(context, accessToken);
  }, [accessToken, store]);

  return container;
}
