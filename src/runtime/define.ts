import r2wc from '@r2wc/react-to-web-component';
import {
  Component,
  type ComponentType,
  createContext,
  createElement as h,
  type ReactNode,
  Suspense,
  useContext,
} from 'react';
import {
  AttributeError,
  type AttributeType,
  attributeName,
  parseAttribute,
} from '../core/attributes';
import { type ConfigSpec, type CoreConfig, coreConfig, readConfig } from '../core/config';
import { errorText } from '../core/error-text';
import { wordsPending } from './word-loading';

declare global {
  /** Every `fm-…` event and its `detail`; each widget adds its own events here. */
  interface FmEventMap {}
}

/** What a component knows about the element it renders in, for one connection. */
export interface Host {
  element: HTMLElement;
  /** Aborted when the element leaves the page (not when it is merely moved). */
  signal: AbortSignal;
  emit<K extends keyof FmEventMap>(name: K, detail: FmEventMap[K]): void;
}

/** Dispatches a bubbling, composed `fm-…` event with a typed `detail`. */
export function emit<K extends keyof FmEventMap>(
  element: Element,
  name: K,
  detail: FmEventMap[K],
): void {
  element.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

const HostContext = createContext<Host | null>(null);

export function useHost(): Host {
  return useContext(HostContext) ?? outsideElement('useHost');
}

/**
 * The page configuration with this element's own `data-*` overrides: the core keys, or the keys
 * of `spec`. A wrong value throws, so the element shows it inline.
 */
export function useConfig(): Readonly<CoreConfig>;
export function useConfig<T>(spec: ConfigSpec<T>): Readonly<T>;
export function useConfig(spec: ConfigSpec<object> = coreConfig): object {
  return readConfig(useHost().element, spec);
}

function outsideElement(hook: string): never {
  throw new Error(`${hook}() outside a defineElement() component`);
}

export interface ElementOptions<P> {
  /** Each prop and how its `data-*` attribute is read: `{ tileId: 'number' }` ↔ `data-tile-id`. */
  attributes: { [K in keyof P]-?: AttributeType };
  /** Props without which the element shows an error instead of rendering. */
  required?: (keyof P & string)[];
}

/**
 * What an element shows instead of its component when that cannot render, given the message that
 * names the element and what is wrong. The widgets' is src/ui's: an error shown as every other is.
 */
export type ShowError = (message: string) => ReactNode;

/** The element's typed JS properties, as hosts see them. */
export type FmElement<P> = HTMLElement & { [K in keyof P]: P[K] | undefined };

/** What the element hands r2wc to render: the connection and the props as last written. */
interface View {
  host: Host;
  raw: Readonly<Record<string, unknown>>;
  /** Bumped on every attribute or property change, so the error boundary can retry. */
  revision: number;
}

/**
 * r2wc's one prop. A `method` prop is a function r2wc binds to the element and hands to the
 * component; setting it re-renders (as r2wc's own tests do with `element.sayHello = fn`). It is
 * the only prop type whose setter does not write the value back into an attribute.
 */
interface ViewProps {
  fmView?: () => View;
}

interface R2wcElement extends HTMLElement, ViewProps {
  connectedCallback(): void;
  disconnectedCallback(): void;
}

/**
 * Registers `tag` (once: a second call is harmless) as a light-DOM custom element rendering
 * `Component`. Props come from `data-*` attributes or JS properties, read by attributes.ts; an
 * attribute change re-renders and a removed attribute clears its prop. A bad attribute or page
 * configuration is shown (`showError`), naming the element, instead of breaking the page; rendering
 * resumes once it is fixed. Moving the element keeps its state; removing it unmounts and aborts
 * the connection's signal. Widgets call src/ui's defineElement, which gives the fallback.
 */
export function registerElement<P extends object>(
  tag: string,
  Component: ComponentType<P>,
  options: ElementOptions<P>,
  showError: ShowError,
): new () => FmElement<P> {
  const defined = customElements.get(tag);
  if (defined) return defined as unknown as new () => FmElement<P>;

  const props = Object.entries(options.attributes) as [string, AttributeType][];
  const propByAttribute = new Map(props.map(([prop]) => [attributeName(prop), prop]));
  const required: readonly string[] = options.required ?? [];

  function Body({ raw }: { raw: View['raw'] }) {
    // Every element reports a wrong core key, whether or not it reads one.
    readConfig(useHost().element, coreConfig);
    const typed: Record<string, unknown> = {};
    for (const [prop, type] of props) {
      const attribute = attributeName(prop);
      typed[prop] = parseAttribute(type, raw[prop], attribute);
      if (typed[prop] === undefined && required.includes(prop)) {
        throw new AttributeError(attribute, `${attribute} is required`);
      }
    }
    return h(Component, typed as P);
  }

  function Root({ fmView }: ViewProps) {
    if (!fmView) return null;
    const { host, raw, revision } = fmView();
    return h(
      HostContext.Provider,
      { value: host },
      // Suspense: an element whose words wait for the ICU parser (src/runtime/words.ts).
      h(ErrorBoundary, { tag, revision, showError }, h(Suspense, null, h(Body, { raw }))),
    );
  }

  const Base = r2wc(Root, { props: { fmView: 'method' } }) as new () => R2wcElement;

  class TagElement extends Base {
    // Ours only: r2wc's parsers differ from attributes.ts and it ignores a removed attribute.
    static get observedAttributes(): string[] {
      return [...propByAttribute.keys()];
    }

    static {
      for (const [prop, type] of props) {
        Object.defineProperty(TagElement.prototype, prop, {
          configurable: true,
          enumerable: true,
          get(this: TagElement) {
            try {
              return parseAttribute(type, this.#raw[prop], attributeName(prop));
            } catch {
              return undefined;
            }
          },
          set(this: TagElement, value: unknown) {
            this.#update(prop, value);
          },
        });
      }
    }

    #raw: Record<string, unknown> = {};
    #revision = 0;
    #host: Host | undefined;
    #controller: AbortController | undefined;

    constructor() {
      super();
      // A property set before the tag was defined shadows our accessor: replay it.
      for (const [prop] of props) {
        if (Object.hasOwn(this, prop)) {
          const value = (this as Record<string, unknown>)[prop];
          delete (this as Record<string, unknown>)[prop];
          this.#update(prop, value);
        }
      }
    }

    override connectedCallback(): void {
      // An element whose words the page changes renders once they are in (word-loading.ts).
      const words = wordsPending(this);
      if (words) {
        const connect = () => this.isConnected && this.connectedCallback();
        words.then(connect, connect);
        return;
      }
      if (!this.#controller) {
        const controller = new AbortController();
        this.#controller = controller;
        this.#host = {
          element: this,
          signal: controller.signal,
          emit: (name, detail) => emit(this, name, detail),
        };
        this.#render();
      }
      super.connectedCallback();
    }

    // r2wc unmounts at once, so a move (remove + insert in one task) would lose all state.
    override disconnectedCallback(): void {
      queueMicrotask(() => {
        if (this.isConnected || !this.#controller) return;
        this.#controller.abort();
        this.#controller = undefined;
        this.#host = undefined;
        super.disconnectedCallback();
      });
    }

    attributeChangedCallback(attribute: string, _old: string | null, value: string | null): void {
      const prop = propByAttribute.get(attribute);
      if (prop) this.#update(prop, value ?? undefined);
    }

    #update(prop: string, value: unknown): void {
      if (this.#raw[prop] === value) return;
      this.#raw = { ...this.#raw, [prop]: value };
      this.#revision += 1;
      this.#render();
    }

    /** Hands r2wc a new view, once connected: before that r2wc would mount in a detached element. */
    #render(): void {
      const host = this.#host;
      if (!host) return;
      const view: View = { host, raw: this.#raw, revision: this.#revision };
      this.fmView = () => view;
    }
  }

  customElements.define(tag, TagElement);
  return TagElement as unknown as new () => FmElement<P>;
}

interface BoundaryProps {
  tag: string;
  revision: number;
  showError: ShowError;
  children?: ReactNode;
}

interface BoundaryState {
  error: unknown;
  revision: number;
}

/** Shows what went wrong, naming the element, and tries again on the next prop change. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, revision: this.props.revision };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.revision === state.revision ? null : { error: null, revision: props.revision };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.showError(`${this.props.tag}: ${errorText(error)}`);
  }
}
