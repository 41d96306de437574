/**
 * One embedded item in one container, through the page's single powerbi-client service. Every
 * promise the library returns is caught here and reported through `onError`, so no rejection
 * reaches the host page; `destroy()` removes the iframe and every handler.
 */

import { delay } from '../../src/core/delay';
import { type Embed, type Models, models, pageService, type Report } from './sdk';
import type { EmbedType } from './validate';

export interface EmbeddingEvents {
  onLoaded(): void;
  onRendered(): void;
  /** An `error` event from the service, a refused load or a failed call. */
  onError(error: unknown): void;
}

export interface Embedding {
  setAccessToken(token: string): Promise<boolean>;
  reload(): Promise<void>;
  /** Replaces every filter (ReplaceAll), or removes them all when the list is empty (RemoveAll). */
  replaceFilters(filters: Models.IFilter[]): Promise<boolean>;
  setPage(pageName: string): Promise<boolean>;
  applyBookmark(name: string): Promise<boolean>;
  destroy(): void;
}

/** powerbi-client's component type for each of our embed types. */
const componentType: Record<Exclude<EmbedType, 'create' | 'quick-create'>, string> = {
  report: 'report',
  'paginated-report': 'report',
  dashboard: 'dashboard',
  tile: 'tile',
  qna: 'qna',
};

type Patchable = Record<string, unknown>;

/**
 * The library starts the load (or create, or the configuration sent ahead on the frame's `ready`)
 * from a listener and drops the promise:
 * a refused load would be an unhandled rejection on the host page. Wrapping the method on this
 * instance catches it.
 */
function catchLoad(embed: Embed, onError: (error: unknown) => void, onStart: () => void): void {
  const patchable = embed as unknown as Patchable;
  for (const method of ['load', 'create', 'frontLoadSendConfig'] as const) {
    const original = patchable[method];
    if (typeof original !== 'function') continue;
    patchable[method] = (...args: unknown[]) => {
      onStart();
      return (original as (...a: unknown[]) => Promise<unknown>).apply(embed, args).catch(onError);
    };
  }
}

// powerbi-client silently drops a load sent within 100 ms of the previous one.
const loadSpacingMs = 120;

/**
 * The service's router keeps a route per embed, and an unanswered request keeps its promise
 * chain, for the life of the page: empty the embed so neither holds on to our element.
 */
function release(embed: Embed): void {
  const held = embed as unknown as Record<string, unknown>;
  for (const key of Object.keys(held)) delete held[key];
}

/**
 * Embed ids are recycled: the service's router adds a route per id and never removes it, so a
 * fresh id per embed would grow the page's memory with every reconnection; a reused id reuses
 * its route. Only ids of destroyed embeds come back, so live embeds never share one.
 */
const freeIds: string[] = [];
let idCount = 0;

export function startEmbedding(
  element: HTMLElement,
  embedType: EmbedType,
  config: Record<string, unknown>,
  title: string,
  events: EmbeddingEvents,
): Embedding {
  const controller = new AbortController();
  const { signal } = controller;
  // Dropped on destroy: the library keeps some of our closures for the life of the page (see
  // release), and through these they would keep the element and its component.
  let listeners: EmbeddingEvents | null = events;
  let container: HTMLElement | null = element;
  let embed: Embed | undefined;
  let lastLoad = 0;
  const uniqueId = freeIds.pop() ?? `fm-report-${++idCount}`;

  const fail = (error: unknown) => {
    if (!signal.aborted) listeners?.onError(error);
  };

  // powerbi-client raises its events on the container as bubbling DOM events with generic names
  // ('loaded', 'error'): handle them here and keep them from reaching the host page.
  const handlers: [string, (detail: unknown) => void][] = [
    ['loaded', () => listeners?.onLoaded()],
    ['rendered', () => listeners?.onRendered()],
    ['error', (detail) => fail(detail)],
    // Handled by the library on this same element (it sends the configuration ahead).
    ['ready', () => {}],
  ];
  for (const [name, handle] of handlers) {
    element.addEventListener(
      name,
      (event) => {
        event.stopPropagation();
        handle((event as CustomEvent).detail);
      },
      { signal },
    );
  }

  // The library keeps the token as an attribute of the container; keep it out of the DOM.
  const hideToken = () => container?.removeAttribute('powerbi-access-token');

  try {
    const copy = { ...structuredClone(config), uniqueId };
    if (embedType === 'create') embed = pageService.createReport(element, copy as never);
    else if (embedType === 'quick-create') embed = pageService.quickCreate(element, copy as never);
    else embed = pageService.embed(element, { ...copy, type: componentType[embedType] } as never);
    catchLoad(embed, fail, () => {
      lastLoad = Date.now();
    });
    embed.setComponentTitle(title);
    hideToken();
  } catch (error) {
    // A refusal inside the library can leave its iframe behind: leave nothing.
    pageService.reset(element);
    element.replaceChildren();
    queueMicrotask(() => fail(error));
  }

  async function attempt(action: (report: Report) => Promise<unknown>): Promise<boolean> {
    if (!embed || signal.aborted) return false;
    try {
      await action(embed as Report);
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  }

  return {
    setAccessToken: (token) =>
      attempt(async (report) => {
        await report.setAccessToken(token);
        hideToken();
      }),
    reload: async () => {
      const wait = lastLoad + loadSpacingMs - Date.now();
      if (wait > 0) await delay(wait, signal);
      await attempt((report) => report.reload());
    },
    replaceFilters: (filters) =>
      attempt((report) =>
        filters.length === 0
          ? report.updateFilters(models.FiltersOperations.RemoveAll)
          : report.updateFilters(models.FiltersOperations.ReplaceAll, filters),
      ),
    setPage: (pageName) => attempt((report) => report.setPage(pageName)),
    applyBookmark: (name) => attempt((report) => report.bookmarksManager.apply(name)),
    destroy() {
      if (!container) return;
      controller.abort();
      listeners = null;
      pageService.reset(container);
      container.replaceChildren();
      container = null;
      if (embed) release(embed);
      embed = undefined;
      freeIds.push(uniqueId);
    },
  };
}
