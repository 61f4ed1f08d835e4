import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:browser`: Chromium against the real exchange (see server.ts). Its own config, so the unit
 * and integration projects of the root config stay fast. One file at a time: they share one server, and
 * the machine may have only two cores.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  test: {
    name: 'browser',
    root,
    include: ['test/browser/**/*.test.ts'],
    globalSetup: ['test/browser/global-setup.ts'],
    setupFiles: ['test/browser/each-file.ts'],
    pool: 'forks',
    fileParallelism: false,
    // Retrying assertions (expect.poll) wait like Playwright's own: a busy machine may take a while.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
