/**
 * Stock has one way in (issue 32, the audit's two stock findings), on the real app and database:
 * - `PUT /api/products/:id` (and tRPC `products.update`) sets stock only for a caller holding
 *   `inventory:update`: a token or a role with `products:update` alone gets 403 and the level stays;
 * - a stock value without a precondition (`expectedStock` or `version`) answers 428 naming them, so
 *   the integrator's read-modify-write cannot write back units sold meanwhile (10 instead of 7);
 * - the Edit Product dialog's save (version, and stock with expectedStock) keeps working;
 * - the OpenAPI document tells the 428.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductDto } from '@shop/schema';
import { PRODUCT_STOCK_WRITE_MESSAGES } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';
import { createCaller } from '../../app-router';
import {
  contextFor,
  currentUser,
  failureOf,
  makeOrder,
  makeProduct,
  stockOf,
} from '../../test/admin-fixtures';

let shop: TestApp;
let adminCookie: string;
let adminId: string;

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function call(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Reply> {
  const response = await shop.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}
const asAdmin = (method: string, url: string, body?: unknown) =>
  call(method, url, { cookie: adminCookie }, body);

/** A write token of the admin carrying only `permissions`. */
async function tokenWith(permissions: string[]): Promise<Record<string, string>> {
  const created = await asAdmin('POST', '/api/admin/api-tokens', {
    userId: adminId,
    name: `stock test ${permissions.join(' ')}`,
    scope: 'write',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    permissions,
  });
  expect(created.status).toBe(201);
  return { authorization: `Bearer ${created.body.token}` };
}

/** The product form as an integrator reads it back from GET /api/products/:id. */
function formOf(product: AdminProductDto) {
  return {
    name: product.name,
    categoryId: product.categoryId!,
    description: product.description!,
    price: product.price,
    lowStockThreshold: product.lowStockThreshold,
  };
}

