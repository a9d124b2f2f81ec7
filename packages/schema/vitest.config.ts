import { defineConfig } from 'vitest/config';

// Pure functions and schemas: the files share one import of the package per worker (docs/testing.md).
export default defineConfig({ test: { include: ['src/**/*.test.ts'], isolate: false } });
