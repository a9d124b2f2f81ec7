/**
 * Two api instances on one database (DESIGN.md §4 'Scale': no state that matters in memory): two
 * buildApp apps, each with its own connection pool, listening on their own ports over one test
 * database. A session made through A works on B, and orders placed through both at once never
 * oversell: stock 10, 40 concurrent orders split across A and B → exactly 10 succeed.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceOptions } from '@shop/db';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
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

describe('two api instances on one database', () => {
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
      headers: { cookie: shopper.cookie },
      redirect: 'manual',
    });
    expect(logout.status).toBeGreaterThanOrEqual(300);
    expect((await fetch(`${a.baseUrl}/api/auth/user`, { headers: { cookie: shopper.cookie } })).status).toBe(
      401,
    );
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
});
