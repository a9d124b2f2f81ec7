import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `TEST_DB_MODE=embedded` runs the suite on the embedded database (PGlite, one connection) instead
 * of PostgreSQL (docs/database-modes.md). Every test file runs in both modes, except these: what
 * they hold does not touch the database they were given, so a second run would only repeat the first, and the
 * embedded run is the slower one (a PGlite per file). Tests that cannot run embedded skip themselves
 * with their reason (`describe.skipIf(embeddedTestDatabase)`).
 */
const NOT_IN_EMBEDDED_RUN = [
  'src/errors.test.ts', // pure: domain errors → public errors
  'src/module-boundaries.test.ts', // ESLint on source text: the lint rule of the modules' boundaries
  'src/modules/identity/login-state.test.ts', // pure: the sign-in state cookie
  'src/openapi/openapi.test.ts', // the document, on a bare Fastify
  'src/http/spa.test.ts', // static files and the history fallback
  'src/http/request-guard.test.ts', // refused before any query; rate limits count in memory
  // Several compiled api processes on one PostgreSQL server, whatever the mode: a second run
  // would only repeat the first (an embedded database belongs to one process).
  'src/resilience/proxy-topology.test.ts',
  'src/resilience/migration-race.test.ts',
];

const embedded = process.env.TEST_DB_MODE === 'embedded';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(embedded ? NOT_IN_EMBEDDED_RUN : [])],
    globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
    // The embedded database runs inside each test worker, not in a server beside them: every core
    // can take a worker (on 2 cores, 37–42 s instead of 55–62 s for the order, user, role, address,
    // profile and inventory tests).
    ...(embedded && { maxWorkers: '100%' }),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
