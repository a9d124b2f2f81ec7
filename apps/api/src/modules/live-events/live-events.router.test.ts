/**
 * Who hears what, through the real app (PostgreSQL, sessions from the real sign-in flow, streams
 * over HTTP): a customer may not open the staff stream; a sales manager hears order events and no
 * stock events; an inventory manager hears stock events and no order events; a shopper hears only
 * their own orders, and never who changed them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, ShopperOrderEvent } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';
import { openEventStream, type EventStream } from '../../test/event-stream';

let shop: TestApp;
let admin: SignedIn;
let inventory: SignedIn;
let owner: SignedIn;
let other: SignedIn;
let salesStream: EventStream<LiveEvent>;
let inventoryStream: EventStream<LiveEvent>;
let ownerStream: EventStream<ShopperOrderEvent>;
let otherStream: EventStream<ShopperOrderEvent>;
let product: { id: string; price: string; stock: number; low_stock_threshold: number };

async function send(who: SignedIn, method: string, url: string, body: unknown) {
  const response = await fetch(`${shop.baseUrl}${url}`, {
    method,
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { id: string } };
}

beforeAll(async () => {
  shop = await startTestApp();
  const sales = await signIn(shop.baseUrl, 'sales@example.com');
  [admin, inventory, owner, other] = await Promise.all([
    signIn(shop.baseUrl, 'admin@example.com'),
    signIn(shop.baseUrl, 'inventory@example.com'),
    signIn(shop.baseUrl, 'live-owner@example.com'),
    signIn(shop.baseUrl, 'live-bystander@example.com'),
  ]);
  [product] = await shop.dataSource.query(
    `INSERT INTO products (sku, name, description, price, unit, stock, low_stock_threshold)
     VALUES ('LIVE-SCOPE-1', 'Scoped Loaf', 'Heard by some', '4.25', 'each', 40, 7)
     RETURNING id, price, stock, low_stock_threshold`,
  );
  salesStream = openEventStream(shop.baseUrl, 'liveEvents.staff', sales.cookie);
  inventoryStream = openEventStream(shop.baseUrl, 'liveEvents.staff', inventory.cookie);
  ownerStream = openEventStream(shop.baseUrl, 'orderEvents.mine', owner.cookie);
  otherStream = openEventStream(shop.baseUrl, 'orderEvents.mine', other.cookie);
  await Promise.all(
    [salesStream, inventoryStream, ownerStream, otherStream].map((stream) => stream.connected),
  );
});

afterAll(async () => {
  for (const stream of [salesStream, inventoryStream, ownerStream, otherStream]) stream?.close();
  await shop?.close();
});

describe('live events, scoped by permission on the server', () => {
  it('refuses the staff stream to a customer (FORBIDDEN) and to a visitor (UNAUTHORIZED)', async () => {
    const customer = await signIn(shop.baseUrl, 'customer@example.com');
    const refused = openEventStream(shop.baseUrl, 'liveEvents.staff', customer.cookie);
    const anonymous = openEventStream(shop.baseUrl, 'liveEvents.staff');
    try {
      expect(await refused.failure).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
      expect(await anonymous.failure).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    } finally {
      refused.close();
      anonymous.close();
    }
  });

  it('an order placed, moved and cancelled: sales hear the order, inventory the stock, the owner their own order', async () => {
    const placedResponse = await send(owner, 'POST', '/api/orders', {
      items: [{ productId: product.id, quantity: 3, price: product.price }],
      total: '12.75',
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '5 Scope Street, Springfield',
    });
    expect(placedResponse.status).toBe(201);
    const orderId = placedResponse.body.id;
    for (const status of ['processing', 'cancelled']) {
      expect((await send(admin, 'PATCH', `/api/orders/${orderId}/status`, { status })).status).toBe(200);
    }
    expect(
      (await send(inventory, 'PATCH', `/api/products/${product.id}`, { stock: 77, reason: 'Recount' }))
        .status,
    ).toBe(200);

    const level = (stock: number): LiveEvent => ({
      type: 'stock',
      productId: product.id,
      stock,
      lowStockThreshold: product.low_stock_threshold,
    });
    // The inventory manager's last event comes last of all: once here, everything has been sent.
    await expect
      .poll(() => inventoryStream.events, { timeout: 5000 })
      .toEqual([level(product.stock - 3), level(product.stock), level(77)]);
    const by = { id: admin.user.id, name: 'Ada Admin' };
    await expect
      .poll(() => salesStream.events, { timeout: 5000 })
      .toEqual([
        { type: 'order.placed', orderId, userId: owner.user.id, status: 'pending', total: '12.75' },
        { type: 'order.status', orderId, userId: owner.user.id, from: 'pending', to: 'processing', by },
        { type: 'order.status', orderId, userId: owner.user.id, from: 'processing', to: 'cancelled', by },
      ]);
    await expect
      .poll(() => ownerStream.events, { timeout: 5000 })
      .toEqual([
        { orderId, userId: owner.user.id, status: 'pending', kind: 'placed' },
        { orderId, userId: owner.user.id, status: 'processing', kind: 'status' },
        { orderId, userId: owner.user.id, status: 'cancelled', kind: 'status' },
      ]);
    await new Promise((resolve) => setTimeout(resolve, 300)); // anything misrouted would be here by now
    expect(otherStream.events).toEqual([]);
    expect(salesStream.events).toHaveLength(3);
    expect(inventoryStream.events).toHaveLength(3);
  });

  it('a refused order (not enough stock) announces nothing', async () => {
    const refused = await send(owner, 'POST', '/api/orders', {
      items: [{ productId: product.id, quantity: 1000, price: product.price }],
      total: '4250.00',
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '5 Scope Street, Springfield',
    });
    expect(refused.status).toBe(409);
    const heard = [salesStream, inventoryStream, ownerStream].map((stream) => stream.events.length);
    // A threshold change is announced too (no stock moved, but the screens show it): the marker.
    expect(
      (await send(inventory, 'PATCH', `/api/products/${product.id}`, { lowStockThreshold: 9 })).status,
    ).toBe(200);
    await expect
      .poll(() => inventoryStream.events.at(-1), { timeout: 5000 })
      .toEqual({ type: 'stock', productId: product.id, stock: 77, lowStockThreshold: 9 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inventoryStream.events).toHaveLength(heard[1]! + 1);
    expect(salesStream.events).toHaveLength(heard[0]!);
    expect(ownerStream.events).toHaveLength(heard[2]!);
  });
});
