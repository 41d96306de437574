/**
 * Our decoders, used as `import * as v from '…/schema'`: `object`, `array`, `record`, `optional`,
 * `nullable`, `literal`, `picklist`, `union`, `variant`, the primitives, and `pipe` with `check`,
 * `transform` and the common checks. Issues carry the value at fault and its path; decode.ts turns
 * them into sentences (`costs[1].Cost.id is required`).
 *
 * Why not a library (a departure from "libraries first"): the contract was written with valibot
 * 1.5, whose API this follows. Its schemas are general (async, fallbacks, i18n message stores,
 * Standard Schema), and what the lightest element needs of them (`object`, `pipe` and the issue
 * machinery) weighed 1.26 KB gzip, which kept the one-tile page 0.5 KB over DESIGN §7's budget.
 * The same here weighs about 0.5 KB. The modules group what is used together, so an element's
 * chunk carries only what it uses: the tile needs core and object alone.
 */
export * from './actions';
export * from './choices';
export * from './containers';
export * from './core';
export * from './object';
export * from './primitives';
