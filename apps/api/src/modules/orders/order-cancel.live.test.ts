/**
 * A shopper's cancellation heard live, through the real app (issue 19 item 3: "staff see it
 * live"): sales staff hear the status change with the shopper as who made it, inventory hears the
 * stock come back, the owner's other tabs hear their order change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, ShopperOrderEvent } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';
import { openEventStream, type EventStream } from '../../test/event-stream';

let shop: TestApp;
let owner: SignedIn;
let salesStream: EventStream<LiveEvent>;
let inventoryStream: EventStream<LiveEvent>;
let ownerStream: EventStream<ShopperOrderEvent>;

async function send(method: string, url: string, body: unknown) {
  const response = await fetch(`${shop.baseUrl}${url}`, {
    method,
    headers: { cookie: owner.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { id: string; status: string } };
}

beforeAll(async () => {
  shop = await startTestApp();
  const [sales, inventory] = await Promise.all([
    signIn(shop.baseUrl, 'sales@example.com'),
    signIn(shop.baseUrl, 'inventory@example.com'),
  ]);
  owner = await signIn(shop.baseUrl, 'cancel-owner@example.com');
  salesStream = openEventStream(shop.baseUrl, 'liveEvents.staff', sales.cookie);
  inventoryStream = openEventStream(shop.baseUrl, 'liveEvents.staff', inventory.cookie);
  ownerStream = openEventStream(shop.baseUrl, 'orderEvents.mine', owner.cookie);
  await Promise.all([salesStream, inventoryStream, ownerStream].map((stream) => stream.connected));
});

afterAll(async () => {
  for (const stream of [salesStream, inventoryStream, ownerStream]) stream?.close();
  await shop?.close();
});

describe('a shopper cancels their order', () => {
  it('staff hear it with the shopper as who; the stock coming back is heard too', async () => {
    const [product] = await shop.dataSource.query(
      `INSERT INTO products (sku, name, description, price, unit, stock, low_stock_threshold)
       VALUES ('LIVE-CANCEL-1', 'Cancelled Loaf', 'Goes back on the shelf', '3.00', 'each', 20, 5)
       RETURNING id, price, stock, low_stock_threshold`,
    );
    const placed = await send('POST', '/api/orders', {
      items: [{ productId: product.id, quantity: 2, price: product.price }],
      total: '6.00',
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '2 Change Of Mind Lane',
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.id;
    const cancelled = await send('POST', `/api/orders/${orderId}/cancel`, {});
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled' } });

    await expect
      .poll(() => salesStream.events, { timeout: 5000 })
      .toEqual([
        { type: 'order.placed', orderId, userId: owner.user.id, status: 'pending', total: '6.00' },
        {
          type: 'order.status',
          orderId,
          userId: owner.user.id,
          from: 'pending',
          to: 'cancelled',
          by: { id: owner.user.id, name: expect.any(String) },
        },
      ]);
    const level = (stock: number): LiveEvent => ({
      type: 'stock',
      productId: product.id,
      stock,
      lowStockThreshold: product.low_stock_threshold,
    });
    await expect.poll(() => inventoryStream.events, { timeout: 5000 }).toEqual([level(18), level(20)]);
    await expect
      .poll(() => ownerStream.events, { timeout: 5000 })
      .toEqual([
        { orderId, userId: owner.user.id, status: 'pending', kind: 'placed' },
        { orderId, userId: owner.user.id, status: 'cancelled', kind: 'status' },
      ]);
  });
});
