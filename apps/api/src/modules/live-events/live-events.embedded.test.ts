/**
 * Live updates on the embedded database (PGlite, exactly one connection, no LISTEN possible): the
 * zero-configuration shop streams them too, through the in-process bus. The whole app on a fresh
 * embedded database (migrated and seeded, ~10 s), a shopper's and a staff member's streams open,
 * an order placed and moved along.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, ShopperOrderEvent } from '@shop/schema';
import { migrate, openDatabase, seedDemoData, type Database } from '@shop/db';
import { buildApp } from '../../app';
import { testEnv } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { openEventStream } from '../../test/event-stream';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-live-embedded-'));
let db: Database | undefined;
let app: FastifyInstance | undefined;
let baseUrl: string;

beforeAll(async () => {
  db = await openDatabase({ dataDir });
  await migrate(db.dataSource);
  await seedDemoData(db.dataSource);
  app = await buildApp({ env: testEnv(), dataSource: db.dataSource, databaseKind: db.kind });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('live updates on the embedded database', () => {
  it(
    'a placed order and a status change reach the staff stream and the owner’s',
    { timeout: 60_000 },
    async () => {
      expect(db!.kind).toBe('embedded');
      const admin = await signIn(baseUrl, 'admin@example.com');
      const shopper = await signIn(baseUrl, 'embedded-live@example.com');
      const staffStream = openEventStream<LiveEvent>(baseUrl, 'liveEvents.staff', admin.cookie);
      const shopperStream = openEventStream<ShopperOrderEvent>(baseUrl, 'orderEvents.mine', shopper.cookie);
      try {
        await Promise.all([staffStream.connected, shopperStream.connected]);
        const [product]: { id: string; price: string; stock: number; low_stock_threshold: number }[] =
          await db!.dataSource.query(
            `SELECT id, price, stock, low_stock_threshold FROM products
           WHERE is_active AND stock >= 5 ORDER BY name LIMIT 1`,
          );
        const post = (url: string, method: string, cookie: string, body: unknown) =>
          fetch(`${baseUrl}${url}`, {
            method,
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        const placed = await post('/api/orders', 'POST', shopper.cookie, {
          items: [{ productId: product!.id, quantity: 2, price: product!.price }],
          total: (Number(product!.price) * 2).toFixed(2),
          paymentMethod: 'cash_on_delivery',
          shippingAddress: '1 Embedded Way, Springfield',
        });
        expect(placed.status).toBe(201);
        const order = (await placed.json()) as { id: string; total: string };
        const changed = await post(`/api/orders/${order.id}/status`, 'PATCH', admin.cookie, {
          status: 'processing',
        });
        expect(changed.status).toBe(200);

        await expect
          .poll(() => staffStream.events, { timeout: 5000 })
          .toEqual([
            {
              type: 'order.placed',
              orderId: order.id,
              userId: shopper.user.id,
              status: 'pending',
              total: order.total,
            },
            {
              type: 'stock',
              productId: product!.id,
              stock: product!.stock - 2,
              lowStockThreshold: product!.low_stock_threshold,
            },
            {
              type: 'order.status',
              orderId: order.id,
              userId: shopper.user.id,
              from: 'pending',
              to: 'processing',
              by: { id: admin.user.id, name: 'Ada Admin' },
            },
          ]);
        await expect
          .poll(() => shopperStream.events, { timeout: 5000 })
          .toEqual([
            { orderId: order.id, userId: shopper.user.id, status: 'pending', kind: 'placed' },
            { orderId: order.id, userId: shopper.user.id, status: 'processing', kind: 'status' },
          ]);
      } finally {
        staffStream.close();
        shopperStream.close();
      }
    },
  );
});
