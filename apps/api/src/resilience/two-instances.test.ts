/**
 * Two api instances on one database (docs/architecture.md §4 'Scale': no state that matters in memory): two
 * buildApp apps, each with its own connection pool, listening on their own ports over one test
 * database. A session made through A works on B, and orders placed through both at once never
 * oversell: stock 10, 40 concurrent orders split across A and B → exactly 10 succeed.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceOptions } from '@shop/db';
import { createTestDatabase, embeddedTestDatabase, type TestDatabase } from '@shop/db/testing';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { TEST_ENV_DEFAULTS } from '../test/test-app';
import { signIn, type SignedIn } from '../test/sign-in';

interface Instance {
  app: FastifyInstance;
  dataSource: DataSource;
  baseUrl: string;
}

let db: TestDatabase;
let a: Instance;
let b: Instance;

async function startInstance(url: string): Promise<Instance> {
  const dataSource = new DataSource(dataSourceOptions(url, { poolSize: 5 }));
  await dataSource.initialize();
  const app = await buildApp({ env: loadEnv({ ...TEST_ENV_DEFAULTS }), dataSource });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, dataSource, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 2 });
  [a, b] = await Promise.all([startInstance(db.url), startInstance(db.url)]);
}, 60_000);

afterAll(async () => {
  for (const instance of [a, b]) {
    await instance?.app.close();
    if (instance?.dataSource.isInitialized) await instance.dataSource.destroy();
  }
  await db?.drop();
});

// Embedded (TEST_DB_MODE=embedded): skipped. The embedded database lives inside one api process and
// takes exactly one connection; a second instance (a second pool, a second LISTEN client) cannot reach it.
describe.skipIf(embeddedTestDatabase)('two api instances on one database', () => {
  it('a session made through A is valid on B, and signing out on B ends it on A', async () => {
    const shopper = await signIn(a.baseUrl, 'two-instances@example.com');
    const onB = await fetch(`${b.baseUrl}/api/auth/user`, { headers: { cookie: shopper.cookie } });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ id: shopper.user.id, email: 'two-instances@example.com' });

    const admin = await signIn(b.baseUrl, 'admin@example.com');
    const staffOnA = await fetch(`${a.baseUrl}/api/products/low-stock`, {
      headers: { cookie: admin.cookie },
    });
    expect(staffOnA.status).toBe(200);

    const logout = await fetch(`${b.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { cookie: shopper.cookie, origin: b.baseUrl },
      redirect: 'manual',
    });
    expect(logout.status).toBeGreaterThanOrEqual(300);
    // A forgets its cached copy when B's announcement arrives (modules/identity/auth-cache.ts): within
    // a second, as two-instances-auth.test.ts holds it.
    let status = 0;
    for (const start = Date.now(); Date.now() - start < 1000;) {
      status = (await fetch(`${a.baseUrl}/api/auth/user`, { headers: { cookie: shopper.cookie } })).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });

  it('40 concurrent orders for a product with stock 10, through A and B: exactly 10 succeed', async () => {
    const [product] = await db.dataSource.query(
      `INSERT INTO products (sku, name, description, price, unit, stock)
       VALUES ('TWO-INSTANCES-1', 'Last Ten Loaves', 'Only ten', '4.00', 'each', 10) RETURNING id, price`,
    );
    // 10 shoppers × 4 orders (2 through each instance): inside the per-user placement limit.
    const shoppers: SignedIn[] = [];
    for (let i = 0; i < 10; i++)
      shoppers.push(await signIn(i % 2 ? b.baseUrl : a.baseUrl, `two-${i}@example.com`));
    const attempts = Array.from({ length: 40 }, (_, i) => ({
      instance: i % 2 ? b : a,
      shopper: shoppers[i % 10]!,
    }));

    const statuses = await Promise.all(
      attempts.map(async ({ instance, shopper }) => {
        const response = await fetch(`${instance.baseUrl}/api/orders`, {
          method: 'POST',
          headers: {
            cookie: shopper.cookie,
            'content-type': 'application/json',
            'idempotency-key': crypto.randomUUID(),
          },
          body: JSON.stringify({
            items: [{ productId: product.id, quantity: 1, price: product.price }],
            total: product.price,
            paymentMethod: 'cash_on_delivery',
            shippingAddress: '2 Instance Avenue, Springfield',
          }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );

    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30);
    const [{ stock }] = await db.dataSource.query(`SELECT stock FROM products WHERE id = $1`, [product.id]);
    expect(stock).toBe(0);
    const [{ n, sold }] = await db.dataSource.query(
      `SELECT count(DISTINCT order_id)::int AS n, sum(quantity)::int AS sold FROM order_items WHERE product_id = $1`,
      [product.id],
    );
    expect(n).toBe(10);
    expect(sold).toBe(10);
  });
  it('a status change made through A reaches the owner’s live stream on B, and no other customer’s', async () => {
    const [product] = await db.dataSource.query(
      `INSERT INTO products (sku, name, description, price, unit, stock)
       VALUES ('TWO-INSTANCES-LIVE', 'Live Loaf', 'Streamed', '3.00', 'each', 50) RETURNING id, price`,
    );
    const owner = await signIn(b.baseUrl, 'live-owner@example.com');
    const other = await signIn(b.baseUrl, 'live-other@example.com');
    const placed = await fetch(`${b.baseUrl}/api/orders`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ productId: product.id, quantity: 1, price: product.price }],
        total: product.price,
        paymentMethod: 'cash_on_delivery',
        shippingAddress: '3 Stream Street, Springfield',
      }),
    });
    const order = (await placed.json()) as { id: string };

    const ownerStream = openStream(b.baseUrl, owner.cookie);
    const otherStream = openStream(b.baseUrl, other.cookie);
    await Promise.all([ownerStream.connected, otherStream.connected]);

    const staff = await signIn(a.baseUrl, 'admin@example.com');
    const changed = await fetch(`${a.baseUrl}/api/orders/${order.id}/status`, {
      method: 'PATCH',
      headers: { cookie: staff.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'processing' }),
    });
    expect(changed.status).toBe(200);

    // The placement's own event may still be on its way when the stream opens (its NOTIFY races the
    // stream's connection, which reads no session from the database when the caller is cached).
    await expect
      .poll(() => ownerStream.events.filter((event) => (event as { kind: string }).kind === 'status'), {
        timeout: 5000,
      })
      .toEqual([{ orderId: order.id, userId: owner.user.id, status: 'processing', kind: 'status' }]);
    await new Promise((resolve) => setTimeout(resolve, 300)); // anything misrouted would be here by now
    expect(otherStream.events).toEqual([]);
    ownerStream.close();
    otherStream.close();
  });
});

/** A shopper's live order stream (tRPC subscription over server-sent events), collecting its events. */
function openStream(baseUrl: string, cookie: string) {
  const hangUp = new AbortController();
  const events: unknown[] = [];
  let onConnected!: () => void;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  void (async () => {
    const response = await fetch(`${baseUrl}/trpc/orderEvents.mine`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: hangUp.signal,
    });
    const reader = response.body!.getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += new TextDecoder().decode(value);
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes('event: connected')) onConnected();
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data && !block.includes('event:')) events.push(JSON.parse(data));
      }
    }
  })().catch(() => undefined);
  return { events, connected, close: () => hangUp.abort() };
}
