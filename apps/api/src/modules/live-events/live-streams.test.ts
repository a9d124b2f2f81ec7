/**
 * Live streams do not outlive the right to them (docs/architecture.md §4 "Live streams"), over real
 * HTTP against the app: at most LIVE_STREAMS_PER_USER at once, each one ended after
 * LIVE_STREAM_MAX_SECONDS, and ended soon after the session is signed out, the API token revoked or
 * the permission taken away (re-checked every LIVE_STREAM_RECHECK_SECONDS).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';
import { openEventStream, type EventStream } from '../../test/event-stream';
import { uniqueWord } from '../../test/unique-word';

const MAX_SECONDS = 4;
let shop: TestApp;
let admin: SignedIn;
const opened: EventStream<unknown>[] = [];

function open(path: string, cookie?: string, headers?: Record<string, string>) {
  const stream = openEventStream(shop.baseUrl, path, cookie, headers);
  opened.push(stream);
  return stream;
}

/** Whether the stream ends within `ms`. */
const endsWithin = (stream: EventStream<unknown>, ms: number) =>
  Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

/** 'refused' when the server ends the stream with an error at once, else 'open'. */
const outcome = (stream: EventStream<unknown>) =>
  Promise.race([
    stream.failure.then(() => 'refused' as const),
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 1000)),
  ]);

async function send(
  who: SignedIn,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: { id: string; token: string } | null }> {
  const response = await fetch(`${shop.baseUrl}${url}`, {
    method,
    headers: {
      cookie: who.cookie,
      origin: shop.baseUrl,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  return {
    status: response.status,
    body: response.headers.get('content-type')?.includes('json')
      ? ((await response.json()) as { id: string; token: string })
      : null,
  };
}

beforeAll(async () => {
  shop = await startTestApp({
    env: {
      // This file changes users, roles and sessions straight in the database, behind the api's back
      // (no announcement): with the auth cache off, each change applies at the next request. The
      // cache itself: modules/identity/auth-cache.test.ts, resilience/two-instances-auth.test.ts.
      AUTH_CACHE_MS: '0',
      LIVE_STREAMS_PER_USER: '2',
      LIVE_STREAM_MAX_SECONDS: String(MAX_SECONDS),
      LIVE_STREAM_RECHECK_SECONDS: '0.2',
    },
  });
  admin = await signIn(shop.baseUrl, 'admin@example.com');
});
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});
afterAll(async () => {
  await shop?.close();
});

describe('live streams', () => {
  it('a user may have LIVE_STREAMS_PER_USER open; one more is refused (429) until one closes', async () => {
    const shopper = await signIn(shop.baseUrl, `streams-${uniqueWord()}@example.com`);
    const first = open('orderEvents.mine', shopper.cookie);
    const second = open('orderEvents.mine', shopper.cookie);
    await Promise.all([first.connected, second.connected]);
    const third = open('orderEvents.mine', shopper.cookie);
    expect(await third.failure).toEqual({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      message: 'Too many live updates open: close another tab of the shop and try again',
    });
    // Another user is not counted against this one.
    await open('liveEvents.staff', admin.cookie).connected;

    first.close();
    // The server hears the hang-up a moment later; from then on one more may open, and no more.
    let kept: EventStream<unknown> | null = null;
    await expect
      .poll(
        async () => {
          const attempt = open('orderEvents.mine', shopper.cookie);
          if ((await outcome(attempt)) === 'open') kept = attempt;
          return kept !== null;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await outcome(open('orderEvents.mine', shopper.cookie))).toBe('refused');
  });

  it('ends after LIVE_STREAM_MAX_SECONDS; a new one may be opened', async () => {
    const stream = open('liveEvents.staff', admin.cookie);
    await stream.connected;
    const started = Date.now();
    expect(await endsWithin(stream, (MAX_SECONDS + 2) * 1000)).toBe(true);
    expect(Date.now() - started).toBeGreaterThan((MAX_SECONDS - 1) * 1000);
    await open('liveEvents.staff', admin.cookie).connected;
  }, 15_000);

  it('ends when the session is signed out', async () => {
    const shopper = await signIn(shop.baseUrl, `signing-out-${uniqueWord()}@example.com`);
    const stream = open('orderEvents.mine', shopper.cookie);
    await stream.connected;
    expect(await endsWithin(stream, 500)).toBe(false);
    expect((await send(shopper, 'POST', '/api/logout')).status).toBe(303);
    expect(await endsWithin(stream, 1500)).toBe(true);
  });

  it('ends when its API token is revoked', async () => {
    const created = await send(admin, 'POST', '/api/admin/api-tokens', {
      userId: admin.user.id,
      name: 'stream test',
      scope: 'read',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.status).toBe(201);
    const stream = open('liveEvents.staff', undefined, { authorization: `Bearer ${created.body!.token}` });
    await stream.connected;
    expect(await endsWithin(stream, 500)).toBe(false);
    expect((await send(admin, 'DELETE', `/api/admin/api-tokens/${created.body!.id}`)).status).toBe(200);
    expect(await endsWithin(stream, 1500)).toBe(true);
  });

  it('ends when the user loses the permission', async () => {
    const email = `stock-watcher-${uniqueWord()}@example.com`;
    const watcher = await signIn(shop.baseUrl, email);
    await shop.dataSource.query(
      `UPDATE users SET role = 'inventory_manager', role_id = (SELECT id FROM roles WHERE name = 'inventory_manager')
       WHERE email = $1`,
      [email],
    );
    const stream = open('liveEvents.staff', watcher.cookie);
    await stream.connected;
    expect(await endsWithin(stream, 500)).toBe(false);
    await shop.dataSource.query(
      `UPDATE users SET role = 'customer', role_id = (SELECT id FROM roles WHERE name = 'customer')
       WHERE email = $1`,
      [email],
    );
    expect(await endsWithin(stream, 1500)).toBe(true);
    // Opened again, it is refused.
    expect((await open('liveEvents.staff', watcher.cookie).failure).code).toBe('FORBIDDEN');
  });
});
