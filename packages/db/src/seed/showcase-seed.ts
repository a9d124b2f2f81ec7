/**
 * What makes the demo show the shop at work (issue 33 item 12), loaded with the demo data by
 * `pnpm start` (first start), `pnpm db:seed` and the e2e server, after the delivery zones:
 * - best-before lots on fresh goods, some expiring this week, so Inventory → Expiring soon and its
 *   markdowns have something to show (docs/stock-lots.md);
 * - a few orders of the demo customer in each state (pending and processing ones booked into the
 *   coming days' slots, so Admin → Picking has a day to pick), each line priced as placement
 *   prices it (`lineCents`: weighed goods by the kg), with their status history.
 *
 * Not part of the api tests' template database (packages/db/src/testing/test-database.ts seeds
 * the catalogue only): those tests count lots and orders of their own.
 *
 * Idempotent: the lots only while no demo lot exists, the orders only while the demo customer has
 * none; a lot never takes more than the product's stock no lot records (`products.stock` stays
 * the sellable stock, the lots are part of it).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { lineCents, centsToDecimal, toCents, type MeasureUnit } from '@shop/schema';

/** Batch codes of the demo's lots start with this: the seed's own mark. */
const DEMO_BATCH = 'DEMO-';

/** [sku, quantity in the product's base unit (grams for goods sold by weight), days until best before]. */
const LOTS: [sku: string, quantity: number, expiresInDays: number][] = [
  ['FP-STR-008', 20, 1],
  ['FP-STR-008', 30, 5],
  ['BK-SRD-001', 15, 1],
  ['BK-CRS-003', 20, 2],
  ['MS-SAL-001', 10_000, 2],
  ['MS-SAL-001', 15_000, 6],
  ['MS-COD-008', 10_000, 3],
  ['MS-CHK-002', 20_000, 4],
  ['DE-MLK-002', 40, 3],
  ['DE-MLK-002', 60, 9],
  ['DE-YOG-003', 9, 5],
  ['DE-MOZ-008', 20, 6],
  ['BV-OJC-002', 25, 5],
  ['FP-BAN-002', 60_000, 4],
  ['DE-EGG-001', 120, 12],
  ['DE-CHD-005', 10_000, 40],
];

interface DemoOrder {
  status: 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
  /** How long ago it was placed. */
  hoursAgo: number;
  paymentMethod: 'card' | 'cash_on_delivery' | 'bank_transfer';
  /** [sku, quantity in the product's base unit]. */
  lines: [sku: string, quantity: number][];
  /** Pending and processing orders: booked into the Local delivery slot this many days ahead, at this hour. */
  slot?: { inDays: number; start: string };
  notes?: string;
}

const ORDERS: DemoOrder[] = [
  {
    status: 'pending',
    hoursAgo: 1,
    paymentMethod: 'card',
    lines: [
      ['FP-BAN-002', 1000],
      ['DE-MLK-002', 1],
      ['BK-SRD-001', 1],
    ],
    slot: { inDays: 1, start: '09:00' },
    notes: 'Please ring the bell twice',
  },
  {
    status: 'pending',
    hoursAgo: 3,
    paymentMethod: 'cash_on_delivery',
    lines: [
      ['MS-SAL-001', 500],
      ['FP-TOM-004', 750],
      ['PN-SPG-002', 2],
    ],
    slot: { inDays: 1, start: '12:00' },
  },
  {
    status: 'processing',
    hoursAgo: 20,
    paymentMethod: 'card',
    lines: [
      ['FP-APL-001', 1500],
      ['DE-CHD-005', 300],
      ['CT-COL-001', 1],
    ],
    slot: { inDays: 1, start: '09:00' },
  },
  {
    status: 'processing',
    hoursAgo: 26,
    paymentMethod: 'bank_transfer',
    lines: [
      ['MS-RIB-004', 600],
      ['BV-SPW-001', 6],
    ],
    slot: { inDays: 2, start: '15:00' },
  },
  {
    status: 'shipped',
    hoursAgo: 50,
    paymentMethod: 'card',
    lines: [
      ['MS-COD-008', 500],
      ['PN-OIL-001', 1],
      ['FP-LEM-007', 1],
    ],
  },
  {
    status: 'delivered',
    hoursAgo: 6 * 24,
    paymentMethod: 'card',
    lines: [
      ['MS-CHK-002', 1000],
      ['PN-RIC-003', 1],
      ['CT-EBT-004', 2],
    ],
  },
  {
    status: 'delivered',
    hoursAgo: 12 * 24,
    paymentMethod: 'cash_on_delivery',
    lines: [
      ['SN-DCH-003', 3],
      ['DE-EGG-001', 1],
    ],
  },
  {
    status: 'cancelled',
    hoursAgo: 4 * 24,
    paymentMethod: 'card',
    lines: [['BV-LMN-005', 12]],
    notes: 'Ordered twice by mistake',
  },
];

