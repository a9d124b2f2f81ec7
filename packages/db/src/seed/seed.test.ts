/** The demo data: what the shop starts with, and that loading it again changes nothing. */
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@shop/schema';
import { CategoryEntity, ProductEntity, RoleEntity, UserEntity } from '../entities';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { products as catalogueProducts } from './catalogue';
import { seedDemoData } from './seed';

const TABLES = ['roles', 'categories', 'products', 'users', 'user_addresses', 'orders', 'order_items'];

async function counts(dataSource: DataSource): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await dataSource.query(`SELECT count(*)::int AS n FROM ${table}`);
    result[table] = row.n;
  }
  return result;
}

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 2 });
});

afterAll(async () => {
  await db?.drop();
});

describe('the seeded catalogue', () => {
  it('has the 8 categories', async () => {
    const categories = await db.dataSource.manager.find(CategoryEntity, { order: { name: 'ASC' } });
    expect(categories.map((category) => category.name)).toEqual([
      'Bakery',
      'Beverages',
      'Coffee & Tea',
      'Dairy & Eggs',
      'Fresh Produce',
      'Meat & Seafood',
      'Pantry',
      'Snacks',
    ]);
    for (const category of categories) expect(category.description).toBeTruthy();
  });

  it('has 55–65 products, every one of the catalogue, each in a category', async () => {
    const products = await db.dataSource.manager.find(ProductEntity);
    expect(products.length).toBeGreaterThanOrEqual(55);
    expect(products.length).toBeLessThanOrEqual(65);
    // a product whose category name does not match is silently dropped by the seed's join
    expect(products.length).toBe(catalogueProducts.length);
    expect(products.filter((product) => product.categoryId === null)).toEqual([]);
  });

  it('has sold-out, low-stock and one inactive product', async () => {
    const products = await db.dataSource.manager.find(ProductEntity);
    const soldOut = products.filter((p) => p.stock === 0);
    const low = products.filter((p) => p.stock > 0 && p.stock <= p.lowStockThreshold);
    const inactive = products.filter((p) => !p.isActive);
    expect(soldOut.length).toBeGreaterThanOrEqual(1);
    expect(low.length).toBeGreaterThanOrEqual(1);
    expect(inactive).toHaveLength(1);
    expect(products.some((p) => p.stock > p.lowStockThreshold && p.isActive)).toBe(true);
  });

  it('has prices as 2-decimal strings and organic and gluten-free labels', async () => {
    const products = await db.dataSource.manager.find(ProductEntity);
    for (const product of products) expect(product.price).toMatch(/^\d+\.\d{2}$/);
    expect(products.some((p) => p.dietaryLabels.includes('organic'))).toBe(true);
    expect(products.some((p) => p.dietaryLabels.includes('gluten-free'))).toBe(true);
    // Issue 20: every demo product has its food facts; some vegan ones are not free from peanuts.
    for (const product of products) {
      expect(product.ingredients, product.sku).toBeTruthy();
      expect(product.nutrition, product.sku).not.toBeNull();
      expect(product.origin, product.sku).toBeTruthy();
      expect(product.storage, product.sku).toBeTruthy();
    }
    const vegan = products.filter((p) => p.dietaryLabels.includes('vegan'));
    expect(vegan.some((p) => [...p.allergens, ...p.mayContain].includes('peanuts'))).toBe(true);
    expect(
      vegan.some((p) => ![...p.allergens, ...p.mayContain].some((a) => a === 'peanuts' || a === 'milk')),
    ).toBe(true);
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
  });

  it('has the four built-in roles', async () => {
    const roles = await db.dataSource.manager.find(RoleEntity);
    expect(roles.map((role) => role.name).sort()).toEqual([...ROLES].sort());
    for (const role of roles) expect(role.isActive).toBe(true);
  });

  it('has the 4 demo users with their roles and names', async () => {
    const users = await db.dataSource.manager.find(UserEntity, { order: { email: 'ASC' } });
    expect(users.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: 'admin@example.com', role: 'admin' },
      { email: 'customer@example.com', role: 'customer' },
      { email: 'inventory@example.com', role: 'inventory_manager' },
      { email: 'sales@example.com', role: 'sales_manager' },
    ]);
    for (const user of users) {
      expect(user.firstName).toBeTruthy();
      expect(user.lastName).toBeTruthy();
    }
  });
});

describe('seedDemoData', () => {
  it('adds nothing the second time and keeps every count', async () => {
    const before = await counts(db.dataSource);
    expect(await seedDemoData(db.dataSource)).toEqual({ roles: 0, categories: 0, products: 0, users: 0 });
    expect(await counts(db.dataSource)).toEqual(before);
  });

  it('leaves a staff edit alone', async () => {
    const product = await db.dataSource.manager.findOneByOrFail(ProductEntity, {
      sku: catalogueProducts[0]!.sku,
    });
    await db.dataSource.manager.update(ProductEntity, { id: product.id }, { price: '123.45', stock: 7 });
    await seedDemoData(db.dataSource);
    expect(await db.dataSource.manager.findOneByOrFail(ProductEntity, { id: product.id })).toMatchObject({
      price: '123.45',
      stock: 7,
    });
  });

  it('loads everything into an empty database once, then adds 0 rows', async () => {
    await db.dataSource.query(`TRUNCATE ${TABLES.join(', ')} CASCADE`);
    expect(Object.values(await counts(db.dataSource)).every((n) => n === 0)).toBe(true);

    const first = await seedDemoData(db.dataSource);
    expect(first).toEqual({ roles: 4, categories: 8, products: catalogueProducts.length, users: 4 });
    const after = await counts(db.dataSource);
    expect(after).toMatchObject({ roles: 4, categories: 8, products: catalogueProducts.length, users: 4 });

    expect(await seedDemoData(db.dataSource)).toEqual({ roles: 0, categories: 0, products: 0, users: 0 });
    expect(await counts(db.dataSource)).toEqual(after);
  });
});
