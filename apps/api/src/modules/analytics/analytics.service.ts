/**
 * Admin → Analytics (issue 19 item 5; the definitions are in @shop/schema analytics.ts). Every
 * number is one SQL aggregate over the daily rollup of the range's days (analytics_daily_orders per
 * day and status, analytics_daily_products per day and product; kept exact by triggers in the
 * transaction of every order change: packages/db/src/migrations/1766600000000-analytics-rollup.ts),
 * so a range costs its days, not its orders (docs/benchmarks.md, "Analytics").
 *
 * The queries run one after another on the request's connection: the embedded database has exactly
 * one, and on PostgreSQL a burst of seven connections per screen would only queue behind the pool.
 */
import { stringify } from 'csv-stringify/sync';
import {
  ANALYTICS_TOP,
  neutraliseCsvFormula,
  ORDER_STATUSES,
  centsToDecimal,
  toCents,
  type AnalyticsBucket,
  type AnalyticsDto,
  type AnalyticsInput,
} from '@shop/schema';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';

type Query = z.output<typeof AnalyticsInput>;

/** The half-open UTC range [from 00:00, the day after `to` 00:00). */
export function rangeBounds(from: string, to: string): [string, string] {
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return [`${from}T00:00:00Z`, end.toISOString()];
}

const TRUNC: Record<AnalyticsBucket, string> = { day: 'day', week: 'week', month: 'month' };

interface RevenueRow {
  period: string;
  orders: number;
  placed: string;
  delivered: string;
}

/** A sum of cents as a decimal string with 2 places ('0.00' for none). */
const money = (cents: string) => `(COALESCE(${cents}, 0) / 100.0)::numeric(16,2)::text`;

