import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/api/**/*.test.ts', 'workers/**/*.test.ts', 'packages/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
