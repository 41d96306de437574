import type { Plugin, RollupOptions } from 'rollup';

export function productionPlugins(options?: { typescript?: boolean }): Plugin[];
declare const config: RollupOptions;
export default config;
