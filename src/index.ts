/**
 * The loader (docs/architecture.md), `dist/chunks/fm-widgets-[hash].js`: defines each fm-* tag
 * lazily, importing its chunk only when the tag is in the page, and installs the confirm links and
 * the link bridge once. Kept free of React and of the API client so it stays small (≤ 5 KB gzip,
 * docs/benchmark.md).
 *
 * `dist/fm-widgets.js`, the script every host page has, imports it and calls {@link start}. Being
 * a module script without `async`, it runs once the page is parsed and its stylesheets are in,
 * and only then are the elements defined: none renders or measures itself unstyled. A host that
 * reads dist/manifest.json may also start this file itself, `async`, after its #fm-config block:
 * it then runs while the page still loads, finds the tags as they are parsed and runs React and
 * the other shared files at once, so that with a warm cache the elements render as soon as
 * `start` is called instead of beginning then.
 */

import { errorText } from './core/error-text';
import { installLinkBridge } from './loader/bridge';
import { configDefaults, coreConfig, readPageConfig } from './loader/config';
import { installConfirmLinks } from './loader/confirm';
import { createLoader, type Registry } from './loader/loader';
import { type PreloadTable, withPreloads } from './loader/preload';

/** Written in by the build (scripts/bundle-manifest.mjs): the files each tag's chunk needs. */
declare const __FM_PRELOADS__: PreloadTable;

/** Every tag and its chunk: a new widget adds one line. */
const registry: Registry = {
  'fm-dashboard-tile': () => import('../widgets/dashboard-tile/index'),
  'fm-compliance': () => import('../widgets/compliance/index'),
  'fm-budget-spend': () => import('../widgets/budget-spend/index'),
  'fm-budget-records': () => import('../widgets/budget-records/index'),
  'fm-engineer-job': () => import('../widgets/engineer-job/index'),
  'fm-site-time-form': () => import('../widgets/site-time-form/index'),
  'fm-linking-table': () => import('../widgets/linking-table/index'),
  'fm-asset-category-linking': () => import('../widgets/asset-category-linking/index'),
  'fm-report': () => import('../widgets/report/index'),
  'fm-data-table': () => import('../widgets/data-table/index'),
  'fm-alternative-quote': () => import('../widgets/alternative-quote/index'),
  'fm-password-form': () => import('../widgets/password-form/index'),
  'fm-autocomplete': () => import('../widgets/autocomplete/index'),
  'fm-date-input': () => import('../widgets/date-input/index'),
  'fm-cost-form': () => import('../widgets/cost-form/index'),
  'fm-user-form': () => import('../widgets/user-form/index'),
  'fm-flash': () => import('../widgets/flash/index'),
  'fm-site-switcher': () => import('../widgets/site-switcher/index'),
  'fm-nav': () => import('../widgets/nav/index'),
  'fm-upload': () => import('../widgets/upload/index'),
  'fm-cost-approval': () => import('../widgets/cost-approval/index'),
};

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
  installLinkBridge(window, pageConfig());
  createLoader(withPreloads(registry, __FM_PRELOADS__, import.meta.url, styled), document);
}
