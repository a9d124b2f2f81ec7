/**
 * The server ends a live stream after LIVE_STREAM_MAX_SECONDS (docs/architecture.md §4 "Live
 * streams"); the pages open it again. A second api on the e2e database, with streams of 3 seconds:
 * a shopper's page and an admin's page each open their stream again after the server ends it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from './support/test';
import { DEMO, signIn } from './support/auth';
import { API_DIR, freePort, waitForReady } from './support/global-setup';

test.describe.configure({ timeout: 90_000 });

let api: ChildProcess;
let baseUrl: string;

test.beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  api = spawn(process.execPath, ['dist/main.js'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_DEV_PROVIDER: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      ALLOW_HTTP_PUBLIC_URL: 'true',
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      SESSION_SECRET: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      LIVE_STREAM_MAX_SECONDS: '3',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(baseUrl, 60_000);
});

test.afterAll(() => {
  api?.kill('SIGTERM');
});

async function pageOn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
  return context.newPage();
}

/** How many times the page has opened the stream `procedure`. */
function streamOpenings(page: Page, procedure: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/trpc/${procedure}`) count += 1;
  });
  return () => count;
}

test('a shopper’s page opens its live stream again after the server ends it', async ({ browser }) => {
  const page = await pageOn(browser);
  const openings = streamOpenings(page, 'orderEvents.mine');
  await signIn(page, DEMO.customer, '/orders');
  await expect.poll(openings, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await expect.poll(openings, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  await page.context().close();
});

test('an admin’s page opens the staff stream again after the server ends it', async ({ browser }) => {
  const page = await pageOn(browser);
  const openings = streamOpenings(page, 'liveEvents.staff');
  await signIn(page, DEMO.admin, '/admin');
  await expect.poll(openings, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await expect.poll(openings, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  await page.context().close();
});
