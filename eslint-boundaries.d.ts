import type { ESLint } from 'eslint';

/** The local plugin of eslint-boundaries.js: its one rule, `boundaries`. */
export declare const boundariesPlugin: ESLint.Plugin;

/** The areas of apps/api/src/modules from the lowest to the highest: an area imports only areas below it. */
export declare const AREA_RANK: readonly string[];
