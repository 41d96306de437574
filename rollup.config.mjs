import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { transform } from 'esbuild';
import esbuild from 'rollup-plugin-esbuild';
import { manifest, preloadTable, widgetTag } from './scripts/bundle-manifest.mjs';
import { defaultMessages } from './scripts/messages.mjs';
import { offlineBundles } from './scripts/offline-bundle.mjs';

/**
 * The loader's fixed URL under dist/, which hosts may write into their pages
 * (docs/architecture.md).
 */
const LOADER = 'fm-widgets.js';

/** The one stylesheet of every widget. */
const STYLESHEET = 'fm-widgets.css';

/** The script of the engineer's pages that keeps them on the device, and its worker (docs/offline.md). */
const OFFLINE = 'fm-offline.js';
const WORKER = 'fm-sw.js';
/** The elements of an engineer's pages, whose files the worker precaches. */
const ENGINEER_TAGS = ['fm-engineer-job', 'fm-site-time-form', 'fm-upload', 'fm-flash', 'fm-nav'];

/** Every stylesheet under these folders goes, in path order, into dist/fm-widgets.css. */
const cssRoots = ['src', 'widgets'];
/** Third-party stylesheets our widgets render with (flatpickr's calendar, Tabulator's tables), put first. */
const vendorCss = [
  'node_modules/flatpickr/dist/flatpickr.min.css',
  'node_modules/tabulator-tables/dist/css/tabulator.css',
];

function listCss(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return listCss(path);
      return path.endsWith('.css') ? [path] : [];
    });
}

/** One stylesheet for the host to <link>: widgets render in light DOM, so their CSS is global. */
function widgetStyles() {
  return {
    name: 'fm-widget-styles',
    async generateBundle() {
      const files = [...vendorCss, ...cssRoots.flatMap(listCss)];
      for (const file of files) this.addWatchFile(file);
      const source = files
        .map((file) => `/* ${relative('.', file)} */\n${readFileSync(file, 'utf8')}`)
        .join('\n');
      const { code } = await transform(source, { loader: 'css', minify: true });
      this.emitFile({ type: 'asset', fileName: STYLESHEET, source: code });
    },
  };
}

/** The hosts' declarations (generated into types/ by `npm run manifest`) as dist/types/. */
function hostTypes() {
  return {
    name: 'fm-host-types',
    generateBundle() {
      for (const name of readdirSync('types').sort()) {
        const file = join('types', name);
        this.addWatchFile(file);
        this.emitFile({
          type: 'asset',
          fileName: `types/${name}`,
          source: readFileSync(file, 'utf8'),
        });
      }
    },
  };
}

/**
 * `dist/fm-widgets.js`, the script every host page has (docs/architecture.md): it imports the
 * loader, hashed like every other file (`chunks/fm-widgets-[hash].js`), and tells it to define the
 * elements. A module script without `async`, it runs once the page is parsed and styled, as the
 * elements need; the loader can start earlier (src/index.ts).
 */
export function stableLoader() {
  return {
    name: 'fm-stable-loader',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.isEntry,
      );
      if (!entry?.exports.includes('start')) return this.error('the loader exports no start()');
      this.emitFile({
        type: 'asset',
        fileName: LOADER,
        source: `import{start}from"./${entry.fileName}";start();\n`,
      });
    },
  };
}

/** Hashed chunks pile up across builds otherwise; dist/ only ever holds the latest. */
function cleanDist() {
  return {
    name: 'fm-clean-dist',
    buildStart() {
      rmSync('dist', { recursive: true, force: true });
    },
  };
}

/*
 * How the shared code is grouped into chunks. Left to itself, Rollup makes a chunk of every set of
 * modules shared by the same widgets, and its minimum chunk size then merges the small ones into
 * whichever chunk is nearest, so a page with one tile downloaded seven files and code of widgets
 * it does not have. Named groups instead, each a file a page either needs whole or not at all,
 * each chosen by folder or by file:
 * - `fm-widgets`, the loader (`chunks/fm-widgets-[hash].js`): src/index.ts and src/loader/, only
 *   what every page runs before any element is defined (no React). The modules of src/core it
 *   imports (the attributes, the page configuration) come with it, and the portal prefix.
 * - `bridge`: the link bridge (src/loader/bridge.ts), which the loader imports in a frame only.
 * - `runtime`: what every element is built from and talks to its host with: src/runtime/ (define,
 *   the API client, the icon), src/ui's defineElement with the Alert that shows an element's
 *   error, the decoders (src/core/contract/decode.ts) and the en-GB dates and counts (src/core/format/;
 *   money goes with the widgets that show it, not to a page of tiles),
 *   with the packages those need: React, r2wc, zustand's store, ky and valibot, whole. A module
 *   they import that is in no group and not the loader's (contract/paths.ts, the path segments and
 *   the preload mark) comes with them. The client is here rather than in a file of its own
 *   because docs/benchmark.md counts ky and valibot in the least a page of ours ships: the pages
 *   with elements that call no API (a menu, a password form) download it too (about 8 KB gzip,
 *   once, cached for good), and every other page downloads one file fewer. valibot is one module,
 *   so it cannot be shared out by function: it is here whole. The one-tile page, with all the
 *   decoders and date formats here and all of the page configuration in the loader, measured 1.140
 *   × the stack floor in 4 files (docs/benchmark.md: ≤ 1.15); before, with a plugin that cut
 *   valibot into pieces shared out between this group and the widgets, the decoders in four files
 *   and a `dates` group, 1.138 in 6.
 * A module of a group must not import a module of a later group: the loader would then import
 * React (the bench's loader budget and the preload tests catch it).
 */
