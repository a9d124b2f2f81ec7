// One ESLint configuration for the whole workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import moduleBoundaries from './eslint-rules/module-boundaries.js';

/**
 * The web's parts (docs/architecture.md §1, "Inside the web"): app/ composes, each features/<name>/
 * owns one domain, components/ and lib/ (and the top-level files) are shared by all.
 */
const WEB = 'apps/web/src';
const webElements = [
  { type: 'web-app', pattern: `${WEB}/app`, partialMatch: false },
  { type: 'web-feature', pattern: `${WEB}/features/*`, capture: ['feature'], partialMatch: false },
  { type: 'web-shared', pattern: [`${WEB}/components`, `${WEB}/lib`], partialMatch: false },
  // The files at the top of src: the entry (main.tsx) composes like app/; paths.ts, theme.ts and
  // bundle-budget.ts are shared. Element patterns match folders; a single file needs
  // `mode: 'file'`, which v7 deprecates but still supports (hence no legacy warnings below).
  { type: 'web-app', pattern: `${WEB}/main.tsx`, mode: 'file' },
  { type: 'web-shared', pattern: `${WEB}/*.ts`, mode: 'file' },
];

/** A feature's public face, the one file another feature may import. */
const face = { element: { type: 'web-feature', fileInternalPath: 'index.ts' } };
/** A feature's screens (pages, and the admin panel's sections): drawn by the route tables only. */
const screens = { element: { type: 'web-feature', fileInternalPath: 'routes/**' } };

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
    // apps/api/src/module-boundaries.test.ts. A local rule under its own plugin name: `boundaries` is
    // eslint-plugin-boundaries, which holds the web's features apart (below).
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'api-modules': moduleBoundaries },
    rules: {
      'api-modules/modules': [
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
  {
    // Features by domain, held apart: a feature reaches another only through its face (index.ts);
    // screens are drawn by the route tables (app/, and the admin shell's table of staff screens);
    // components/ and lib/ import no feature. Dynamic imports count too (the lazy routes).
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': webElements,
      'boundaries/legacy-warnings': false,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'Features meet through faces: import index.ts of another feature, or move the shared piece to components/ or lib/ (docs/architecture.md §1).',
          policies: [
            {
              from: { element: { type: 'web-app' } },
              allow: {
                to: [{ element: { type: 'web-app' } }, { element: { type: 'web-shared' } }, face, screens],
              },
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: { to: [{ element: { type: 'web-shared' } }, face] },
            },
            {
              from: { element: { type: 'web-feature', captured: { feature: 'admin' } } },
              allow: { to: screens },
            },
            { from: { element: { type: 'web-shared' } }, allow: { to: { element: { type: 'web-shared' } } } },
          ],
        },
      ],
    },
  },
);
