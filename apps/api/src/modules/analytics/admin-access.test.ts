/**
 * Who may call what (docs/product.md §6, docs/architecture.md §4): every admin procedure for every demo role, in-process
 * through createCaller on a real PostgreSQL clone. Anonymous → UNAUTHORIZED, a customer or the
 * wrong staff role → FORBIDDEN, the right roles succeed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import {
  callerAs,
  codeOf,
  DEMO_ROLES,
  makeOrder,
  makeProduct,
  type Caller,
  type DemoRole,
} from '../../test/admin-fixtures';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

async function firstCategoryId(): Promise<string> {
  const [row] = await db.dataSource.query(`SELECT id FROM categories ORDER BY name LIMIT 1`);
  return row.id;
}

interface Case {
  name: string;
  allowed: DemoRole[];
  /** Makes its own data, then calls. */
  call: (caller: Caller) => Promise<unknown>;
}

const INVENTORY: DemoRole[] = ['admin', 'inventory_manager'];
const SALES: DemoRole[] = ['admin', 'sales_manager'];
const STAFF: DemoRole[] = ['admin', 'inventory_manager', 'sales_manager'];

const cases: Case[] = [
  { name: 'admin.overview', allowed: STAFF, call: (c) => c.admin.overview() },
  { name: 'inventory.lowStock', allowed: INVENTORY, call: (c) => c.inventory.lowStock() },
  { name: 'inventory.summary', allowed: INVENTORY, call: (c) => c.inventory.summary() },
  {
    name: 'inventory.history',
    allowed: INVENTORY,
    call: async (c) => c.inventory.history({ productId: (await makeProduct(db.dataSource)).id }),
  },
  {
    name: 'products.create',
    allowed: INVENTORY,
    call: async (c) =>
      c.products.create({
        name: 'Access test',
        description: 'Made by the access test',
        price: '1.00',
        stock: 1,
        categoryId: await firstCategoryId(),
      }),
  },
  {
    name: 'products.update',
    allowed: INVENTORY,
    call: async (c) =>
      c.products.update({
        id: (await makeProduct(db.dataSource)).id,
        name: 'Renamed',
        description: 'Changed',
        price: '3.00',
        stock: 4,
        expectedStock: 100, // a stock value needs a precondition (issue 32)
        categoryId: await firstCategoryId(),
      }),
  },
  {
    name: 'products.patch',
    allowed: INVENTORY,
    call: async (c) =>
      c.products.patch({ id: (await makeProduct(db.dataSource)).id, stock: 7, reason: 'Recount' }),
  },
  {
    name: 'products.delete',
    allowed: INVENTORY,
    call: async (c) => c.products.delete({ id: (await makeProduct(db.dataSource)).id }),
  },
  { name: 'orderManagement.list', allowed: SALES, call: (c) => c.orderManagement.list({ status: 'all' }) },
  { name: 'orderManagement.summary', allowed: SALES, call: (c) => c.orderManagement.summary() },
  {
    name: 'orderManagement.byId',
    allowed: SALES,
    call: async (c) => {
      const product = await makeProduct(db.dataSource);
      return c.orderManagement.byId({
        id: await makeOrder(db.dataSource, { items: [{ productId: product.id, quantity: 1 }] }),
      });
    },
  },
  {
    name: 'orderManagement.updateStatus',
    allowed: SALES,
    call: async (c) => {
      const product = await makeProduct(db.dataSource);
      const id = await makeOrder(db.dataSource, { items: [{ productId: product.id, quantity: 1 }] });
      return c.orderManagement.updateStatus({ id, status: 'processing' });
    },
  },
];

describe.each(cases)('$name', ({ allowed, call }) => {
  it('refuses an anonymous caller with UNAUTHORIZED', async () => {
    expect(await codeOf(call(await callerAs(db.dataSource, null)))).toBe('UNAUTHORIZED');
  });

  it.each(DEMO_ROLES)('as %s', async (role) => {
    const code = await codeOf(call(await callerAs(db.dataSource, role)));
    expect(code).toBe(allowed.includes(role) ? undefined : 'FORBIDDEN');
  });
});

describe('nothing changes when a caller is refused', () => {
  it('a sales manager cannot change stock, and the ledger stays empty', async () => {
    const product = await makeProduct(db.dataSource, { stock: 5 });
    const sales = await callerAs(db.dataSource, 'sales_manager');
    expect(await codeOf(sales.products.patch({ id: product.id, stock: 0 }))).toBe('FORBIDDEN');
    const [row] = await db.dataSource.query(`SELECT stock FROM products WHERE id = $1`, [product.id]);
    expect(row.stock).toBe(5);
    expect(
      await db.dataSource.query(`SELECT 1 FROM stock_movements WHERE product_id = $1`, [product.id]),
    ).toEqual([]);
  });

  it('an inventory manager cannot change an order', async () => {
    const product = await makeProduct(db.dataSource);
    const id = await makeOrder(db.dataSource, { items: [{ productId: product.id, quantity: 1 }] });
    const inventory = await callerAs(db.dataSource, 'inventory_manager');
    expect(await codeOf(inventory.orderManagement.updateStatus({ id, status: 'cancelled' }))).toBe(
      'FORBIDDEN',
    );
    const [row] = await db.dataSource.query(`SELECT status FROM orders WHERE id = $1`, [id]);
    expect(row.status).toBe('pending');
  });
});
