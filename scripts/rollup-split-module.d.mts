import type { Plugin } from 'rollup';

/** Splits each module whose id matches `include` into one module per top-level declaration. */
export function splitModule(options: { include: RegExp }): Plugin;