export async function salesAnalytics(ctx: ServiceContext, input: Query): Promise<AnalyticsDto> {
  // Whole UTC days, `from` to `to` inclusive: the grain of the daily rollup.
  const range = [input.from, input.to];
  const bucket = TRUNC[input.bucket];
  const db = ctx.db;

  // Periods of the range, empty ones included, each with its placed and delivered revenue.
  const revenue: RevenueRow[] = await db.query(
    `WITH periods AS (
       SELECT generate_series(date_trunc('${bucket}', $1::date::timestamp),
                              date_trunc('${bucket}', $2::date::timestamp),
                              interval '1 ${bucket}') AS period
     ),
     sums AS (
       SELECT date_trunc('${bucket}', day::timestamp) AS period,
              SUM(orders) FILTER (WHERE status <> 'cancelled')::int AS orders,
              ${money(`SUM(revenue_cents) FILTER (WHERE status <> 'cancelled')`)} AS placed,
              ${money(`SUM(revenue_cents) FILTER (WHERE status = 'delivered')`)} AS delivered
       FROM analytics_daily_orders
       WHERE day >= $1 AND day <= $2
       GROUP BY 1
     )
     SELECT to_char(p.period, 'YYYY-MM-DD') AS period, COALESCE(s.orders, 0) AS orders,
            COALESCE(s.placed, '0.00') AS placed, COALESCE(s.delivered, '0.00') AS delivered
     FROM periods p LEFT JOIN sums s ON s.period = p.period
     ORDER BY p.period`,
    range,
  );

  // Orders by status with their sums: the totals are read from these rows.
  const statusRows: { status: string; count: number; revenue: string }[] = await db.query(
    `SELECT status, SUM(orders)::int AS count, ${money('SUM(revenue_cents)')} AS revenue
     FROM analytics_daily_orders
     WHERE day >= $1 AND day <= $2 GROUP BY status HAVING SUM(orders) > 0`,
    range,
  );
  const byStatus = new Map(statusRows.map((row) => [row.status, row]));
  const placedRows = statusRows.filter((row) => row.status !== 'cancelled');
  const placedOrders = placedRows.reduce((sum, row) => sum + row.count, 0);
  const placedCents = placedRows.reduce((sum, row) => sum + toCents(row.revenue)!, 0);

  // The range's (not cancelled) order lines, summed per product once (materialised) from the daily
  // rollup. Each top list is cut in SQL, so only its rows leave the database: the products ahead
  // (ties at the last place included) get their names, and only those are sorted by name. The
  // categories are the products' current ones (the rollup follows a product's move).
  const tops: {
    list: 'revenue' | 'units' | 'category';
    id: string | null;
    name: string | null;
    revenue: string;
    units: number;
  }[] = await db.query(
    `WITH lines AS MATERIALIZED (
       SELECT product_id, category_id, SUM(units)::int AS units, SUM(revenue_cents)::bigint AS revenue
       FROM analytics_daily_products
       WHERE day >= $1 AND day <= $2
       GROUP BY product_id, category_id HAVING SUM(units) > 0
     ),
     by_revenue AS (
       SELECT 1 AS list_order, 'revenue' AS list, l.product_id AS id, p.name, l.revenue, l.units,
              row_number() OVER (ORDER BY l.revenue DESC, p.name, l.product_id) AS place
       FROM (SELECT * FROM lines ORDER BY revenue DESC FETCH FIRST $3 ROWS WITH TIES) l
       JOIN products p ON p.id = l.product_id
       ORDER BY place LIMIT $3
     ),
     by_units AS (
       SELECT 2 AS list_order, 'units' AS list, l.product_id AS id, p.name, l.revenue, l.units,
              row_number() OVER (ORDER BY l.units DESC, p.name, l.product_id) AS place
       FROM (SELECT * FROM lines ORDER BY units DESC FETCH FIRST $3 ROWS WITH TIES) l
       JOIN products p ON p.id = l.product_id
       ORDER BY place LIMIT $3
     ),
     categories_sold AS (
       SELECT category_id, SUM(revenue) AS revenue, SUM(units)::int AS units FROM lines GROUP BY category_id
     ),
     by_category AS (
       SELECT 3 AS list_order, 'category' AS list, s.category_id AS id, c.name, s.revenue, s.units,
              row_number() OVER (ORDER BY s.revenue DESC, c.name) AS place
       FROM categories_sold s LEFT JOIN categories c ON c.id = s.category_id
       ORDER BY place LIMIT $3
     )
     SELECT list, id, name, ${money('revenue')} AS revenue, units
     FROM (SELECT * FROM by_revenue UNION ALL SELECT * FROM by_units UNION ALL SELECT * FROM by_category) t
     ORDER BY list_order, place`,
    [...range, ANALYTICS_TOP],
  );

  const [stock]: { low: number; out: number }[] = await db.query(
    `SELECT count(*) FILTER (WHERE stock > 0 AND stock <= low_stock_threshold)::int AS low,
            count(*) FILTER (WHERE stock <= 0)::int AS out
     FROM products WHERE is_active`,
  );

  const product = (row: (typeof tops)[number]) => ({
    productId: row.id!,
    name: row.name ?? '',
    revenue: row.revenue,
    units: row.units,
  });
  const topCategories = tops
    .filter((row) => row.list === 'category')
    .map((row) => ({
      categoryId: row.id,
      name: row.name ?? 'Uncategorized',
      revenue: row.revenue,
      units: row.units,
    }));

  const orders = statusRows.reduce((sum, row) => sum + row.count, 0);
  return {
    from: input.from,
    to: input.to,
    bucket: input.bucket,
    totals: {
      orders,
      placedOrders,
      cancelledOrders: byStatus.get('cancelled')?.count ?? 0,
      placedRevenue: centsToDecimal(placedCents),
      deliveredRevenue: byStatus.get('delivered')?.revenue ?? '0.00',
      // Rounded half up to the cent, as PostgreSQL's numeric rounding would.
      averageOrderValue: centsToDecimal(placedOrders ? Math.round(placedCents / placedOrders) : 0),
    },
    revenue,
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: byStatus.get(status)?.count ?? 0 })),
    topProductsByRevenue: tops.filter((row) => row.list === 'revenue').map(product),
    topProductsByUnits: tops.filter((row) => row.list === 'units').map(product),
    topCategories,
    stock: { lowStock: stock?.low ?? 0, outOfStock: stock?.out ?? 0 },
  };
}

/** The columns of the orders CSV export, in order. */
export const ORDERS_CSV_COLUMNS = [
  'order_number',
  'order_id',
  'placed_at',
  'status',
  'customer_email',
  'items',
  'units',
  'total',
  'payment_method',
] as const;

/**
 * The orders placed in the range as CSV (oldest first), cancelled ones included with their status.
 * Text cells pass through the formula neutraliser (OWASP CSV injection), as the product export's do.
 */
export async function exportOrdersCsv(db: ServiceContext['db'], range: { from: string; to: string }) {
  const [start, end] = rangeBounds(range.from, range.to);
  const rows: Record<(typeof ORDERS_CSV_COLUMNS)[number], string | number>[] = await db.query(
    `SELECT left(o.id::text, 8) AS order_number, o.id AS order_id,
            to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS placed_at,
            o.status, u.email AS customer_email,
            (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items,
            (SELECT COALESCE(SUM(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS units,
            o.total::text AS total, o.payment_method
     FROM orders o JOIN users u ON u.id = o.user_id
     WHERE o.created_at >= $1 AND o.created_at < $2
     ORDER BY o.created_at, o.id`,
    [start, end],
  );
  return stringify(rows, {
    header: true,
    columns: [...ORDERS_CSV_COLUMNS],
    cast: { string: neutraliseCsvFormula },
  });
}
