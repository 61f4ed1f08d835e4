import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'apps/api/**/*.test.ts',
            'workers/**/*.test.ts',
            'packages/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          // The browser tests have their own config and server (npm run test:browser).
          exclude: [...configDefaults.exclude, 'test/browser/**'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // The web client's component and unit tests: a browser-like DOM, no services.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/i18n/test-setup.ts'],
        },
      },
    ],
  },
});
