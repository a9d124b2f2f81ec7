/**
 * Inventory reads on a real PostgreSQL clone: the low-stock list (GET /api/products/low-stock),
 * the cards summed by the database to the cent, and a product's stock history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { callerAs, failureOf, makeProduct, type Caller } from '../../test/admin-fixtures';
import { recordStockMovements } from './stock-ledger';
import { lineCents, type MeasureUnit } from '@shop/schema';

let db: TestDatabase;
let inventory: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  inventory = await callerAs(db.dataSource, 'inventory_manager');
});
afterAll(async () => {
  await db?.drop();
});

describe('inventory.lowStock', () => {
  it('lists active products at or under their threshold as {id, name, stock}, lowest first', async () => {
    const at = await makeProduct(db.dataSource, { stock: 10, lowStockThreshold: 10 });
    const over = await makeProduct(db.dataSource, { stock: 11, lowStockThreshold: 10 });
    const inactive = await makeProduct(db.dataSource, { stock: 0, isActive: false });
    const list = await inventory.inventory.lowStock();
    expect(list).toContainEqual({ id: at.id, name: at.name, stock: 10 });
    expect(list.map((p) => p.id)).not.toContain(over.id);
    expect(list.map((p) => p.id)).not.toContain(inactive.id);
    expect(Object.keys(list[0]!).sort()).toEqual(['id', 'name', 'stock']);
    expect(list.every((p, i) => i === 0 || p.stock >= list[i - 1]!.stock)).toBe(true);
    const [expected] = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM products WHERE is_active AND stock <= low_stock_threshold`,
    );
    expect(list).toHaveLength(expected.n);
  });
});

describe('inventory.summary', () => {
  it('counts every product and sums price × stock exactly', async () => {
    const before = await inventory.inventory.summary();
    // 0.10 × 3 and 0.20 × 1: floats would say 0.30000000000000004 + 0.2
    await makeProduct(db.dataSource, { price: '0.10', stock: 3, lowStockThreshold: 5 });
    await makeProduct(db.dataSource, { price: '0.20', stock: 1, lowStockThreshold: 0 });
    await makeProduct(db.dataSource, { price: '99.99', stock: 0, isActive: false });
    const after = await inventory.inventory.summary();
    expect(after.totalProducts).toBe(before.totalProducts + 3);
    expect(after.lowStockItems).toBe(before.lowStockItems + 2);
    expect(after.outOfStock).toBe(before.outOfStock + 1);
    const cents = (value: string) => BigInt(value.replace('.', ''));
    expect(cents(after.totalStockValue) - cents(before.totalStockValue)).toBe(50n);
    expect(after.totalStockValue).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('inventory.summary: stock value in the unit the price is per', () => {
  /** A product sold by measure: stock in base units (g, ml), its price per kg, L, 100 g or 100 ml. */
  async function measured(unit: MeasureUnit, price: string, stock: number) {
    const product = await makeProduct(db.dataSource, { price, stock, lowStockThreshold: 0 });
    await db.dataSource.query(
      `UPDATE products SET sold_by = 'measure', measure_unit = $2, quantity_step = 1, min_quantity = 1,
              max_quantity = 1000000 WHERE id = $1`,
      [product.id, unit],
    );
    return product;
  }

  it('values grams at the per-kg price, not grams × the price, rounded once per product', async () => {
    const before = await inventory.inventory.summary();
    const cents = (value: string) => BigInt(value.replace('.', ''));
    await measured('kg', '24.90', 34_250); // 34.25 kg × $24.90 = $852.825 → $852.83
    await measured('g', '1.20', 750); // 750 g at $1.20 / 100 g = $9.00
    await measured('L', '2.49', 1_333); // 1.333 L × $2.49 = $3.31917 → $3.32
    await measured('ml', '0.35', 1_500); // 1500 ml at $0.35 / 100 ml = $5.25
    await makeProduct(db.dataSource, { price: '8.75', stock: 4 }); // 4 packs = $35.00
    const after = await inventory.inventory.summary();
    expect(cents(after.totalStockValue) - cents(before.totalStockValue)).toBe(
      85283n + 900n + 332n + 525n + 3500n,
    );
  });

  it("equals an independent SQL sum and the order lines' rounding rule over every product", async () => {
    await measured('kg', '13.99', 1_234);
    const { totalStockValue } = await inventory.inventory.summary();
    // SQL on its own terms: the price basis from a table of units, not the service's CASE.
    const [sql]: { value: string }[] = await db.dataSource.query(
      `SELECT COALESCE(SUM(round(p.price * p.stock / COALESCE(b.basis, 1), 2)), 0)::numeric(20, 2)::text AS value
       FROM products p
       LEFT JOIN (VALUES ('kg', 1000), ('L', 1000), ('g', 100), ('ml', 100)) AS b(unit, basis)
         ON b.unit = p.measure_unit`,
    );
    expect(totalStockValue).toBe(sql!.value);
    // And the schema's rule for a line (quantity × price ÷ basis, rounded once), row by row.
    const rows: { price: string; stock: number; measure_unit: MeasureUnit | null }[] =
      await db.dataSource.query(`SELECT price::text AS price, stock, measure_unit FROM products`);
    const total = rows.reduce(
      (sum, row) => sum + BigInt(lineCents(Number(row.price.replace('.', '')), row.stock, row.measure_unit)),
      0n,
    );
    expect(BigInt(totalStockValue.replace('.', ''))).toBe(total);
  });
});

