/*
 * What the host's attributes ask of a live embed (filters, page, bookmark, token), and what of it
 * has been sent: kept beside the store, read and written by handlers that outlive a render.
 */

import type { RefObject } from 'react';
import type { Host } from '../../src/runtime/define';
import type { Embedding } from './embedding';
import type { ReportWords } from './errors';
import { type EmbedType, prepareFilters } from './prepare';
import type { ReportProps } from './Report';
import type { ReportStore } from './store';

export interface ReportSession {
  loaded: boolean;
  token: string | undefined;
  expiresAt: number | undefined;
  awaitingToken: boolean;
  reloadOnToken: boolean;
  refreshing: boolean;
  sent: { filters: string | undefined; pageName: string; bookmark: string };
}

export function newSession(): ReportSession {
  return {
    loaded: false,
    token: undefined,
    expiresAt: undefined,
    awaitingToken: false,
    reloadOnToken: false,
    refreshing: false,
    sent: { filters: undefined, pageName: '', bookmark: '' },
  };
}

/** What the parts of one fm-report element share. */
export interface ReportContext {
  store: ReportStore;
  emit: Host['emit'];
  session: ReportSession;
  /** What the host asks for now. */
  latest: RefObject<ReportProps>;
  /** The live embed, if any. */
  embedding: RefObject<Embedding | null>;
  /** The element's words now, for what handlers that outlive a render say. */
  wording: RefObject<ReportWording>;
}

export interface ReportWording {
  words: ReportWords;
  /** A failed call in the element's words (useErrorText). */
  errorText(error: unknown): string;
}

/**
 * Readies the session and the store for a new embed, and gives the configuration to load: the
 * host's filters, page and bookmark go with it (reports only), noted as sent.
 */
export function startConfiguration(
  { store, emit, session, latest }: ReportContext,
  type: EmbedType,
  config: Record<string, unknown>,
): Record<string, unknown> {
  session.loaded = false;
  session.token = undefined;
  session.expiresAt = undefined;
  session.awaitingToken = false;
  session.reloadOnToken = false;

  const initial = { ...config };
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
  session.sent = {
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
  return initial;
}

/**
 * Brings filters, page and bookmark in line with the host's attributes, once a report (null: an
 * invalid configuration) is loaded.
 */
export async function applyHostState(
  { store, emit, session, latest, embedding }: ReportContext,
  embedType: EmbedType | null,
) {
  const handle = embedding.current;
  if (!handle || !session.loaded || embedType !== 'report') return;
  const { filters, pageName, bookmark } = latest.current;
  if (filters !== session.sent.filters) {
    const next = prepareFilters(filters);
    if (!next.ok) {
      store.setState({ filterErrors: next.errors });
      emit('fm-report-invalid', { attribute: 'data-filters', errors: next.errors });
      session.sent.filters = filters;
    } else {
      session.sent.filters = filters;
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
  if ((pageName ?? '') !== session.sent.pageName) {
    session.sent.pageName = pageName ?? '';
    if (pageName) await handle.setPage(pageName);
  }
  if ((bookmark ?? '') !== session.sent.bookmark) {
    session.sent.bookmark = bookmark ?? '';
    if (bookmark) await handle.applyBookmark(bookmark);
  }
}

/** A token the host sets (answering fm-token-expired, or at any time) goes to the live embed. */
export function takeHostToken({ store, session, embedding }: ReportContext, accessToken?: string) {
  const handle = embedding.current;
  if (!handle || !accessToken || accessToken === session.token) return;
  session.token = accessToken;
  const reload = session.reloadOnToken;
  session.awaitingToken = false;
  session.reloadOnToken = false;
  void (async () => {
    if ((await handle.setAccessToken(accessToken)) && reload) {
      await handle.reload();
      store.setState({ notice: '' });
    }
  })();
}
