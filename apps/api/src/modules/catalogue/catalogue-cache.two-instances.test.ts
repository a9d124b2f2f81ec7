/**
 * The catalogue cache across api instances (issue 18): two buildApp apps on one database, each
 * with its own cache. A staff price change made through A, and a stock change by an order placed
 * through A, show to anonymous visitors of B (whose cache held the old answers) within the default
 * bound (1 s) even when B's entries would live ten times longer: B drops them when it hears A's NOTIFY.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceOptions } from '@shop/db';
import { createTestDatabase, embeddedTestDatabase, type TestDatabase } from '@shop/db/testing';
import { buildApp } from '../../app';
import { testEnv } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { cardOrder, makeProduct } from '../../test/order-fixtures';
import { uniqueWord } from '../../test/unique-word';

/** The bound the shop promises by default. */
const BOUND_MS = 1000;
/**
 * The instances' own bound, far longer: an answer that changes within BOUND_MS changed because B
 * heard of the change, not because its entry expired.
 */
const MAX_AGE_MS = 10 * BOUND_MS;

interface Instance {
  app: FastifyInstance;
  dataSource: DataSource;
  baseUrl: string;
}

let db: TestDatabase;
let a: Instance;
let b: Instance;

async function startInstance(url: string): Promise<Instance> {
  const dataSource = new DataSource(dataSourceOptions(url, { poolSize: 3 }));
  await dataSource.initialize();
  const app = await buildApp({
    env: testEnv({ CATALOGUE_CACHE_MAX_AGE_MS: String(MAX_AGE_MS) }),
    dataSource,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, dataSource, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** Reads `url` on the instance until `check` holds; how long it took. */
async function within(instance: Instance, url: string, check: (body: unknown) => boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    const body = (await (await fetch(instance.baseUrl + url)).json()) as unknown;
    if (check(body)) return Date.now() - started;
    if (Date.now() - started > 2 * MAX_AGE_MS)
      throw new Error(`${url} still answers ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Embedded: one process, one connection; a second instance cannot reach the database.
describe.skipIf(embeddedTestDatabase)('the catalogue cache on two api instances', () => {
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

  it('a price changed through A shows on B within the bound', async () => {
    const product = await makeProduct(a.dataSource, { price: '6.00' });
    const url = `/api/products/${product.id}`;
    const listUrl = `/trpc/products.page?input=${encodeURIComponent(JSON.stringify({ search: product.name }))}`;
    const first = await fetch(b.baseUrl + url);
    expect(((await first.json()) as { price: string }).price).toBe('6.00');
    await fetch(b.baseUrl + listUrl); // B now holds both answers
    const cached = await fetch(b.baseUrl + url, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(cached.status).toBe(304);

    const admin = await signIn(a.baseUrl, 'admin@example.com');
    const current = (await (await fetch(a.baseUrl + url, { headers: { cookie: admin.cookie } })).json()) as {
      name: string;
      description: string;
      categoryId: string;
      version: number;
    };
    const put = await fetch(a.baseUrl + url, {
      method: 'PUT',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: current.name,
        description: current.description,
        price: '6.40',
        categoryId: current.categoryId,
        version: current.version,
      }),
    });
    expect(put.status).toBe(200);
    expect(await within(b, url, (body) => (body as { price: string }).price === '6.40')).toBeLessThanOrEqual(
      BOUND_MS,
    );
    type Page = { result: { data: { items: { price: string }[] } } };
    expect(
      await within(b, listUrl, (body) => (body as Page).result.data.items[0]?.price === '6.40'),
    ).toBeLessThanOrEqual(BOUND_MS);
  });

  it('a stock change by an order placed through A shows on B within the bound', async () => {
    const product = await makeProduct(a.dataSource, { stock: 40 });
    const url = `/api/products/${product.id}`;
    expect(((await (await fetch(b.baseUrl + url)).json()) as { stock: number }).stock).toBe(40);
    const shopper = await signIn(a.baseUrl, `cache-two-${uniqueWord()}@example.com`);
    const order = await fetch(`${a.baseUrl}/api/orders`, {
      method: 'POST',
      headers: { cookie: shopper.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(cardOrder([product], 4)),
    });
    expect(order.status).toBe(201);
    expect(await within(b, url, (body) => (body as { stock: number }).stock === 36)).toBeLessThanOrEqual(
      BOUND_MS,
    );
  });
});
