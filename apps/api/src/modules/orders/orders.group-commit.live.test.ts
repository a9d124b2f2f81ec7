/**
 * Orders placed together in one transaction are each announced after its COMMIT (issue 18): staff
 * hear every order of the group (the order emails and the owner's tabs follow the same events) and
 * the products' stock as the group left it (what the catalogue cache invalidates by); a refused
 * member of the group is not announced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { openEventStream, type EventStream } from '../../test/event-stream';
import { callerFor, cardOrder, makeProduct, makeUser } from '../../test/order-fixtures';
import { placementGroupCommit } from './workflows/place-order';

let shop: TestApp;
let salesStream: EventStream<LiveEvent>;
let inventoryStream: EventStream<LiveEvent>;

beforeAll(async () => {
  shop = await startTestApp();
  const [sales, inventory] = await Promise.all([
    signIn(shop.baseUrl, 'sales@example.com'),
    signIn(shop.baseUrl, 'inventory@example.com'),
  ]);
  salesStream = openEventStream(shop.baseUrl, 'liveEvents.staff', sales.cookie);
  inventoryStream = openEventStream(shop.baseUrl, 'liveEvents.staff', inventory.cookie);
  await Promise.all([salesStream.connected, inventoryStream.connected]);
});

afterAll(async () => {
  salesStream?.close();
  inventoryStream?.close();
  await shop?.close();
});

describe('a group of orders heard live', () => {
  it('every placed order and the last stock level are announced; the refused one is not', async () => {
    const ds = shop.dataSource;
    const product = await makeProduct(ds, { price: '1.00', stock: 4 });
    const users = await Promise.all(Array.from({ length: 5 }, () => makeUser(ds)));
    const sizes = placementGroupCommit(ds).groupSizes;
    const before = sizes.length;

    // The first goes alone; the other four form one group, of which the last finds no stock left.
    const results = await Promise.allSettled(
      users.map((user, i) => callerFor(ds, user).orders.create(cardOrder([product], i === 4 ? 2 : 1))),
    );
    expect(sizes.slice(before)).toEqual([1, 4]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));

    await expect
      .poll(
        () =>
          salesStream.events.filter((event) => event.type === 'order.placed').map((event) => event.orderId),
        {
          timeout: 5000,
        },
      )
      .toEqual(placed.map((order) => order.id));
    const levels = () =>
      inventoryStream.events.flatMap((event) =>
        event.type === 'stock' && event.productId === product.id ? [event.stock] : [],
      );
    // One level for the lone order, one (the last) for the group.
    await expect.poll(levels, { timeout: 5000 }).toEqual([3, 0]);
  });
});
