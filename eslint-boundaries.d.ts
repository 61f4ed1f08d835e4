import type { ESLint } from 'eslint';

/** The local plugin of eslint-boundaries.js: its one rule, `boundaries`. */
export declare const boundariesPlugin: ESLint.Plugin;