/** The statuses an order went through to reach its own. */
const PATH: Record<DemoOrder['status'], DemoOrder['status'][]> = {
  pending: ['pending'],
  processing: ['pending', 'processing'],
  shipped: ['pending', 'processing', 'shipped'],
  delivered: ['pending', 'processing', 'shipped', 'delivered'],
  cancelled: ['pending', 'cancelled'],
};

const SHIPPING_ADDRESS = '42 Market Street, Springfield, IL 62701, US';
const HOUR_MS = 3_600_000;

/** 'YYYY-MM-DD' `days` from today (UTC, the shop's day: docs/delivery-slots.md). */
const dayIn = (days: number, now: Date) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function seedLots(tx: EntityManager, now: Date): Promise<number> {
  const [existing]: { n: number }[] = await tx.query(
    `SELECT count(*)::int AS n FROM stock_lots WHERE batch_code LIKE $1`,
    [`${DEMO_BATCH}%`],
  );
  if (existing!.n > 0) return 0;
  let added = 0;
  for (const [index, [sku, quantity, days]] of LOTS.entries()) {
    // At most what no lot records yet: the lots stay part of the product's sellable stock.
    const rows: unknown[] = await tx.query(
      `INSERT INTO stock_lots (product_id, quantity, received_quantity, expires_on, date_kind, batch_code, reason,
                               received_by, received_at)
       SELECT p.id, q.n, q.n, $3::date, 'best_before', $4, 'Demo delivery',
              (SELECT id FROM users WHERE email = 'inventory@example.com'), $5::timestamptz
       FROM products p,
            LATERAL (SELECT LEAST($2::int, p.stock - COALESCE((SELECT sum(l.quantity) FROM stock_lots l
                                                               WHERE l.product_id = p.id AND l.expired_at IS NULL), 0))::int AS n) q
       WHERE p.sku = $1 AND q.n > 0
       RETURNING id`,
      [
        sku,
        quantity,
        dayIn(days, now),
        `${DEMO_BATCH}${sku}-${index + 1}`,
        new Date(now.getTime() - 20 * HOUR_MS),
      ],
    );
    added += rows.length;
  }
  return added;
}

interface ProductRow {
  id: string;
  sku: string;
  price: string;
  measure_unit: MeasureUnit | null;
  weight_tolerance: number | null;
}

