/**
 * A line weighed at picking heard live, through the real app (issue 20, catch weight): the owner's
 * open screens hear their order change (kind 'weighed'), sales staff hear it with the new total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, ShopperOrderEvent } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';
import { openEventStream, type EventStream } from '../../test/event-stream';

let shop: TestApp;
let owner: SignedIn;
let sales: SignedIn;
let salesStream: EventStream<LiveEvent>;
let ownerStream: EventStream<ShopperOrderEvent>;

async function send(who: SignedIn, method: string, url: string, body: unknown) {
  const response = await fetch(`${shop.baseUrl}${url}`, {
    method,
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  shop = await startTestApp();
  sales = await signIn(shop.baseUrl, 'sales@example.com');
  owner = await signIn(shop.baseUrl, 'weighed-owner@example.com');
  salesStream = openEventStream(shop.baseUrl, 'liveEvents.staff', sales.cookie);
  ownerStream = openEventStream(shop.baseUrl, 'orderEvents.mine', owner.cookie);
  await Promise.all([salesStream, ownerStream].map((stream) => stream.connected));
});

afterAll(async () => {
  for (const stream of [salesStream, ownerStream]) stream?.close();
  await shop?.close();
});

describe('staff weigh a line', () => {
  it('the owner hears their order weighed, and sales staff hear the corrected total', async () => {
    // Salmon at $24.99 / kg by 0.25 kg, weighed ±10 %.
    const [product] = await shop.dataSource.query(
      `INSERT INTO products (sku, name, description, price, unit, stock, low_stock_threshold, sold_by,
                             measure_unit, quantity_step, min_quantity, max_quantity, weight_tolerance)
       VALUES ('LIVE-WEIGH-1', 'Live Salmon', 'Weighed at picking', '24.99', 'kg', 20000, 5, 'measure',
               'kg', 250, 250, 3000, 10)
       RETURNING id`,
    );
    const placed = await send(owner, 'POST', '/api/orders', {
      items: [{ productId: product.id, quantity: 750, price: '24.99' }],
      total: '18.74',
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '3 Scales Road',
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.id as string;
    const itemId = (placed.body.items as { id: string }[])[0]!.id;

    const weighed = await send(sales, 'PATCH', `/api/orders/${orderId}/items/${itemId}/weight`, {
      weighedQuantity: 820,
      expectedWeighedQuantity: null,
    });
    expect(weighed).toMatchObject({ status: 200, body: { total: '20.49' } });

    await expect
      .poll(() => ownerStream.events, { timeout: 5000 })
      .toEqual([
        { orderId, userId: owner.user.id, status: 'pending', kind: 'placed' },
        { orderId, userId: owner.user.id, status: 'pending', kind: 'weighed' },
      ]);
    await expect
      .poll(() => salesStream.events.filter((event) => event.type === 'order.weighed'), { timeout: 5000 })
      .toEqual([{ type: 'order.weighed', orderId, userId: owner.user.id, status: 'pending', total: '20.49' }]);
  });
});
