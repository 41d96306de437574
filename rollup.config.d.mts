import type { Plugin, RollupOptions } from 'rollup';

export function productionPlugins(options?: { typescript?: boolean }): Plugin[];
/** Writes dist/fm-widgets.js, which imports the hashed loader and calls its start(). */
export function stableLoader(): Plugin;
declare const config: RollupOptions;
export default config;