async function read(id: string): Promise<AdminProductDto> {
  const answer = await asAdmin('GET', `/api/products/${id}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
  const admin = await signIn(shop.app, 'admin@example.com');
  adminCookie = admin.cookie;
  adminId = admin.user.id;
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

describe('setting stock needs inventory:update', () => {
  it('a token with products:update but not inventory:update cannot change stock through PUT (REST)', async () => {
    const product = await makeProduct(shop.dataSource, { stock: 2360 });
    const opened = await read(product.id);
    const token = await tokenWith(['products:read_all', 'products:update']);

    const refused = await call('PUT', `/api/products/${product.id}`, token, {
      ...formOf(opened),
      stock: 3360,
      version: opened.version,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FORBIDDEN',
      message: PRODUCT_STOCK_WRITE_MESSAGES.permission,
    });
    expect(await stockOf(shop.dataSource, product.id)).toBe(2360);

    // The same edit without stock is its to make; the level stays.
    const edited = await call('PUT', `/api/products/${product.id}`, token, {
      ...formOf(opened),
      price: '3.10',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ price: '3.10', stock: 2360 });

    // PATCH …/stock was already refused to it.
    expect((await call('PATCH', `/api/products/${product.id}`, token, { stock: 3360 })).status).toBe(403);
  });

  it('the same over tRPC, with a token and with a role lacking inventory:update', async () => {
    const product = await makeProduct(shop.dataSource, { stock: 50 });
    const opened = await read(product.id);
    const token = await tokenWith(['products:read_all', 'products:update']);
    const viaTrpc = await shop.app.inject({
      method: 'POST',
      url: '/trpc/products.update',
      headers: { ...token, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: product.id, ...formOf(opened), stock: 500, expectedStock: 50 }),
    });
    expect(viaTrpc.statusCode).toBe(403);

    const admin = await currentUser(shop.dataSource, 'admin@example.com');
    const catalogueEditor = createCaller(
      contextFor(shop.dataSource, {
        ...admin,
        permissions: new Set(['admin:access', 'products:read_all', 'products:update']),
      }),
    );
    const failure = await failureOf(
      catalogueEditor.products.update({ id: product.id, ...formOf(opened), stock: 500, expectedStock: 50 }),
    );
    expect(failure.code).toBe('FORBIDDEN');
    expect(await stockOf(shop.dataSource, product.id)).toBe(50);

    // With inventory:update (the inventory manager's, the admin's) it is set.
    const withInventory = await tokenWith(['products:read_all', 'products:update', 'inventory:update']);
    const set = await call('PUT', `/api/products/${product.id}`, withInventory, {
      ...formOf(opened),
      stock: 55,
      expectedStock: 50,
    });
    expect(set.status).toBe(200);
    expect(set.body.stock).toBe(55);
  });
});

describe('a stock value needs a precondition', () => {
  it('the stale read-modify-write is refused with 428 and the sold units stay sold', async () => {
    const product = await makeProduct(shop.dataSource, { stock: 10 });
    const opened = await read(product.id);
    await makeOrder(shop.dataSource, { items: [{ productId: product.id, quantity: 3 }] });

    const stale = await asAdmin('PUT', `/api/products/${product.id}`, {
      ...formOf(opened),
      stock: opened.stock,
    });
    expect(stale.status).toBe(428);
    expect(stale.body).toEqual({
      code: 'PRECONDITION_REQUIRED',
      message: PRODUCT_STOCK_WRITE_MESSAGES.precondition,
    });
    expect(stale.body.message).toMatch(/expectedStock/);
    expect(stale.body.message).toMatch(/version/);
    expect(await stockOf(shop.dataSource, product.id)).toBe(7);

    // With the level it read, the write is refused as outdated instead (409), still 7.
    const guarded = await asAdmin('PUT', `/api/products/${product.id}`, {
      ...formOf(opened),
      stock: opened.stock,
      expectedStock: opened.stock,
    });
    expect(guarded.status).toBe(409);
    expect(guarded.body.details.reason).toBe('STOCK_CHANGED');
    expect(await stockOf(shop.dataSource, product.id)).toBe(7);

    // tRPC answers the same code.
    const admin = await currentUser(shop.dataSource, 'admin@example.com');
    const caller = createCaller(contextFor(shop.dataSource, admin));
    const failure = await failureOf(caller.products.update({ id: product.id, ...formOf(opened), stock: 12 }));
    expect(failure.code).toBe('PRECONDITION_REQUIRED');
    expect(await stockOf(shop.dataSource, product.id)).toBe(7);
  });

  it('the Edit Product dialog’s saves keep working: version, with stock and expectedStock when changed', async () => {
    const product = await makeProduct(shop.dataSource, { stock: 20 });
    const opened = await read(product.id);
    const renamed = await asAdmin('PUT', `/api/products/${product.id}`, {
      ...formOf(opened),
      name: `${opened.name} (renamed)`,
      version: opened.version,
    });
    expect(renamed.status).toBe(200);
    const restocked = await asAdmin('PUT', `/api/products/${product.id}`, {
      ...formOf(renamed.body),
      stock: 25,
      expectedStock: 20,
      version: renamed.body.version,
    });
    expect(restocked.status).toBe(200);
    expect(restocked.body.stock).toBe(25);
    // A version alone is a precondition too (STALE_VERSION guards it).
    const byVersion = await asAdmin('PUT', `/api/products/${product.id}`, {
      ...formOf(restocked.body),
      stock: 30,
      version: restocked.body.version,
    });
    expect(byVersion.status).toBe(200);
    expect(byVersion.body.stock).toBe(30);
  });

  it('the OpenAPI document tells the 428 of PUT /api/products/{id}', async () => {
    const document = (await call('GET', '/api/openapi.json', {})).body;
    const put = document.paths['/api/products/{id}'].put;
    expect(put.responses['428']).toBeDefined();
    expect(JSON.stringify(put.responses['428'])).toContain('PRECONDITION_REQUIRED');
    expect(put.description).toMatch(/inventory:update/);
  });
});
