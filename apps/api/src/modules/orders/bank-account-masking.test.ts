/**
 * Bank account numbers are masked to their last 4 in every answer, read as each role: the shopper's
 * own orders (list, detail, the placement's answer), every list staff see, REST and tRPC alike. Only
 * an order's own detail, for a caller holding `payments:read` (admin and sales manager by default),
 * shows the whole number (docs/architecture.md §4 "Payment data").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPermissionModel } from '@shop/db';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { makeProduct, uniqueEmail } from '../../test/order-fixtures';

const ACCOUNT = 'NL91 ABNA 0417 1643 00';
const MASKED = '****4300';

let shop: TestApp;
const cookies: Record<string, string> = {};
let orderId: string;
let placed: { bankAccountNumber: string };

async function get(who: string, url: string) {
  const response = await shop.app.inject({ url, headers: { cookie: cookies[who]! } });
  expect(response.statusCode, `${who} GET ${url}`).toBe(200);
  return response.json();
}

const trpc = (who: string, path: string, input: unknown) =>
  get(who, `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`).then(
    (body) => body.result.data,
  );

beforeAll(async () => {
  // Roles and permissions change straight in the database here: nothing of them may be cached.
  shop = await startTestApp({ listen: false, env: { AUTH_CACHE_MS: '0' } });
  for (const email of ['admin@example.com', 'sales@example.com'])
    cookies[email.split('@')[0]!] = (await signIn(shop.app, email)).cookie;
  const customer = await signIn(shop.app, uniqueEmail('bank'));
  cookies.customer = customer.cookie;

  // A custom role that manages orders without the payment permission.
  const clerk = await signIn(shop.app, uniqueEmail('clerk'));
  cookies.clerk = clerk.cookie;
  const [role] = await shop.dataSource.query(`INSERT INTO roles (name) VALUES ('Order clerk') RETURNING id`);
  await shop.dataSource.query(
    `INSERT INTO role_permission_groups (role_id, permission_group_id)
     SELECT $1, id FROM permission_groups WHERE name IN ('Admin panel', 'Order management')`,
    [role.id],
  );
  await shop.dataSource.query(`UPDATE users SET role_id = $1 WHERE id = $2`, [role.id, clerk.user.id]);

  const product = await makeProduct(shop.dataSource, { stock: 10 });
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: customer.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({
      items: [{ productId: product.id, quantity: 1, price: product.price }],
      total: product.price,
      paymentMethod: 'bank_transfer',
      shippingAddress: '1 Main St, Springfield, IL 62701, US',
      bankName: 'ABN AMRO',
      bankAccountNumber: ACCOUNT,
    }),
  });
  expect(response.statusCode).toBe(201);
  placed = response.json();
  orderId = response.json().id;
});

afterAll(async () => {
  await shop?.close();
});

describe('bank account numbers', () => {
  it('are kept whole in the database', async () => {
    const [row] = await shop.dataSource.query(`SELECT bank_account_number FROM orders WHERE id = $1`, [
      orderId,
    ]);
    expect(row.bank_account_number).toBe(ACCOUNT);
  });

  it('the shopper sees only the last 4: the placement’s answer, their list, the order’s detail', async () => {
    expect(placed.bankAccountNumber).toBe(MASKED);
    const mine = await get('customer', '/api/orders');
    expect(mine.find((order: { id: string }) => order.id === orderId).bankAccountNumber).toBe(MASKED);
    expect((await get('customer', `/api/orders/${orderId}`)).bankAccountNumber).toBe(MASKED);
    expect((await trpc('customer', 'orders.byId', { id: orderId })).bankAccountNumber).toBe(MASKED);
    const trpcMine = await trpc('customer', 'orders.mine', {});
    expect(JSON.stringify(trpcMine)).not.toContain('0417');
  });

  it.each(['admin', 'sales', 'clerk'])('%s: every list shows only the last 4', async (who) => {
    const all = await get(who, '/api/orders');
    expect(all.find((order: { id: string }) => order.id === orderId).bankAccountNumber).toBe(MASKED);
    expect(JSON.stringify(await trpc(who, 'orders.list', {}))).not.toContain('0417');
    expect(JSON.stringify(await trpc(who, 'orderManagement.page', {}))).not.toContain('0417');
  });

  it.each(['admin', 'sales'])(
    '%s (payments:read): the order’s own detail shows the whole number',
    async (who) => {
      expect((await trpc(who, 'orderManagement.byId', { id: orderId })).bankAccountNumber).toBe(ACCOUNT);
      expect((await get(who, `/api/orders/${orderId}`)).bankAccountNumber).toBe(ACCOUNT);
    },
  );

  it('a staff role without payments:read sees the last 4 in the detail too, and after a status change', async () => {
    expect((await trpc('clerk', 'orderManagement.byId', { id: orderId })).bankAccountNumber).toBe(MASKED);
    expect((await get('clerk', `/api/orders/${orderId}`)).bankAccountNumber).toBe(MASKED);
    const changed = await shop.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: { cookie: cookies.clerk!, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'processing' }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().bankAccountNumber).toBe(MASKED);
  });
});

describe('a database from before payments:read', () => {
  it('gets it for admin and sales manager at the next start (the permission seed)', async () => {
    await shop.dataSource.query(`DELETE FROM permission_groups WHERE name = 'Payment details'`);
    await shop.dataSource.query(`DELETE FROM permissions WHERE name = 'payments:read'`);
    expect((await trpc('sales', 'orderManagement.byId', { id: orderId })).bankAccountNumber).toBe(MASKED);

    await shop.dataSource.transaction((tx) => seedPermissionModel(tx));
    expect((await trpc('sales', 'orderManagement.byId', { id: orderId })).bankAccountNumber).toBe(ACCOUNT);
    const holders: { name: string }[] = await shop.dataSource.query(
      `SELECT DISTINCT r.name FROM roles r
       JOIN role_permission_groups rpg ON rpg.role_id = r.id
       JOIN permission_group_permissions gp ON gp.permission_group_id = rpg.permission_group_id
       JOIN permissions p ON p.id = gp.permission_id
       WHERE p.name = 'payments:read' ORDER BY r.name`,
    );
    expect(holders.map((row) => row.name)).toEqual(['admin', 'sales_manager']);
  });
});
