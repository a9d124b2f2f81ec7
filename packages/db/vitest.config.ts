import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // Each file makes its own database; they share one import of the package per worker (docs/testing.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
