import type { Api } from '../../src/runtime/api';
import type { ReportFailure } from './errors';
import type { ReportContext } from './host-state';
import type { EmbedType } from './prepare';
import { fetchToken, parseExpiry, refreshDelay, refusalText, TokenRefreshError } from './token';

export interface TokenRenewal {
  /** A new token now: from data-token-url, else asked of the host (fm-token-expired). */
  renew(expired: boolean): Promise<void>;
  /** Plans the next renewal from the latest expiry. */
  schedule(): void;
  stop(): void;
}

/** The access token of one embed, renewed ahead of its expiry or once it has expired. */
export function tokenRenewal(
  { store, emit, session, latest, embedding, wording }: ReportContext,
  api: Api,
  type: EmbedType,
  onFailure: (failed: ReportFailure) => void,
): TokenRenewal {
  const refresh = new AbortController();
  let renewal: ReturnType<typeof setTimeout> | undefined;

  const renew = async (expired: boolean) => {
    if (session.refreshing) return;
    const { tokenUrl } = latest.current;
    if (!tokenUrl) {
      session.awaitingToken = true;
      session.reloadOnToken ||= expired;
      emit('fm-token-expired', { embedType: type, expired });
      return;
    }
    session.refreshing = true;
    try {
      const fresh = await fetchToken(api, tokenUrl, refresh.signal);
      session.token = fresh.accessToken;
      session.expiresAt = fresh.expiresAt;
      schedule();
      const set = await embedding.current?.setAccessToken(fresh.accessToken);
      if (set && expired) await embedding.current?.reload();
      if (set) store.setState({ notice: '', failure: null });
    } catch (error) {
      if (refresh.signal.aborted) return;
      const { words, errorText } = wording.current;
      const reason =
        error instanceof TokenRefreshError
          ? refusalText(error.refusal, words, errorText)
          : errorText(error);
      onFailure({ code: 'TokenExpired', message: words.tokenNotRenewed(reason) });
    } finally {
      session.refreshing = false;
    }
  };

  const schedule = () => {
    clearTimeout(renewal);
    const expiresAt = session.expiresAt ?? parseExpiry(latest.current.tokenExpiry);
    if (expiresAt === undefined) return;
    const delay = refreshDelay(expiresAt);
    renewal = setTimeout(
      () => void (refreshDelay(expiresAt) > 0 ? schedule() : renew(false)),
      delay,
    );
  };

  return {
    renew,
    schedule,
    stop() {
      refresh.abort();
      clearTimeout(renewal);
    },
  };
}
