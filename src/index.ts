/**
 * The loader (docs/architecture.md), `dist/chunks/fm-widgets-[hash].js`: defines each fm-* tag
 * lazily, importing its chunk only when the tag is in the page, and installs the confirm links and,
 * in a frame, the link bridge, once. Kept free of React and of the API client so it stays small
 * (≤ 5 KB gzip, docs/benchmark.md).
 *
 * `dist/fm-widgets.js`, the script every host page has, imports it and calls {@link start}. Being
 * a module script without `async`, it runs once the page is parsed and its stylesheets are in,
 * and only then are the elements defined: none renders or measures itself unstyled. A host that
 * reads dist/manifest.json may also start this file itself, `async`, after its #fm-config block:
 * it then runs while the page still loads, finds the tags as they are parsed and runs React and
 * the other shared files at once, so that with a warm cache the elements render as soon as
 * `start` is called instead of beginning then.
 */

import { configDefaults, coreConfig, readPageConfig } from './core/config';
import { errorText } from './core/error-text';
import { installConfirmLinks } from './loader/confirm';
import { createLoader } from './loader/loader';
import { type PreloadTable, withPreloads } from './loader/preload';
import { registry } from './loader/registry';

/** Written in by the build (scripts/bundle-manifest.mjs): the files each tag's chunk needs. */
declare const __FM_PRELOADS__: PreloadTable;

/** Each tag's element, as its registration types it: `querySelector('fm-…')` is typed. */
type Elements = {
  [Tag in keyof typeof registry]: Defined<Awaited<ReturnType<(typeof registry)[Tag]>>>;
};
/** The element class a widget's module exports, by its instances. */
type Defined<Module> = {
  [Name in keyof Module]: Module[Name] extends new () => infer Element ? Element : never;
}[keyof Module];

declare global {
  interface HTMLElementTagNameMap extends Elements {}
}

function pageConfig() {
  try {
    return readPageConfig(document, coreConfig);
  } catch (error) {
    // The elements show this inline; links still work, bridged to the page's own origin.
    console.error(`fm-widgets: ${errorText(error)}`);
    return configDefaults(coreConfig);
  }
}

let resolveStarted: (value?: unknown) => void = () => {};
const styled = new Promise((resolve) => {
  resolveStarted = resolve;
});

/** Called by dist/fm-widgets.js when it runs: the page is parsed and styled. */
export function start(): void {
  resolveStarted();
}

// A second copy of the script (another URL for the same file) must not install twice.
const started = Symbol.for('fm-widgets.started');
const page = window as unknown as Record<symbol, boolean>;
if (!page[started]) {
  page[started] = true;
  installConfirmLinks(document);
  const config = pageConfig();
  // In a frame only, so a page outside one (most pages) never downloads the bridge: the loader's
  // size is budgeted (docs/benchmark.md).
  if (window.parent !== window) {
    import('./loader/bridge')
      .then(({ installLinkBridge }) => installLinkBridge(window, config))
      .catch((error: unknown) =>
        console.error(`fm-widgets: no link bridge (${errorText(error)}).`),
      );
  }
  createLoader(withPreloads(registry, __FM_PRELOADS__, import.meta.url, styled), document);
}