async function seedOrders(tx: EntityManager, now: Date): Promise<number> {
  const [customer]: { id: string; name: string }[] = await tx.query(
    `SELECT u.id, u.first_name || ' ' || u.last_name AS name FROM users u
     WHERE u.email = 'customer@example.com' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)`,
  );
  if (!customer) return 0;
  const [admin]: { id: string }[] = await tx.query(`SELECT id FROM users WHERE email = 'admin@example.com'`);
  const [settings]: { currency: string }[] = await tx.query(
    `SELECT currency FROM shop_settings WHERE id = 1`,
  );
  const currency = settings?.currency ?? 'USD';
  const skus = [...new Set(ORDERS.flatMap((order) => order.lines.map(([sku]) => sku)))];
  const products: ProductRow[] = await tx.query(
    `SELECT id, sku, price::text AS price, measure_unit, weight_tolerance FROM products WHERE sku = ANY($1)`,
    [skus],
  );
  const bySku = new Map(products.map((product) => [product.sku, product]));

  let added = 0;
  for (const order of ORDERS) {
    const lines = order.lines.flatMap(([sku, quantity]) => {
      const product = bySku.get(sku);
      return product
        ? [
            {
              product,
              quantity,
              cents: lineCents(toCents(product.price) ?? 0, quantity, product.measure_unit),
            },
          ]
        : [];
    });
    if (lines.length === 0) continue;
    const total = centsToDecimal(lines.reduce((sum, line) => sum + line.cents, 0));
    const createdAt = new Date(now.getTime() - order.hoursAgo * HOUR_MS);
    const slot = order.slot ? await slotOf(tx, dayIn(order.slot.inDays, now), order.slot.start) : null;
    const paymentStatus =
      order.status === 'pending'
        ? 'pending'
        : order.status === 'cancelled'
          ? 'cancelled'
          : order.status === 'delivered' || order.paymentMethod !== 'cash_on_delivery'
            ? 'paid'
            : 'pending';
    const [placed]: { id: string }[] = await tx.query(
      `INSERT INTO orders (user_id, status, payment_method, payment_status, total, currency, shipping_address,
                           estimated_delivery, notes, card_holder_name, card_last_four, bank_name, bank_account_number,
                           delivery_slot_template_id, delivery_slot_date, delivery_slot_start, delivery_slot_end,
                           created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::numeric, $6, $7, COALESCE($15::timestamptz, $14::timestamptz + interval '3 days'),
               $8, $9, $10, $11, $12, $13, $16::date, $15::timestamptz, $17::timestamptz, $14::timestamptz, $14::timestamptz)
       RETURNING id`,
      [
        customer.id,
        order.status,
        order.paymentMethod,
        paymentStatus,
        total,
        currency,
        SHIPPING_ADDRESS,
        order.notes ?? null,
        order.paymentMethod === 'card' ? customer.name : null,
        order.paymentMethod === 'card' ? '4242' : null,
        order.paymentMethod === 'bank_transfer' ? 'First National Bank' : null,
        order.paymentMethod === 'bank_transfer' ? 'US00012345678' : null,
        slot?.templateId ?? null,
        createdAt,
        slot?.start ?? null,
        slot?.date ?? null,
        slot?.end ?? null,
      ],
    );
    for (const line of lines) {
      await tx.query(
        `INSERT INTO order_items (order_id, product_id, quantity, price, measure_unit, weight_tolerance, created_at)
         VALUES ($1, $2, $3, $4::numeric, $5, $6, $7)`,
        [
          placed!.id,
          line.product.id,
          line.quantity,
          line.product.price,
          line.product.measure_unit,
          line.product.weight_tolerance,
          createdAt,
        ],
      );
    }
    if (slot) {
      await tx.query(
        `INSERT INTO delivery_slots AS s (template_id, slot_date, booked) VALUES ($1, $2::date, 1)
         ON CONFLICT (template_id, slot_date) DO UPDATE SET booked = s.booked + 1`,
        [slot.templateId, slot.date],
      );
    }
    const path = PATH[order.status];
    for (let step = 1; step < path.length; step++) {
      await tx.query(
        `INSERT INTO order_status_history (order_id, from_status, to_status, changed_by, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          placed!.id,
          path[step - 1],
          path[step],
          admin?.id ?? null,
          new Date(createdAt.getTime() + ((order.hoursAgo * HOUR_MS) / path.length) * step),
        ],
      );
    }
    added += 1;
  }
  return added;
}

/** The Local delivery zone's slot on `date` starting at `start`, when staff have not changed it. */
async function slotOf(
  tx: EntityManager,
  date: string,
  start: string,
): Promise<{ templateId: string; date: string; start: string; end: string } | null> {
  const [row]: { id: string; start: string; end: string }[] = await tx.query(
    `SELECT t.id, (($2::date + t.start_time) AT TIME ZONE 'UTC')::text AS start,
            (($2::date + t.end_time) AT TIME ZONE 'UTC')::text AS end
     FROM delivery_slot_templates t JOIN delivery_zones z ON z.id = t.zone_id
     WHERE z.name = 'Local delivery' AND t.weekday = extract(dow FROM $2::date) AND t.start_time = $1::time
     LIMIT 1`,
    [start, date],
  );
  return row ? { templateId: row.id, date, start: row.start, end: row.end } : null;
}

export async function seedShowcase(
  dataSource: DataSource,
  now = new Date(),
): Promise<{ lots: number; orders: number }> {
  return dataSource.transaction(async (tx) => ({
    lots: await seedLots(tx, now),
    orders: await seedOrders(tx, now),
  }));
}
