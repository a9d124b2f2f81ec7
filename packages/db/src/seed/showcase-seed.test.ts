/**
 * The demo shows the shop (issue 33 item 12): weighed goods sold by weight, packs with a net
 * content, category pictures shipped as files, lots with best-before dates some of which expire
 * this week, a zone with slots and the demo customer's orders in each state, priced as placement
 * prices them; loading it all again adds nothing.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineCents, toCents, unitPriceOf, type MeasureUnit } from '@shop/schema';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { seedDeliveryZones } from './delivery-seed';
import { seedShowcase } from './showcase-seed';

const WEB_PUBLIC = fileURLToPath(new URL('../../../../apps/web/public', import.meta.url));
const NOW = new Date();
const dayIn = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10);

let db: TestDatabase;
let first: { lots: number; orders: number };

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 2 });
  await seedDeliveryZones(db.dataSource);
  first = await seedShowcase(db.dataSource, NOW);
});

afterAll(async () => {
  await db?.drop();
});

describe('the demo catalogue', () => {
  it('sells the goods priced per kg by weight, in grams, from a minimum', async () => {
    const rows: {
      name: string;
      sold_by: string;
      measure_unit: string;
      min_quantity: number;
      unit: string;
    }[] = await db.dataSource.query(
      `SELECT name, sold_by, measure_unit, min_quantity, unit FROM products
         WHERE name IN ('Fairtrade Bananas', 'Organic Gala Apples', 'Dry-Aged Ribeye Steak', 'MSC Cod Loin')`,
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row, row.name).toMatchObject({ sold_by: 'measure', measure_unit: 'kg' });
    expect(rows.every((row) => row.min_quantity >= 250)).toBe(true);
    // Nothing priced "/ kg" on its card is still sold as pieces.
    expect(
      await db.dataSource.query(`SELECT name FROM products WHERE unit = 'kg' AND sold_by <> 'measure'`),
    ).toEqual([]);
  });

  it('gives packs their net content, so they show a unit price', async () => {
    const [tomatoes] = await db.dataSource.query(
      `SELECT price::text AS price, net_content, net_content_unit FROM products WHERE sku = 'PN-TOM-004'`,
    );
    expect(tomatoes).toMatchObject({ net_content: 400, net_content_unit: 'g' });
    const unit = unitPriceOf(toCents(tomatoes.price)!, {
      measureUnit: null,
      netContent: tomatoes.net_content,
      netContentUnit: tomatoes.net_content_unit,
    });
    expect(unit).toEqual({ cents: 238, per: 'kg' }); // $0.95 for 400 g
    const [{ n }] = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM products WHERE net_content IS NOT NULL`,
    );
    expect(n).toBeGreaterThanOrEqual(20);
  });

  it('has a picture file for every category, no emoji', async () => {
    const categories: { name: string; image_url: string | null }[] = await db.dataSource.query(
      `SELECT name, image_url FROM categories`,
    );
    expect(categories).toHaveLength(8);
    for (const category of categories) {
      expect(category.image_url, category.name).toMatch(/^\/products\/categories\/[a-z-]+\.svg$/);
      expect(existsSync(WEB_PUBLIC + category.image_url!), category.image_url!).toBe(true);
    }
  });
});

describe('the showcase', () => {
  it('has lots with best-before dates, some expiring this week, within each product’s stock', async () => {
    expect(first.lots).toBeGreaterThanOrEqual(10);
    const [{ week }] = await db.dataSource.query(
      `SELECT count(*)::int AS week FROM stock_lots
       WHERE expired_at IS NULL AND quantity > 0 AND expires_on BETWEEN $1::date AND $2::date`,
      [dayIn(0), dayIn(7)],
    );
    expect(week).toBeGreaterThanOrEqual(5);
    expect(
      await db.dataSource.query(
        `SELECT p.sku FROM products p JOIN stock_lots l ON l.product_id = p.id AND l.expired_at IS NULL
         GROUP BY p.id, p.sku, p.stock HAVING sum(l.quantity) > p.stock`,
      ),
    ).toEqual([]);
  });

  it('has the demo customer’s orders in each state, priced as placement prices them', async () => {
    expect(first.orders).toBe(8);
    const orders: { id: string; status: string; total: string; subtotal: string }[] =
      await db.dataSource.query(
        `SELECT o.id, o.status, o.total::text AS total, o.subtotal::text AS subtotal FROM orders o
       JOIN users u ON u.id = o.user_id WHERE u.email = 'customer@example.com'`,
      );
    expect(new Set(orders.map((order) => order.status))).toEqual(
      new Set(['pending', 'processing', 'shipped', 'delivered', 'cancelled']),
    );
    for (const order of orders) {
      const lines: { price: string; quantity: number; measure_unit: MeasureUnit | null }[] =
        await db.dataSource.query(
          `SELECT price::text AS price, quantity, measure_unit FROM order_items WHERE order_id = $1`,
          [order.id],
        );
      const cents = lines.reduce(
        (sum, line) => sum + lineCents(toCents(line.price)!, line.quantity, line.measure_unit),
        0,
      );
      expect(toCents(order.total), order.status).toBe(cents);
      expect(order.subtotal).toBe(order.total);
    }
    // 1 kg of bananas at the per-kg price, not 1000 bananas.
    const [bananas] = await db.dataSource.query(
      `SELECT i.quantity, i.measure_unit FROM order_items i WHERE i.product_name = 'Fairtrade Bananas'`,
    );
    expect(bananas).toEqual({ quantity: 1000, measure_unit: 'kg' });
  });

  it('books the pending and processing orders into the zone’s coming slots', async () => {
    const slotted: { n: number }[] = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM orders WHERE status IN ('pending', 'processing')
         AND delivery_slot_template_id IS NOT NULL AND delivery_slot_date > $1::date`,
      [dayIn(0)],
    );
    expect(slotted[0]!.n).toBe(4);
    const [{ booked }] = await db.dataSource.query(
      `SELECT COALESCE(sum(booked), 0)::int AS booked FROM delivery_slots`,
    );
    expect(booked).toBe(4);
  });

  it('adds nothing when loaded again', async () => {
    const count = async () =>
      (
        await db.dataSource.query(
          `SELECT (SELECT count(*) FROM stock_lots)::int AS lots, (SELECT count(*) FROM orders)::int AS orders,
                  (SELECT COALESCE(sum(booked), 0) FROM delivery_slots)::int AS booked`,
        )
      )[0];
    const before = await count();
    expect(await seedDeliveryZones(db.dataSource)).toEqual({ zones: 0 });
    expect(await seedShowcase(db.dataSource, NOW)).toEqual({ lots: 0, orders: 0 });
    expect(await count()).toEqual(before);
  });
});
