import type { Plugin } from 'rollup';

/** Splits each module whose id matches `include` into one module per top-level declaration. */
export function splitModule(options: { include: RegExp }): Plugin;

/** Whether `id` is one of the modules a split module became (their ids carry this plugin's prefix). */
export function isSplitPiece(id: string): boolean;
