import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundariesPlugin } from './eslint-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      '.data/**',
      'uploads/**',
      // Stryker's sandboxes and reports (npm run mutate).
      '.stryker-tmp/**',
      'reports/**',
      'scripts/*.mjs',
      'apps/web/scripts/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The architecture's boundaries (eslint-boundaries.js): areas through their index, no server code in the
    // client, no feature importing another, nothing below the kernel importing above it.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { exchange: boundariesPlugin },
    rules: { 'exchange/boundaries': 'error' },
  },
  {
    // Routes are thin (issue 27): an area's plugin and each route registrar stay short; rules live in use cases.
    files: [
      'apps/api/src/modules/**/routes/**/*.ts',
      'apps/api/src/modules/**/*routes.ts',
      'apps/api/src/modules/**/plugin.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60 }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**/*.ts'],
    // Response bodies in tests are untyped JSON by nature.
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  { files: ['eslint.config.js', 'eslint-boundaries.js'], extends: [tseslint.configs.disableTypeChecked] },
);