describe('inventory.history', () => {
  it('shows the ledger newest first with who and why', async () => {
    const product = await makeProduct(db.dataSource, { stock: 5 });
    await inventory.products.patch({ id: product.id, stock: 9, reason: 'Recount' });
    await inventory.products.patch({ id: product.id, stock: 4 });
    const history = await inventory.inventory.history({ productId: product.id });
    expect(
      history.map(({ quantityBefore, quantityAfter, change, reason, source, user }) => ({
        quantityBefore,
        quantityAfter,
        change,
        reason,
        source,
        who: user?.name,
      })),
    ).toEqual([
      {
        quantityBefore: 9,
        quantityAfter: 4,
        change: -5,
        reason: null,
        source: 'staff',
        who: 'Ivan Inventory',
      },
      {
        quantityBefore: 5,
        quantityAfter: 9,
        change: 4,
        reason: 'Recount',
        source: 'staff',
        who: 'Ivan Inventory',
      },
    ]);
    expect(await inventory.inventory.history({ productId: product.id, limit: 1 })).toHaveLength(1);
  });

  it('answers NOT_FOUND for an unknown product', async () => {
    const error = await failureOf(
      inventory.inventory.history({ productId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('recordStockMovements', () => {
  it('writes one row per moved product in the caller’s transaction, skipping unchanged levels', async () => {
    const a = await makeProduct(db.dataSource);
    const b = await makeProduct(db.dataSource);
    await db.dataSource.transaction(async (tx) => {
      await recordStockMovements(tx, [
        { productId: a.id, quantityBefore: 100, quantityAfter: 98, source: 'order' },
        { productId: b.id, quantityBefore: 100, quantityAfter: 100, source: 'order' },
      ]);
    });
    expect(
      await db.dataSource.query(`SELECT change, source FROM stock_movements WHERE product_id = ANY($1)`, [
        [a.id, b.id],
      ]),
    ).toEqual([{ change: -2, source: 'order' }]);
  });

  it('leaves nothing when the transaction rolls back', async () => {
    const a = await makeProduct(db.dataSource);
    await expect(
      db.dataSource.transaction(async (tx) => {
        await recordStockMovements(tx, [
          { productId: a.id, quantityBefore: 100, quantityAfter: 90, source: 'import' },
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.dataSource.query(`SELECT 1 FROM stock_movements WHERE product_id = $1`, [a.id])).toEqual(
      [],
    );
  });

  it('is refused by the database for a negative level or an unknown source', async () => {
    const a = await makeProduct(db.dataSource);
    await expect(
      recordStockMovements(db.dataSource.manager, [
        { productId: a.id, quantityBefore: 0, quantityAfter: -1, source: 'staff' },
      ]),
    ).rejects.toThrow(/stock_movements_quantities_check/);
    await expect(
      recordStockMovements(db.dataSource.manager, [
        { productId: a.id, quantityBefore: 0, quantityAfter: 1, source: 'gift' as never },
      ]),
    ).rejects.toThrow(/stock_movements_source_check/);
  });
});
