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
    // A worker imports the app once and runs file after file in it (docs/testing.md, "The api's
    // tests"): re-importing it for every file cost 82 s of the PostgreSQL run and 145 s of the
    // embedded one on 2 cores. So a test file must not count on module state left by none before it:
    // each makes its own database, app and data (test/test-app.ts), and reads counters as deltas.
    isolate: false,
    // PostgreSQL runs beside the workers and most of a file's time is waiting for it: three workers
    // keep both cores busy. The embedded database runs inside each worker: one worker per core.
    maxWorkers: embedded ? '100%' : 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
