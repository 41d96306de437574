import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { transform } from 'esbuild';
import esbuild from 'rollup-plugin-esbuild';
import { manifest, preloadTable, widgetTag } from './scripts/bundle-manifest.mjs';
import { splitModule } from './scripts/rollup-split-module.mjs';

/** The one stylesheet of every widget. */
const STYLESHEET = 'fm-widgets.css';

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

/** Hashed chunks pile up across builds otherwise; dist/ only ever holds the latest. */
function cleanDist() {
  return {
    name: 'fm-clean-dist',
    buildStart() {
      rmSync('dist', { recursive: true, force: true });
    },
  };
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
    terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
  ];
}

export default {
  input: 'src/index.ts',
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: 'fm-widgets.js',
    // A widget's chunk is named after its tag so a network log reads plainly.
    chunkFileNames(chunk) {
      const tag = widgetTag(chunk.facadeModuleId);
      return tag ? `chunks/${tag}-[hash].js` : 'chunks/[name]-[hash].js';
    },
    sourcemap: true,
    experimentalMinChunkSize: 1000,
  },
  plugins: [
    cleanDist(),
    // valibot is one module; split, each element's chunk gets only the functions it uses.
    splitModule({ include: /[\\/]node_modules[\\/]valibot[\\/]dist[\\/]index\.mjs$/ }),
    ...productionPlugins(),
    // After minification, so the table goes in as written.
    preloadTable(),
    widgetStyles(),
    hostTypes(),
    manifest({ css: [STYLESHEET] }),
  ],
  onwarn(warning, warn) {
    // React's CJS builds use `this` at module level; harmless once bundled.
    if (warning.code === 'THIS_IS_UNDEFINED') return;
    warn(warning);
  },
};
