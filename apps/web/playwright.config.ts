/**
 * Browser tests in Debian's Chromium (never a downloaded browser) over the production build: the
 * global setup starts the real api, serving the built SPA, once per worker, each on a PostgreSQL
 * database of its own (support/global-setup.ts, support/worker-shop.ts; docs/testing.md).
 */
import { defineConfig } from '@playwright/test';
import { selectWorkerShop } from './e2e/support/worker-shop';

/** Set in each worker (this file is loaded there too); undefined in the runner's own process. */
const shop = selectWorkerShop();

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  // Files are shared out among the workers; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: shop?.baseUrl,
    // A trace costs CPU on every action: it is recorded only when a failed test runs again.
    trace: 'on-first-retry',
    // The shop's service worker stays out of the way of request interception (page.route); the
    // service worker's own test allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
