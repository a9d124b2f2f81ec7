// One ESLint configuration for the whole workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint-rules/module-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The api's owners and floors (docs/architecture.md "Modules"): a module imports another only
    // through its index.ts, and the base layer imports no module. Proved by
    // apps/api/src/module-boundaries.test.ts.
    files: ['apps/api/src/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/modules': [
        'error',
        {
          modules: 'apps/api/src/modules',
          base: [
            'apps/api/src/trpc/',
            'apps/api/src/http/',
            'apps/api/src/sql/',
            'apps/api/src/context.ts',
            'apps/api/src/errors.ts',
            'apps/api/src/edit-version.ts',
            'apps/api/src/env.ts',
            'apps/api/src/logger.ts',
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