/** Whether the module `id` is in `folder` (a path from the project's root). */
const inFolder = (id, folder) => id.startsWith(resolve(folder) + sep);
/** The packages of the `runtime` group. */
const RUNTIME_PACKAGES = ['react', 'react-dom', 'scheduler', '@r2wc', 'zustand', 'ky', 'valibot'];
/** What of those packages stays with the widgets that use it: zustand's shallow (useShallow, one widget's). */
const WIDGET_PARTS = ['node_modules/zustand/esm/react', 'node_modules/zustand/esm/vanilla'];

/** The modules of the `runtime` group outside src/runtime/. */
const RUNTIME_MODULES = new Set(
  [
    'src/ui/define-element.tsx',
    'src/ui/Alert.tsx',
    'src/core/contract/decode.ts',
    'src/core/format/dates.ts',
    'src/core/format/numbers.ts',
  ].map((path) => resolve(path)),
);

/**
 * The loader's one part a page imports only in a frame (src/index.ts): the link bridge, a file of
 * its own so that a page outside a frame, most pages, never downloads it.
 */
const FRAME_ONLY = resolve('src/loader/bridge.ts');

/** The runtime's one part only a page shown from the device loads: its token renewal. */
const KEPT_PAGE_ONLY = resolve('src/runtime/kept-page.ts');

/**
 * What only a page that changes the widgets' words loads (docs/words.md): the ICU parser and
 * formatter, the pseudo-locale and every key's default text. Named short: the runtime every page
 * downloads names it once.
 */
const WORDS_ONLY = resolve('src/core/word-overrides.ts');

function chunkGroup(id) {
  if (id === FRAME_ONLY) return 'bridge';
  if (id === KEPT_PAGE_ONLY) return 'kept-page';
  if (id === WORDS_ONLY) return 'words';
  // The portal prefix stays in the loader, as when the bridge was in it: the widgets import it too.
  if (
    id === resolve('src/index.ts') ||
    inFolder(id, 'src/loader') ||
    id === resolve('src/core/portal.ts')
  )
    return 'fm-widgets';
  if (inFolder(id, 'src/runtime') || RUNTIME_MODULES.has(id)) return 'runtime';
  if (WIDGET_PARTS.some((folder) => inFolder(id, folder))) return undefined;
  if (RUNTIME_PACKAGES.some((name) => inFolder(id, `node_modules/${name}`))) return 'runtime';
  return undefined;
}

/**
 * The production pipeline around our own sources. The benchmark builds its React floor with these
 * same plugins, so the two are compared like for like.
 */
export function productionPlugins({ typescript = true } = {}) {
  return [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': '"production"' } }),
    nodeResolve({ browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js'] }),
    commonjs(),
    ...(typescript
      ? [esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: 'tsconfig.json' })]
      : []),
    terser({
      ecma: 2020,
      module: true,
      compress: { passes: 2 },
      // Only the compile hint survives (see the runtime chunk's banner).
      format: { comments: /^# allFunctionsCalledOnLoad$/ },
    }),
  ];
}

export default {
  input: { 'fm-widgets': 'src/index.ts' },
  // The loader exports start() (for dist/fm-widgets.js) beside what the chunks import from it:
  // one file, not a facade re-exporting start from a second one.
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist',
    format: 'es',
    // The loader is hashed too, beside the chunks; dist/fm-widgets.js imports it (stableLoader).
    entryFileNames: 'chunks/[name]-[hash:6].js',
    // A widget's chunk is named after its tag so a network log reads plainly. Six characters of
    // hash (36 bits) where Rollup's default is eight: each name is written into the loader every
    // page downloads, and a hash compresses no better than noise. Past 64 chunks Rollup asks for
    // a seventh, by name.
    chunkFileNames(chunk) {
      const tag = widgetTag(chunk.facadeModuleId);
      return tag ? `chunks/${tag}-[hash:6].js` : 'chunks/[name]-[hash:6].js';
    },
    // The maps are beside the files, without a `//# sourceMappingURL=` comment that every page would
    // download: hosts point DevTools at them with a `SourceMap` header (README "Caching and
    // compression"; the reference host's sourceMapHeader()).
    sourcemap: 'hidden',
    // V8's compile hint: React's functions nearly all run on the first render, so compiling them
    // all at once while the file streams in beats compiling each lazily on the (slow) main thread.
    // The bench's cold loads came about 10% sooner (https://v8.dev/blog/explicit-compile-hints).
    banner: (chunk) => (chunk.name === 'runtime' ? '//# allFunctionsCalledOnLoad' : ''),
    manualChunks: chunkGroup,
    experimentalMinChunkSize: 1000,
    // A chunk imports only what it uses: the loader's preload table and the host's modulepreloads
    // already start every file of a tag at once, so an import for order alone is bytes for nothing.
    hoistTransitiveImports: false,
  },
  plugins: [
    cleanDist(),
    ...productionPlugins(),
    // After minification, so the table goes in as written.
    preloadTable(),
    stableLoader(),
    widgetStyles(),
    hostTypes(),
    defaultMessages(),
    manifest({ css: [STYLESHEET], loader: LOADER }),
    offlineBundles({
      page: 'src/offline/index.ts',
      pageFile: OFFLINE,
      worker: 'src/offline/worker.ts',
      workerFile: WORKER,
      tags: ENGINEER_TAGS,
      plugins: productionPlugins,
      manifestOf: { root: process.cwd(), css: [STYLESHEET], loader: LOADER },
    }),
  ],
  onwarn(warning, warn) {
    // React's CJS builds use `this` at module level; harmless once bundled.
    if (warning.code === 'THIS_IS_UNDEFINED') return;
    warn(warning);
  },
};
